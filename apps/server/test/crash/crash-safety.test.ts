/**
 * Crash safety: the real server as a child process, concurrent checkouts and payments through
 * the sandbox gateway, SIGKILL in the middle of the load, a restart on the same database — and
 * then everything a client saw acknowledged is there, applied exactly once, with the stock
 * equation intact. SQLite file by default; PostgreSQL (a throwaway database) with TEST_DATABASE_URL.
 */
import type { ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { testEngine } from "../helpers/database.js";
import { brokenInvariants, snapshotStock } from "../helpers/invariants.js";
import { databaseForProcess, freePort, startServer, waitForHealth } from "../helpers/server-process.js";

const paymentForm = (email: string) =>
  new URLSearchParams({
    method: "upi",
    "contact.email": email,
    "contact.phone": "9876543210",
    upiId: "",
    "shippingAddress.fullName": "Riya Sharma",
    "shippingAddress.line1": "Flat 4B, Lotus Towers",
    "shippingAddress.line2": "Sector 62",
    "shippingAddress.city": "Noida",
    "shippingAddress.state": "Uttar Pradesh",
    "shippingAddress.pincode": "201301",
    "shippingAddress.country": "India",
    "shippingAddress.phone": "9876543210",
    billingSameAsShipping: "on",
  }).toString();

interface Acknowledged {
  orderId: string;
  guestSessionId: string;
  orderSecret: string;
  lines: number;
  checkoutId?: string;
  paid?: boolean;
}

/** One shopper after another until the server goes away: add, order, pay; records what was acknowledged. */
async function shopperLoop(base: string, variants: { productId: number; variantId: number }[], seen: Acknowledged[]) {
  const json = { "content-type": "application/json" };
  for (let n = 0; ; n++) {
    try {
      const guestSessionId = randomUUID();
      const line = variants[(n * 7 + seen.length) % variants.length];
      const add = await fetch(`${base}/api/cart/item/add`, {
        method: "POST",
        headers: json,
        body: JSON.stringify({ ...line, quantity: 1, guestSessionId }),
      });
      if (add.status !== 200 && add.status !== 201) continue;
      const order = await fetch(`${base}/api/orders/create`, {
        method: "POST",
        headers: json,
        body: JSON.stringify({ guestSessionId }),
      });
      if (order.status !== 201) continue;
      const created = ((await order.json()) as { data: { id: string; orderSecret: string; items: unknown[] } }).data;
      const acknowledged: Acknowledged = {
        orderId: created.id,
        guestSessionId,
        orderSecret: created.orderSecret,
        lines: created.items.length,
      };
      seen.push(acknowledged);
      const initiated = await fetch(`${base}/api/checkout/initiate`, {
        method: "POST",
        headers: json,
        body: JSON.stringify({ orderId: created.id, guestSessionId, orderSecret: created.orderSecret }),
      });
      if (initiated.status !== 200) continue;
      const { token, checkoutId } = ((await initiated.json()) as { data: { token: string; checkoutId: string } }).data;
      acknowledged.checkoutId = checkoutId;
      const paid = await fetch(`${base}/sandbox/pay/${token}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: paymentForm(`crash-${n}@example.com`),
        redirect: "manual",
      });
      if (paid.status === 303) acknowledged.paid = true;
    } catch {
      return; // the server was killed
    }
  }
}

describe(`crash safety (${testEngine}, real process, SIGKILL under load)`, () => {
  const children: ChildProcess[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const child of children) child.kill("SIGKILL");
    for (const cleanup of cleanups) await cleanup();
  });

  it("keeps every acknowledged order and payment, applies each payment once, and keeps the stock equation", async () => {
    const database = await databaseForProcess();
    cleanups.push(database.drop);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = {
      ...database.env,
      PORT: String(port),
      LOG_LEVEL: "fatal",
      OUTBOX_INTERVAL_MS: "200",
    };

    const first = startServer(env);
    children.push(first);
    await waitForHealth(base);

    const inspector = database.open();
    const initialStock = await snapshotStock(inspector.db);
    const variants = await inspector.db
      .selectFrom("variants")
      .select(["id as variantId", "product_id as productId"])
      .where("stock_quantity", ">=", 5)
      .limit(40)
      .execute();
    expect(variants.length).toBeGreaterThan(10);

    const seen: Acknowledged[] = [];
    const loops = Array.from({ length: 12 }, () => shopperLoop(base, variants, seen));
    // Let the load build up, then pull the plug: no shutdown hooks, no flushing.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    first.kill("SIGKILL");
    await Promise.all(loops);
    const paidBeforeKill = seen.filter((order) => order.paid).length;
    console.info(`${seen.length} orders and ${paidBeforeKill} payments acknowledged before SIGKILL`);
    expect(paidBeforeKill).toBeGreaterThan(3);

    const second = startServer(env);
    children.push(second);
    await waitForHealth(base);

    // The gateway retries its notifications until the shop takes them; the confirmation
    // page's check does the same for every checkout the shoppers started.
    for (const order of seen.filter((entry) => entry.checkoutId)) {
      const query = new URLSearchParams({
        type: "payment",
        guestSessionId: order.guestSessionId,
        orderSecret: order.orderSecret,
      });
      const details = await fetch(`${base}/api/checkout/${order.checkoutId}/details?${query}`);
      expect(details.status, `details of ${order.orderId}`).toBeLessThan(500);
    }
    // The outbox worker delivers what the crash interrupted.
    for (let attempt = 0; attempt < 100; attempt++) {
      const pending = await inspector.db
        .selectFrom("outbox")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("status", "!=", "DONE")
        .executeTakeFirstOrThrow();
      if (Number(pending.n) === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    for (const order of seen) {
      const row = await inspector.db
        .selectFrom("orders")
        .select(["status", "payment_status"])
        .where("id", "=", order.orderId)
        .executeTakeFirst();
      expect(row, `acknowledged order ${order.orderId}`).toBeDefined();
      const lines = await inspector.db
        .selectFrom("order_items")
        .select("id")
        .where("order_id", "=", order.orderId)
        .execute();
      expect(lines).toHaveLength(order.lines);
      if (order.paid) {
        expect(row, `paid order ${order.orderId}`).toMatchObject({ payment_status: "SUCCESS" });
        expect(["CONFIRMED", "PROCESSING"]).toContain(row?.status);
      }
    }
    const paidIds = seen.filter((order) => order.paid).map((order) => order.orderId);
    const confirmations = await inspector.db
      .selectFrom("outbox")
      .select(["dedupe_key", "status"])
      .where("kind", "=", "order-confirmed-mail")
      .execute();
    for (const orderId of paidIds) {
      const mine = confirmations.filter((row) => row.dedupe_key.endsWith(orderId));
      expect(mine, `confirmation e-mail of ${orderId}`).toHaveLength(1);
      expect(mine[0]?.status).toBe("DONE");
      const payments = await inspector.db
        .selectFrom("payments")
        .select(["status"])
        .where("order_id", "=", orderId)
        .execute();
      expect(
        payments.map((payment) => payment.status),
        `payment of ${orderId}`,
      ).toEqual(["SUCCESS"]);
      const shipments = await inspector.db
        .selectFrom("shipments")
        .select("order_id")
        .where("order_id", "=", orderId)
        .execute();
      expect(shipments, `shipment of ${orderId}`).toHaveLength(1);
    }
    expect(await brokenInvariants(inspector.db, initialStock)).toEqual([]);

    await inspector.close();
    second.kill("SIGTERM");
  }, 120_000);
});
