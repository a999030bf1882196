import { readStored, writeStored } from "./storage";

/** R-ORD-3 — the guest's id lives in local storage under this key. */
export const GUEST_SESSION_KEY = "guestSessionId";

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

function randomUuid(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The guest's session id if one exists (never creates one). */
export function peekGuestSessionId(): string | null {
  const stored = readStored(GUEST_SESSION_KEY);
  return stored && UUID_V4.test(stored) ? stored : null;
}

/** The guest's session id, created (a random v4 UUID) on first need. */
export function guestSessionId(): string {
  const existing = peekGuestSessionId();
  if (existing) return existing;
  const created = randomUuid();
  writeStored(GUEST_SESSION_KEY, created);
  return created;
}

/** Forget the guest id (after its cart was merged into an account). */
export function clearGuestSessionId(): void {
  writeStored(GUEST_SESSION_KEY, null);
}
