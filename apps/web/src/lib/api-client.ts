/**
 * The one HTTP client of the storefront (R-ORD-4, R-ORD-7, R-ORD-9): bearer token,
 * cookies, CSRF header on auth calls, timeouts, refresh on 401 (at most twice), one CSRF retry,
 * guest session id, and the spec's network error texts. Components never call fetch; feature
 * API modules call these functions.
 */
import type { SessionTokens } from "@vaki/contract/accounts";
import type { FieldErrors } from "@vaki/contract/envelope";
import { ApiError } from "./api-error";
import { guestSessionId, peekGuestSessionId } from "./guest-session";
import { currentSession, useSessionStore } from "./session-store";
import { readStored, writeStored } from "./storage";

export const API_BASE = "/api";

/** R-ORD-9. */
export const REQUEST_TIMEOUT_MS = 180_000;
export const CSRF_TIMEOUT_MS = 30_000;
export const MAX_REFRESH_ATTEMPTS = 2;

/** R-ORD-8 "Session and network". */
export const networkMessages = {
  network: "Network error - please check your connection",
  timeout: "Request timed out. Please try again.",
  fallback: "An error occurred",
} as const;

const CSRF_STORAGE_KEY = "csrfToken";
const CSRF_COOKIE = "csrf_token";
/** R-ORD-5 — at least 10 letters, digits, underscores or hyphens. */
const CSRF_SHAPE = /^[A-Za-z0-9_-]{10,}$/;

export interface ApiRequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Serialised as JSON. */
  body?: unknown;
  /** Raw bytes sent as they are (a photo), under their own Content-Type; instead of `body`. */
  file?: Blob;
  /** Query parameters; undefined and null values are left out. */
  query?: Record<string, string | number | boolean | null | undefined>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * Identify a guest by the guest session id header (created on first need) when nobody is
   * logged in: carts, orders and checkout of guests.
   */
  asGuest?: boolean;
}

interface Envelope {
  success: boolean;
  message?: unknown;
  data?: unknown;
  error?: unknown;
  fieldErrors?: unknown;
}

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === "object" && value !== null && typeof (value as Envelope).success === "boolean";
}

/** Calls that must not carry the bearer token (R-ORD-7: login, register, csrf). */
function isAnonymousCall(path: string): boolean {
  return /^\/auth\/(login|register|csrfToken)\b/.test(path);
}

/** Auth calls carry the CSRF header (R-ORD-7). */
function isAuthCall(path: string): boolean {
  return path.startsWith("/auth/") && !path.startsWith("/auth/csrfToken");
}

// ---------------------------------------------------------------------------------------------
// CSRF token

let csrfToken: string | null = null;
let csrfInFlight: Promise<string | null> | null = null;

function readCsrfCookie(): string | null {
  const match = document.cookie.split("; ").find((part) => part.startsWith(`${CSRF_COOKIE}=`));
  return match ? decodeURIComponent(match.slice(CSRF_COOKIE.length + 1)) : null;
}

function knownCsrfToken(): string | null {
  const candidate = csrfToken ?? readStored(CSRF_STORAGE_KEY) ?? readCsrfCookie();
  return candidate && CSRF_SHAPE.test(candidate) ? candidate : null;
}

/** Forgets the known CSRF token (a CSRF 403, or a test starting clean). */
export function dropCsrfToken(): void {
  csrfToken = null;
  writeStored(CSRF_STORAGE_KEY, null);
}

function pickCsrf(data: unknown): string | null {
  if (typeof data !== "object" || data === null) return null;
  const record = data as Record<string, unknown>;
  for (const key of ["csrfToken", "token", "csrf_token"]) {
    const value = record[key];
    if (typeof value === "string" && CSRF_SHAPE.test(value)) return value;
  }
  return null;
}

/** Fetches a fresh CSRF token (30 s timeout); null when the server cannot give one. */
export function fetchCsrfToken(): Promise<string | null> {
  csrfInFlight ??= (async () => {
    try {
      const response = await send(`/auth/csrfToken?timestamp=${Date.now()}`, { method: "GET" }, CSRF_TIMEOUT_MS);
      const payload = await readJson(response);
      const token = isEnvelope(payload) ? (pickCsrf(payload.data) ?? pickCsrf(payload)) : null;
      csrfToken = token;
      writeStored(CSRF_STORAGE_KEY, token);
      return token;
    } catch {
      return null;
    } finally {
      csrfInFlight = null;
    }
  })();
  return csrfInFlight;
}

/** Start-up: fetch a CSRF token only when none is known (R-ORD-4). */
export async function ensureCsrfToken(): Promise<string | null> {
  return knownCsrfToken() ?? fetchCsrfToken();
}

// ---------------------------------------------------------------------------------------------
// Session refresh

type SessionClearedListener = () => void;
const sessionClearedListeners = new Set<SessionClearedListener>();

/** Called when a failed refresh ends the session (the cart feature drops its cached cart). */
export function onSessionCleared(listener: SessionClearedListener): () => void {
  sessionClearedListeners.add(listener);
  return () => sessionClearedListeners.delete(listener);
}

function endSession(): void {
  useSessionStore.getState().clearSession();
  for (const listener of sessionClearedListeners) listener();
}

let refreshInFlight: Promise<boolean> | null = null;

/** Trades the refresh token for a new session; false when the session is over. */
function refreshSession(): Promise<boolean> {
  refreshInFlight ??= (async () => {
    const refreshToken = currentSession()?.refreshToken;
    if (!refreshToken) return false;
    try {
      const tokens = await request<SessionTokens>(
        "/auth/refresh",
        {
          method: "POST",
          body: { refreshToken },
        },
        { allowRefresh: false },
      );
      useSessionStore.getState().setSession(tokens);
      return true;
    } catch {
      return false;
    } finally {
      refreshInFlight = null;
    }
  })();
  return refreshInFlight;
}

// ---------------------------------------------------------------------------------------------
// Requests

function buildUrl(path: string, query: ApiRequestOptions["query"]): string {
  const url = `${API_BASE}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  }
  const text = params.toString();
  if (!text) return url;
  return `${url}${url.includes("?") ? "&" : "?"}${text}`;
}

/**
 * How calls reach the API: the browser's fetch, or, while the server renders a page
 * (entry-server.tsx), the server's own in-process answer to the same request.
 */
let transport: (url: string, init: RequestInit) => Promise<Response> = (url, init) => fetch(url, init);

export function setApiTransport(send: (url: string, init: RequestInit) => Promise<Response>): void {
  transport = send;
}

async function send(url: string, init: RequestInit, timeoutMs: number, signal?: AbortSignal): Promise<Response> {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), timeoutMs);
  const onAbort = () => timeout.abort();
  signal?.addEventListener("abort", onAbort, { once: true });
  try {
    return await transport(url.startsWith("/api") ? url : `${API_BASE}${url}`, { ...init, signal: timeout.signal });
  } catch (error) {
    if (signal?.aborted) throw signal.reason ?? new DOMException("Aborted", "AbortError");
    if (timeout.signal.aborted) throw new ApiError(0, networkMessages.timeout, { kind: "Timeout" });
    throw new ApiError(0, networkMessages.network, { kind: "Network", data: error });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
  }
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

interface Attempt {
  allowRefresh: boolean;
  refreshes: number;
  csrfRetried: boolean;
}

async function request<T>(path: string, options: ApiRequestOptions, attemptIn: Partial<Attempt> = {}): Promise<T> {
  const attempt: Attempt = { allowRefresh: true, refreshes: 0, csrfRetried: false, ...attemptIn };
  const { method = "GET", body, file, query, headers, signal, asGuest } = options;
  const session = currentSession();
  const finalHeaders: Record<string, string> = { Accept: "application/json", ...headers };
  if (body !== undefined) finalHeaders["Content-Type"] = "application/json";
  if (file) finalHeaders["Content-Type"] = file.type || "application/octet-stream";
  if (session && !isAnonymousCall(path)) finalHeaders.Authorization = `Bearer ${session.accessToken}`;
  if (!session && asGuest) finalHeaders["X-Guest-Session-Id"] = guestSessionId();
  if (isAuthCall(path) || isAnonymousCall(path)) {
    const token = path.startsWith("/auth/csrfToken") ? null : (knownCsrfToken() ?? (await fetchCsrfToken()));
    if (token) finalHeaders["X-CSRF-Token"] = token;
  }

  const init: RequestInit = { method, credentials: "include", headers: finalHeaders };
  if (body !== undefined) init.body = JSON.stringify(body);
  else if (file) init.body = file;
  const response = await send(buildUrl(path, query), init, REQUEST_TIMEOUT_MS, signal);
  const payload = await readJson(response);

  if (response.status === 401 && session && attempt.allowRefresh && !isAnonymousCall(path)) {
    if (attempt.refreshes < MAX_REFRESH_ATTEMPTS && (await refreshSession())) {
      return request<T>(path, options, { ...attempt, refreshes: attempt.refreshes + 1 });
    }
    endSession();
  }

  const message = isEnvelope(payload) && typeof payload.message === "string" ? payload.message : "";
  if (response.status === 403 && /csrf/i.test(message) && !attempt.csrfRetried) {
    dropCsrfToken();
    await fetchCsrfToken();
    return request<T>(path, options, { ...attempt, csrfRetried: true });
  }

  if (!isEnvelope(payload)) {
    if (response.ok) throw new ApiError(response.status, networkMessages.fallback, { kind: "BadResponse" });
    throw new ApiError(response.status, networkMessages.fallback, { kind: response.status >= 500 ? "Server" : "" });
  }
  if (!response.ok || !payload.success) {
    throw new ApiError(response.status, message || networkMessages.fallback, {
      data: payload.data,
      kind: typeof payload.error === "string" ? payload.error : "",
      fieldErrors: (payload.fieldErrors as FieldErrors | undefined) ?? {},
    });
  }
  return payload.data as T;
}

/** Calls `/api{path}`, unwraps `{ success, message, data }` and returns `data`; throws ApiError. */
export function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  return request<T>(path, options);
}

export function apiGet<T>(path: string, options: Omit<ApiRequestOptions, "method" | "body"> = {}): Promise<T> {
  return request<T>(path, { ...options, method: "GET" });
}

export function apiPost<T>(
  path: string,
  body?: unknown,
  options: Omit<ApiRequestOptions, "method" | "body"> = {},
): Promise<T> {
  return request<T>(path, { ...options, method: "POST", body: body ?? {} });
}

/** POSTs a file's bytes (a photo) to `/api{path}` and returns the envelope's `data`; throws ApiError. */
export function apiUpload<T>(
  path: string,
  file: Blob,
  options: Omit<ApiRequestOptions, "method" | "body" | "file"> = {},
): Promise<T> {
  return request<T>(path, { ...options, method: "POST", file });
}

/**
 * A file (a PDF) from `/api{path}` with the signed-in session's bearer token, or the guest's
 * session header; an error answer's message becomes an ApiError. (No refresh retry: the caller's
 * page has just read the order with the same token.)
 */
export async function apiDownload(
  path: string,
  options: Pick<ApiRequestOptions, "query" | "asGuest"> = {},
): Promise<Blob> {
  const session = currentSession();
  const headers: Record<string, string> = {};
  if (session) headers.Authorization = `Bearer ${session.accessToken}`;
  else if (options.asGuest) headers["X-Guest-Session-Id"] = guestSessionId();
  const response = await send(buildUrl(path, options.query), { headers, credentials: "include" }, REQUEST_TIMEOUT_MS);
  if (response.ok) return response.blob();
  const payload = await readJson(response);
  const message = isEnvelope(payload) && typeof payload.message === "string" ? payload.message : "";
  throw new ApiError(response.status, message || networkMessages.fallback, { kind: "" });
}

/**
 * Who the caller is, as the spec's calls name it in bodies and queries: the user's id, or the
 * guest session id (created on first need) when nobody is logged in.
 */
export function callerIdentity(): { userId?: string; guestSessionId?: string } {
  const session = currentSession();
  return session ? { userId: session.user.id } : { guestSessionId: guestSessionId() };
}

/** The guest session id if this browser already has one (never creates it). */
export { peekGuestSessionId };
