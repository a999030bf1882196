import type { PublicUser, SessionTokens } from "@vaki/contract/accounts";
import { create } from "zustand";
import { readStored, readStoredJson, writeStored, writeStoredJson } from "./storage";

/** Local storage keys of the session (R-ORD-3 "User session"). */
export const SESSION_KEYS = {
  token: "token",
  refreshToken: "refreshToken",
  expiresAt: "sessionExpiry",
  user: "user",
} as const;

export interface Session {
  accessToken: string;
  refreshToken: string;
  /** ISO time the session ends (8 hours after login, R-ORD-4). */
  expiresAt: string;
  user: PublicUser;
}

interface SessionState {
  session: Session | null;
  /** Stores a new or refreshed session (login, register, refresh). */
  setSession: (tokens: SessionTokens) => void;
  /** Forgets tokens and user (logout, failed refresh, expiry). */
  clearSession: (options?: { byLogout?: boolean }) => void;
  /**
   * The shopper ended the session with Logout: a login guard then sends them home without asking
   * to log in again (the next person on the device would land on the guarded page). Cleared by
   * the next login and when the guarded page is left.
   */
  loggedOut: boolean;
  forgetLogout: () => void;
  /**
   * Logout has been pressed and its call is under way: a request of the session that fails
   * meanwhile (its refresh token revoked by that very call) ends the session as the Logout, not
   * as an expiry that asks to log in again.
   */
  loggingOut: boolean;
  setLoggingOut: (loggingOut: boolean) => void;
  /** Keeps the stored user in step with a profile change (name, mobile) so the header shows it. */
  updateUser: (changes: Partial<Omit<PublicUser, "id">>) => void;
}

/** R-ORD-5 — an auth token is three non-empty dot-separated parts. */
export function isTokenShaped(token: unknown): token is string {
  if (typeof token !== "string") return false;
  const parts = token.split(".");
  return parts.length === 3 && parts.every((part) => part.length > 0);
}

function isUserShaped(user: unknown): user is PublicUser {
  return typeof user === "object" && user !== null && typeof (user as PublicUser).id === "string";
}

/** Restores the stored session when it is well-formed and has not expired (start-up, R-ORD-4). */
export function restoreSession(now: number = Date.now()): Session | null {
  const accessToken = readStored(SESSION_KEYS.token);
  const refreshToken = readStored(SESSION_KEYS.refreshToken);
  const expiresAt = readStored(SESSION_KEYS.expiresAt);
  const user = readStoredJson<unknown>(SESSION_KEYS.user);
  const expiry = expiresAt ? Date.parse(expiresAt) : Number.NaN;
  if (!isTokenShaped(accessToken) || !refreshToken || !isUserShaped(user) || !(expiry > now)) {
    persist(null);
    return null;
  }
  return { accessToken, refreshToken, expiresAt: expiresAt as string, user };
}

function persist(session: Session | null): void {
  writeStored(SESSION_KEYS.token, session?.accessToken ?? null);
  writeStored(SESSION_KEYS.refreshToken, session?.refreshToken ?? null);
  writeStored(SESSION_KEYS.expiresAt, session?.expiresAt ?? null);
  writeStoredJson(SESSION_KEYS.user, session?.user ?? null);
}

export const useSessionStore = create<SessionState>()((set, get) => ({
  session: null,
  setSession: (tokens) => {
    const session: Session = {
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      expiresAt: tokens.expiresAt,
      user: tokens.user,
    };
    persist(session);
    set({ session, loggedOut: false, loggingOut: false });
  },
  clearSession: (options) => {
    persist(null);
    const { session, loggedOut, loggingOut } = get();
    // A request of the old session failing after the Logout (nothing left to clear) keeps its mark.
    const stillLoggedOut = session === null && loggedOut;
    set({ session: null, loggedOut: options?.byLogout === true || loggingOut || stillLoggedOut });
  },
  loggedOut: false,
  loggingOut: false,
  setLoggingOut: (loggingOut) => set({ loggingOut }),
  forgetLogout: () => {
    if (get().loggedOut) set({ loggedOut: false });
  },
  updateUser: (changes) => {
    const current = get().session;
    if (!current) return;
    const session: Session = { ...current, user: { ...current.user, ...changes } };
    persist(session);
    set({ session });
  },
}));

/** The logged-in user, or null for a guest. */
export function useCurrentUser(): PublicUser | null {
  return useSessionStore((state) => state.session?.user ?? null);
}

export function useIsLoggedIn(): boolean {
  return useSessionStore((state) => state.session !== null);
}

export function currentSession(): Session | null {
  return useSessionStore.getState().session;
}
