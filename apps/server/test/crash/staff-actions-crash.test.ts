/**
 * Crash safety of the owner's side: many staff refunds (partial and full) and shipment creations
 * in flight when the real server process is SIGKILLed, several rounds on the same database; after
 * the last restart the outbox finishes what was recorded, and every refund the API acknowledged
 * is recorded once and made by the gateway once, every acknowledged shipment has one courier
 * shipment and AWB, and the stock equation holds. SQLite by default; PostgreSQL with TEST_DATABASE_URL.
 */
import { type ChildProcess, execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import type { Db } from "../../src/db/connection.js";
import { totpCode } from "../../src/modules/staff/totp.js";
import { paymentForm } from "../helpers/checkout.js";
import { testEngine } from "../helpers/database.js";
import { brokenInvariants, snapshotStock } from "../helpers/invariants.js";
import { databaseForProcess, freePort, startServer, waitForHealth } from "../helpers/server-process.js";
import { staffPassword } from "../helpers/staff.js";

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const json = { "content-type": "application/json" };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Staff {
  cookie: string;
  csrfToken: string;
}

/**
 * A signed-in owner of the spawned process, as a shop owner gets one: an invitation link from the
 * create-admin CLI on the same database, then the setup page's two calls with a real TOTP code.
 */
async function signInOwner(base: string, databaseEnv: Record<string, string>): Promise<Staff> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      "--import",
      "tsx",
      "src/modules/admin/create-admin-cli.ts",
      "--email",
      "crash-owner@vaki.test",
      "--name",
      "Crash Owner",
      "--role",
      "owner",
    ],
    { cwd: serverDir, env: { ...process.env, ...databaseEnv, PUBLIC_URL: base, LOG_LEVEL: "warn" } },
  );
  const link = stdout.match(/https?:\/\/\S+\/admin\/setup\?token=[\w.-]+/)?.[0];
  if (!link) throw new Error(`create-admin printed no setup link:\n${stdout}`);
  const token = new URL(link).searchParams.get("token");
  const start = await fetch(`${base}/api/admin/setup/start`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ token, name: "Crash Owner", password: staffPassword }),
  });
  if (start.status !== 200) throw new Error(`setup/start answered ${start.status}: ${await start.text()}`);
  const { secret } = ((await start.json()) as { data: { secret: string } }).data;
  const confirm = await fetch(`${base}/api/admin/setup/confirm`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ token, code: totpCode(secret, new Date()) }),
  });
  if (confirm.status !== 200) throw new Error(`setup/confirm answered ${confirm.status}: ${await confirm.text()}`);
  const cookie = confirm.headers
    .getSetCookie()
    .map((header) => header.split(";")[0] ?? "")
    .find((pair) => pair.startsWith("vaki_staff="));
  if (!cookie) throw new Error("no vaki_staff cookie");
  const { csrfToken } = ((await confirm.json()) as { data: { csrfToken: string } }).data;
  return { cookie, csrfToken };
}

const asStaff = (staff: Staff, method: "GET" | "POST", url: string, body?: unknown) =>
  fetch(url, {
    method,
    headers: { cookie: staff.cookie, "x-csrf-token": staff.csrfToken, ...(body === undefined ? {} : json) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

type Variant = { productId: number; variantId: number };

/** A guest's order paid by UPI on the sandbox gateway's page; its id once the payment was acknowledged. */
async function paidOrder(base: string, variant: Variant, n: number): Promise<string | null> {
  const guestSessionId = randomUUID();
  const add = await fetch(`${base}/api/cart/item/add`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ ...variant, quantity: 1, guestSessionId }),
  });
  if (add.status !== 200 && add.status !== 201) return null;
  const order = await fetch(`${base}/api/orders/create`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ guestSessionId }),
  });
  if (order.status !== 201) return null;
  const created = ((await order.json()) as { data: { id: string; orderSecret: string } }).data;
  const initiated = await fetch(`${base}/api/checkout/initiate`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ orderId: created.id, guestSessionId, orderSecret: created.orderSecret }),
  });
  if (initiated.status !== 200) return null;
  const { token } = ((await initiated.json()) as { data: { token: string } }).data;
  const paid = await fetch(`${base}/sandbox/pay/${token}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(paymentForm({ method: "upi", "contact.email": `staff-crash-${n}@example.com` })),
    redirect: "manual",
  });
  return paid.status === 303 ? created.id : null;
}

interface AcknowledgedRefund {
  orderId: string;
  amount: number;
  reason: string;
}

/** Refunds on the paid orders until the server goes away: a partial amount, or all that is left. */
async function refunderLoop(
  base: string,
  staff: Staff,
  orders: string[],
  worker: string,
  acknowledged: AcknowledgedRefund[],
) {
  for (let n = 0; ; n++) {
    try {
      const orderId = orders[Math.floor(Math.random() * orders.length)] ?? "";
      let amount = 1_000 + Math.floor(Math.random() * 9_000);
      if (n % 4 === 3) {
        const detail = await asStaff(staff, "GET", `${base}/api/admin/orders/${orderId}`);
        amount = ((await detail.json()) as { data: { actions: { refundable: number } } }).data.actions.refundable;
        if (amount === 0) continue;
      }
      const reason = `crash refund ${worker}-${n}`;
      const refund = await asStaff(staff, "POST", `${base}/api/admin/orders/${orderId}/refunds`, { amount, reason });
      if (refund.status === 200) acknowledged.push({ orderId, amount, reason });
      else if (refund.status >= 500) throw new Error(`refund answered ${refund.status}: ${await refund.text()}`);
    } catch (error) {
      if (error instanceof Error && error.message.startsWith("refund answered")) throw error;
      return; // the server was killed
    }
  }
}

/** Shoppers pay, and a person creates the shipment at once (racing the outbox's own `create-shipment`). */
async function shipperLoop(
  base: string,
  staff: Staff,
  variants: Variant[],
  paid: string[],
  shipped: string[],
  seed: number,
) {
  for (let n = 0; ; n++) {
    try {
      const orderId = await paidOrder(base, variants[(seed * 7 + n) % variants.length] as Variant, seed * 1000 + n);
      if (!orderId) continue;
      paid.push(orderId);
      const shipment = await asStaff(staff, "POST", `${base}/api/admin/orders/${orderId}/shipment`);
      if (shipment.status === 200) shipped.push(orderId);
      else if (shipment.status >= 500)
        throw new Error(`shipment answered ${shipment.status}: ${await shipment.text()}`);
    } catch (error) {
      if (error instanceof Error && error.message.startsWith("shipment answered")) throw error;
      return;
    }
  }
}

async function outboxSettled(db: Db): Promise<void> {
  for (let attempt = 0; attempt < 150; attempt++) {
    const pending = await db
      .selectFrom("outbox")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "in", ["PENDING", "RUNNING"])
      .executeTakeFirstOrThrow();
    if (Number(pending.n) === 0) return;
    await sleep(100);
  }
}

describe(`crash safety of staff refunds and shipments (${testEngine}, real process, SIGKILL under load)`, () => {
  const children: ChildProcess[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const child of children) child.kill("SIGKILL");
    for (const cleanup of cleanups) await cleanup();
  });

  it("applies every acknowledged refund and shipment exactly once across SIGKILLs, and loses none", async () => {
    const database = await databaseForProcess();
    cleanups.push(database.drop);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = { ...database.env, PORT: String(port), LOG_LEVEL: "fatal", OUTBOX_INTERVAL_MS: "200" };
    const start = async () => {
      const child = startServer(env);
      children.push(child);
      await waitForHealth(base);
      return child;
    };

    let server = await start();
    const staff = await signInOwner(base, database.env);
    const inspector = database.open();
    const { db } = inspector;
    const initialStock = await snapshotStock(db);
    const variants = await db
      .selectFrom("variants")
      .select(["id as variantId", "product_id as productId"])
      .where("stock_quantity", ">=", 5)
      .limit(40)
      .execute();
    expect(variants.length).toBeGreaterThan(10);

    // The orders the refunds work on: paid before the first kill.
    const pool = (
      await Promise.all(
        Array.from({ length: 16 }, (_, n) => paidOrder(base, variants[n % variants.length] as Variant, n)),
      )
    ).filter((id): id is string => id !== null);
    expect(pool.length).toBeGreaterThan(10);

    const refunds: AcknowledgedRefund[] = [];
    const paid: string[] = [...pool];
    const shipped: string[] = [];
    const rounds = 3;
    for (let round = 0; round < rounds; round++) {
      const loops = [
        ...Array.from({ length: 6 }, (_, w) => refunderLoop(base, staff, pool, `${round}.${w}`, refunds)),
        ...Array.from({ length: 4 }, (_, w) => shipperLoop(base, staff, variants, paid, shipped, round * 10 + w)),
      ];
      // A random moment of the load: no shutdown hooks, no flushing.
      await sleep(800 + Math.random() * 1_200);
      server.kill("SIGKILL");
      await Promise.all(loops);
      server = await start();
    }
    await outboxSettled(db);
    console.info(
      `${refunds.length} refunds and ${shipped.length} shipments (of ${paid.length} paid orders) acknowledged over ${rounds} SIGKILLs`,
    );
    expect(refunds.length).toBeGreaterThan(10);

    // The narrowest window, which a kill at random rarely hits: the gateway made the refund and
    // the process died before its answer was recorded (written here as what that kill leaves:
    // the refund still processing, its outbox row to run again).
    server.kill("SIGKILL");
    await new Promise((resolve) => server.once("exit", resolve));
    const answered = await db
      .selectFrom("order_refunds")
      .select("id")
      .where("status", "=", "completed")
      .orderBy("id")
      .limit(4)
      .execute();
    const reopened = answered.map((row) => row.id);
    expect(reopened.length).toBeGreaterThan(0);
    await db
      .updateTable("order_refunds")
      .set({ status: "processing", reference: null })
      .where("id", "in", reopened)
      .execute();
    await db
      .updateTable("outbox")
      .set({ status: "PENDING", attempts: 1, next_attempt_at: new Date(0).toISOString(), locked_until: null })
      .where(
        "dedupe_key",
        "in",
        reopened.map((id) => `staff-refund:${id}`),
      )
      .execute();
    server = await start();
    await outboxSettled(db);

    // Nothing recorded is left undone.
    const unfinished = await db
      .selectFrom("outbox")
      .select(["kind", "dedupe_key", "status", "last_error"])
      .where("status", "!=", "DONE")
      .execute();
    expect(unfinished).toEqual([]);

    // Every acknowledged refund recorded once, completed by the gateway.
    const rows = await db.selectFrom("order_refunds").selectAll().execute();
    for (const refund of refunds) {
      const mine = rows.filter((row) => row.reason === refund.reason);
      expect(mine, `refund "${refund.reason}"`).toHaveLength(1);
      expect(mine[0]).toMatchObject({ order_id: refund.orderId, amount: refund.amount, status: "completed" });
    }
    // Every recorded refund asked of the gateway exactly once; nothing given beyond what was paid.
    for (const orderId of pool) {
      const payment = await db
        .selectFrom("payments")
        .select(["checkout_id", "amount"])
        .where("order_id", "=", orderId)
        .where("status", "=", "SUCCESS")
        .executeTakeFirstOrThrow();
      const gateway = await db
        .selectFrom("sandbox_checkouts")
        .select("refunds")
        .where("checkout_id", "=", payment.checkout_id)
        .executeTakeFirstOrThrow();
      const made = JSON.parse(gateway.refunds) as { refundId: string; amount: number; reason: string }[];
      const recorded = rows.filter((row) => row.order_id === orderId);
      for (const row of recorded) {
        const asked = made.filter((refund) => refund.reason.startsWith(`Refund ${row.id}:`));
        expect(asked, `gateway refunds of staff refund ${row.id}`).toHaveLength(1);
        expect(asked[0], `gateway refund of staff refund ${row.id}`).toMatchObject({
          refundId: row.reference,
          amount: row.amount,
        });
      }
      expect(made, `gateway refunds of ${orderId}`).toHaveLength(recorded.length);
      const total = recorded.reduce((sum, row) => sum + row.amount, 0);
      const order = await db
        .selectFrom("orders")
        .select(["refunded_amount", "payment_status"])
        .where("id", "=", orderId)
        .executeTakeFirstOrThrow();
      expect(order.refunded_amount, `refunded amount of ${orderId}`).toBe(total);
      expect(total).toBeLessThanOrEqual(payment.amount);
      const expected = total === 0 ? "SUCCESS" : total === payment.amount ? "REFUNDED" : "PARTIALLY_REFUNDED";
      expect(order.payment_status, `payment status of ${orderId}`).toBe(expected);
    }

    // Every paid order (the acknowledged shipments among them) has one courier shipment and AWB.
    for (const orderId of paid) {
      const shipments = await db
        .selectFrom("shipments")
        .select(["shipment_id", "awb", "cancelled_at"])
        .where("order_id", "=", orderId)
        .execute();
      const courier = await db
        .selectFrom("sandbox_shipments")
        .select(["shipment_id", "awb", "cancelled_at"])
        .where("order_id", "=", orderId)
        .execute();
      const what = shipped.includes(orderId) ? "acknowledged shipment" : "shipment";
      expect(shipments, `${what} of ${orderId}`).toHaveLength(1);
      expect(courier, `courier shipment of ${orderId}`).toHaveLength(1);
      expect(shipments[0]?.awb, `AWB of ${orderId}`).toEqual(expect.any(String));
      expect(courier[0]).toEqual(shipments[0]);
    }
    const awbs = await db.selectFrom("sandbox_shipments").select("awb").where("awb", "is not", null).execute();
    expect(new Set(awbs.map((row) => row.awb)).size).toBe(awbs.length);
    expect(await brokenInvariants(db, initialStock)).toEqual([]);

    await inspector.close();
    server.kill("SIGTERM");
  }, 90_000);
});
