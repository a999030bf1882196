/**
 * A guest's order secrets, kept so the confirmation page can read the order after the payment
 * page sends the shopper back (R-ORD-3 "guest order session", R-ORD-4 step 5).
 * Stored per order id; the e-mail link carries the secret itself, so another device needs none.
 */
import { readStoredJson, writeStoredJson } from "../../lib/storage";

const GUEST_ORDERS_KEY = "guestOrders";
/** Secrets older than this are forgotten (the e-mail link still works). */
const KEEP_MS = 30 * 24 * 60 * 60 * 1000;

interface GuestOrderRecord {
  orderSecret: string;
  /** When the order was created here (ms). */
  timestamp: number;
  /** False once the shopper has left the confirmation page for good. */
  isActive: boolean;
}

type GuestOrders = Record<string, GuestOrderRecord>;

function readAll(now = Date.now()): GuestOrders {
  const all = readStoredJson<GuestOrders>(GUEST_ORDERS_KEY) ?? {};
  const fresh: GuestOrders = {};
  for (const [orderId, record] of Object.entries(all)) {
    if (record && typeof record.orderSecret === "string" && now - record.timestamp < KEEP_MS) fresh[orderId] = record;
  }
  return fresh;
}

export function rememberGuestOrder(orderId: string, orderSecret: string): void {
  writeStoredJson(GUEST_ORDERS_KEY, {
    ...readAll(),
    [orderId]: { orderSecret, timestamp: Date.now(), isActive: true },
  });
}

export function guestOrderSecret(orderId: string): string | null {
  return readAll()[orderId]?.orderSecret ?? null;
}

/** The guest's order session ends (the shopper really left the confirmation page). */
export function endGuestOrderSession(orderId: string): void {
  const all = readAll();
  const record = all[orderId];
  if (record) writeStoredJson(GUEST_ORDERS_KEY, { ...all, [orderId]: { ...record, isActive: false } });
}

export function forgetGuestOrder(orderId: string): void {
  const { [orderId]: _forgotten, ...rest } = readAll();
  writeStoredJson(GUEST_ORDERS_KEY, rest);
}
