import { afterSalesMessages as am } from "@vaki/contract/exchanges";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type LoggedIn, registerAndLogin } from "../../../test/helpers/accounts.js";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { stockOf } from "../../../test/helpers/cart.js";
import { insertProduct } from "../../../test/helpers/catalog.js";
import { orderRow, paymentForm, payOnPage, startCheckout, ukPaymentForm } from "../../../test/helpers/checkout.js";
import { testEngine } from "../../../test/helpers/database.js";
import { readOutbox } from "../../../test/helpers/mail.js";
import { addStaff, asStaff, type StaffSession, setUpOwner } from "../../../test/helpers/staff.js";
import { ManualClock } from "../../lib/clock.js";

/*
 * The sandbox courier moves a step every 3 seconds here (0.05 minutes): an order is delivered 7
 * steps after its AWB; a reverse pickup is picked up 2 steps after its AWB and reaches the
 * warehouse at 4. The courier is read when the customer or the staff open the requests.
 */
const step = 3_000;
const hour = 60 * 60 * 1000;
const day = 24 * hour;

describe(`size exchanges and defect reports (${testEngine})`, () => {
  let shop: TestShop;
  const clock = new ManualClock(new Date("2026-11-21T09:00:00.000Z"));
  let owner: StaffSession;
  let ops: StaffSession;
  let support: StaffSession;
  let made = 0;

  beforeAll(async () => {
    shop = await createTestShop(
      {
        HOLD_SWEEP_INTERVAL_MS: "0",
        OUTBOX_INTERVAL_MS: "0",
        COURIER_SYNC_INTERVAL_MS: "0",
        SANDBOX_COURIER_MINUTES_PER_STEP: "0.05",
      },
      { clock },
    );
    owner = await setUpOwner(shop.app, clock);
    ops = await addStaff(shop.app, clock, "operations");
    support = await addStaff(shop.app, clock, "support");
  });
  afterAll(async () => shop.close());

  const db = () => shop.database.db;

  /** A tee in S, M, L, XL (Black) and M (White); the customer buys Black M and the courier delivers it. */
  async function deliveredOrder(
    options: { abroad?: boolean; quantity?: number; stockL?: number; price?: number } = {},
  ) {
    made += 1;
    const tee = await insertProduct(db(), {
      name: `Exchange Tee ${made}`,
      price: options.price ?? 99_900,
      variants: [
        { size: "S", color: "Black", stock: 5 },
        { size: "M", color: "Black", stock: 5 },
        { size: "L", color: "Black", stock: options.stockL ?? 1 },
        { size: "XL", color: "Black", stock: 0 },
        { size: "M", color: "White", stock: 5 },
      ],
    });
    const [s, m, l, xl, white] = tee.variantIds as [number, number, number, number, number];
    const customer = await registerAndLogin(shop.app);
    const started = await startCheckout(shop.app, { headers: customer.headers }, [
      { productId: tee.id, variantId: m, quantity: options.quantity ?? 1 },
    ]);
    const form = (options.abroad ? ukPaymentForm : paymentForm)({ "contact.email": customer.customer.email });
    const placed = await payOnPage(shop.app, started.token, form);
    expect(placed.statusCode, placed.body).toBe(303);
    await shop.app.outbox.drain();
    clock.advance(8 * step);
    const view = await shop.app.inject({
      method: "GET",
      url: `/api/orders/${started.orderId}`,
      headers: customer.headers,
    });
    expect(view.json().data.status).toBe("DELIVERED");
    const item = await db()
      .selectFrom("order_items")
      .selectAll()
      .where("order_id", "=", started.orderId)
      .executeTakeFirstOrThrow();
    return { id: started.orderId, customer, item, variants: { s, m, l, xl, white } };
  }

  type Order = Awaited<ReturnType<typeof deliveredOrder>>;

  /** Moves the delivery back in time (the window rules read `delivered_at`). */
  const deliveredAgo = (order: Order, ms: number) =>
    db()
      .updateTable("orders")
      .set({ delivered_at: new Date(clock.now().getTime() - ms).toISOString() })
      .where("id", "=", order.id)
      .execute();

  const overview = async (order: Order, who: LoggedIn = order.customer) =>
    shop.app.inject({ method: "GET", url: `/api/orders/${order.id}/exchanges`, headers: who.headers });
  const ask = (order: Order, payload: Record<string, unknown>, who: LoggedIn = order.customer) =>
    shop.app.inject({ method: "POST", url: `/api/orders/${order.id}/exchanges`, headers: who.headers, payload });
  const exchange = (order: Order, variantId: number) =>
    ask(order, { kind: "exchange", itemId: order.item.id, variantId });
  const post = (who: StaffSession, url: string, payload: Record<string, unknown> = {}) =>
    asStaff(shop.app, who, { method: "POST", url, payload });
  const staffView = async (id: number) =>
    (await asStaff(shop.app, owner, { method: "GET", url: `/api/admin/exchanges/${id}` })).json().data;
  const ledger = (variantId: number) =>
    db()
      .selectFrom("stock_ledger")
      .select(["reason", "change", "note", "order_id"])
      .where("variant_id", "=", variantId)
      .where("note", "like", "Exchange #%")
      .orderBy("id")
      .execute();
  const auditOf = async (id: number) =>
    (
      await db()
        .selectFrom("audit_events")
        .select(["action", "changes"])
        .where("entity_type", "=", "after_sales_request")
        .where("entity_id", "=", String(id))
        .orderBy("id")
        .execute()
    ).map((row) => ({ action: row.action, changes: JSON.parse(row.changes) }));
  const mails = async (id: number) =>
    (
      await db()
        .selectFrom("outbox")
        .select("dedupe_key")
        .where("kind", "=", "after-sales-mail")
        .where("dedupe_key", "like", `%:${id}`)
        .orderBy("id")
        .execute()
    ).map((row) => row.dedupe_key.split(":")[1]);

  it("opens exchanges in India for 6 days after delivery, with the other sizes of the same colour", async () => {
    const order = await deliveredOrder();
    await deliveredAgo(order, 5 * day);
    const open = (await overview(order)).json().data;
    expect(open.lines[0]).toMatchObject({ itemId: order.item.id, offer: "exchange", reason: null, units: 1 });
    expect(open.lines[0].sizes).toEqual([
      { variantId: order.variants.s, size: "S", inStock: true },
      { variantId: order.variants.l, size: "L", inStock: true },
      { variantId: order.variants.xl, size: "XL", inStock: false },
    ]);
    const defect = await ask(order, { kind: "defect", itemId: order.item.id, description: "Torn seam" });
    expect(defect.statusCode).toBe(409);
    expect(defect.json().message).toBe(am.defectInternationalOnly);

    await deliveredAgo(order, 7 * day);
    const closed = (await overview(order)).json().data;
    expect(closed.lines[0]).toMatchObject({ offer: null, reason: am.exchangeClosed, sizes: [] });
    const late = await exchange(order, order.variants.s);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(am.exchangeClosed);
  });

  it("opens defect reports abroad for 48 hours; abroad cannot exchange a size", async () => {
    const order = await deliveredOrder({ abroad: true });
    await deliveredAgo(order, 47 * hour);
    expect((await overview(order)).json().data.lines[0]).toMatchObject({ offer: "defect", reason: null });
    const swap = await exchange(order, order.variants.s);
    expect(swap.statusCode).toBe(409);
    expect(swap.json().message).toBe(am.exchangeIndiaOnly);
    await deliveredAgo(order, 49 * hour);
    expect((await overview(order)).json().data.lines[0]).toMatchObject({ offer: null, reason: am.defectClosed });
    const late = await ask(order, { kind: "defect", itemId: order.item.id, description: "Torn seam" });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(am.defectClosed);
  });

  it("answers a guest 401, another customer 404, bad input 400 with the contract's words", async () => {
    const order = await deliveredOrder();
    const guest = await shop.app.inject({ method: "GET", url: `/api/orders/${order.id}/exchanges` });
    expect(guest.statusCode).toBe(401);
    expect(guest.json().message).toBe(am.signInRequired);
    const stranger = await registerAndLogin(shop.app);
    expect((await overview(order, stranger)).statusCode).toBe(404);
    expect((await exchange({ ...order, customer: stranger }, order.variants.s)).statusCode).toBe(404);

    const same = await exchange(order, order.variants.m);
    expect(same.statusCode).toBe(400);
    expect(same.json().fieldErrors.variantId).toEqual([am.sameSize]);
    const white = await exchange(order, order.variants.white);
    expect(white.statusCode).toBe(400);
    expect(white.json().fieldErrors.variantId).toEqual([am.notSameProduct]);
    const soldOut = await exchange(order, order.variants.xl);
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json().message).toBe(am.sizeSoldOut("XL"));
    const tooMany = await ask(order, {
      kind: "exchange",
      itemId: order.item.id,
      variantId: order.variants.s,
      quantity: 2,
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(am.quantityTooHigh(1));
    const noWords = await ask(order, { kind: "defect", itemId: order.item.id, description: "  " });
    expect(noWords.statusCode).toBe(400);
    expect(JSON.stringify(noWords.json())).toContain(am.descriptionRequired);
  });

  it("sums up My Orders' cards: the newest request per order, open ones counted, others' orders left out", async () => {
    const order = await deliveredOrder();
    const quiet = await deliveredOrder();
    const summaries = (who: LoggedIn, ids: string) =>
      shop.app.inject({ method: "GET", url: `/api/orders/exchanges?ids=${ids}`, headers: who.headers });

    expect((await summaries(order.customer, order.id)).json().data).toEqual([]);
    const asked = (await exchange(order, order.variants.l)).json().data;
    const answer = await summaries(order.customer, `${order.id},${quiet.id},no-such-order`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data).toEqual([
      { orderId: order.id, kind: "exchange", status: "REQUESTED", statusLabel: "Requested", open: 1 },
    ]);
    // Another customer asking about this order learns nothing about it.
    expect((await summaries(quiet.customer, order.id)).json().data).toEqual([]);

    await shop.app.inject({
      method: "POST",
      url: `/api/orders/${order.id}/exchanges/${asked.id}/withdraw`,
      headers: order.customer.headers,
    });
    expect((await summaries(order.customer, order.id)).json().data).toEqual([
      { orderId: order.id, kind: "exchange", status: "WITHDRAWN", statusLabel: "Withdrawn", open: 0 },
    ]);

    const guest = await shop.app.inject({ method: "GET", url: `/api/orders/exchanges?ids=${order.id}` });
    expect(guest.statusCode).toBe(401);
    expect(guest.json().message).toBe(am.signInRequired);
    expect((await summaries(order.customer, "")).statusCode).toBe(400);
    const tooMany = Array.from({ length: 51 }, (_, at) => `order-${at}`).join(",");
    expect((await summaries(order.customer, tooMany)).statusCode).toBe(400);
  });

  it("holds the new size at once, one open request per line; a withdrawal gives it back", async () => {
    const order = await deliveredOrder();
    const asked = await exchange(order, order.variants.l);
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json().message).toBe(am.requested);
    const request = asked.json().data;
    expect(request).toMatchObject({ status: "REQUESTED", fromSize: "M", toSize: "L", withdrawable: true });
    expect(await stockOf(db(), order.variants.l)).toBe(0);
    expect(await ledger(order.variants.l)).toEqual([
      { reason: "hold", change: -1, note: `Exchange #${request.id}`, order_id: order.id },
    ]);

    const again = await exchange(order, order.variants.s);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(am.alreadyRequested);
    // Two tabs at once on another line's twin: exactly one request opens.
    const twin = await deliveredOrder();
    const both = await Promise.all([exchange(twin, twin.variants.s), exchange(twin, twin.variants.l)]);
    expect(both.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect((await overview(order)).json().data.lines[0]).toMatchObject({ offer: null, reason: null });

    const withdrawn = await shop.app.inject({
      method: "POST",
      url: `/api/orders/${order.id}/exchanges/${request.id}/withdraw`,
      headers: order.customer.headers,
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().data.status).toBe("WITHDRAWN");
    expect(await stockOf(db(), order.variants.l)).toBe(1);
    expect((await ledger(order.variants.l)).map((row) => [row.reason, row.change])).toEqual([
      ["hold", -1],
      ["release", 1],
    ]);
    expect(await mails(request.id)).toEqual(["received"]);
  });

  it("a size sold out meanwhile answers 409; refusing releases the hold, audited; support cannot decide", async () => {
    const first = await deliveredOrder({ stockL: 1 });
    const second = await deliveredOrder({ stockL: 1 });
    // Both customers ask for the first order's last L.
    const taken = await exchange(first, first.variants.l);
    expect(taken.statusCode).toBe(201);
    await db().updateTable("variants").set({ stock_quantity: 0 }).where("id", "=", second.variants.l).execute();
    const late = await exchange(second, second.variants.l);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(am.sizeSoldOut("L"));

    const id = taken.json().data.id as number;
    expect((await post(support, `/api/admin/exchanges/${id}/approve`)).statusCode).toBe(403);
    expect((await post(support, `/api/admin/exchanges/${id}/refuse`, { reason: "No" })).statusCode).toBe(403);
    const noReason = await post(ops, `/api/admin/exchanges/${id}/refuse`, { reason: " " });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fieldErrors.reason).toEqual([am.reasonRequired]);
    const refused = await post(ops, `/api/admin/exchanges/${id}/refuse`, { reason: "Worn and washed" });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json().data).toMatchObject({ status: "REFUSED", refusalReason: "Worn and washed", actions: [] });
    expect(await stockOf(db(), first.variants.l)).toBe(1);
    expect((await ledger(first.variants.l)).map((row) => row.reason)).toEqual(["hold", "release"]);
    const audit = await auditOf(id);
    expect(audit.map((row) => row.action)).toEqual(["after_sales.refuse"]);
    expect(audit[0]?.changes).toMatchObject({
      requestId: { after: id },
      orderId: { after: first.id },
      status: { before: "REQUESTED", after: "REFUSED" },
    });
    const again = await post(ops, `/api/admin/exchanges/${id}/approve`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(am.notOpen);
    const customerSees = (await overview(first)).json().data.requests[0];
    expect(customerSees.steps.at(-1)).toMatchObject({ label: "Refused: Worn and washed", done: true });
    expect(await mails(id)).toEqual(["received", "refused"]);
  });

  it("runs a whole exchange through the sandbox courier: pickup, new size shipped, received, delivered, completed", async () => {
    const order = await deliveredOrder();
    const asked = await exchange(order, order.variants.s);
    const id = asked.json().data.id as number;
    expect((await staffView(id)).actions).toEqual(["approve", "refuse", "size_unavailable"]);

    const approved = await post(ops, `/api/admin/exchanges/${id}/approve`, { note: "Fits small" });
    expect(approved.statusCode, approved.body).toBe(200);
    const awb = approved.json().data.returnAwb as string;
    expect(approved.json().message).toBe(am.approvedPickup(awb));
    expect(approved.json().data).toMatchObject({
      status: "APPROVED",
      returnStatus: "PICKUP_BOOKED",
      replacementStatus: null,
    });
    const pickup = await db()
      .selectFrom("sandbox_shipments")
      .selectAll()
      .where("awb", "=", awb)
      .executeTakeFirstOrThrow();
    expect(pickup).toMatchObject({ direction: "return", order_id: `${order.id}:r${id}` });
    const early = await post(ops, `/api/admin/exchanges/${id}/receive`, { condition: "restock" });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(am.notPickedUp);

    // Picked up (step 2): the new size ships by itself.
    clock.advance(2 * step + 100);
    const picked = (await overview(order)).json().data.requests[0];
    expect(picked).toMatchObject({ returnStatus: "PICKED_UP", replacementStatus: "SHIPPED" });
    const shipment = await db()
      .selectFrom("sandbox_shipments")
      .selectAll()
      .where("awb", "=", picked.replacementAwb)
      .executeTakeFirstOrThrow();
    expect(shipment).toMatchObject({ direction: "forward", order_id: `${order.id}:x${id}` });
    expect((await ledger(order.variants.s)).map((row) => [row.reason, row.change])).toEqual([
      ["hold", -1],
      ["sale", 0],
    ]);

    // At the warehouse (step 4), then checked and restocked to the ORIGINAL size.
    clock.advance(2 * step);
    expect((await staffView(id)).returnStatus).toBe("AT_WAREHOUSE");
    const mBefore = await stockOf(db(), order.variants.m);
    expect((await post(support, `/api/admin/exchanges/${id}/receive`, { condition: "restock" })).statusCode).toBe(403);
    const received = await post(ops, `/api/admin/exchanges/${id}/receive`, { condition: "restock" });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json().data).toMatchObject({
      status: "APPROVED",
      returnStatus: "RECEIVED",
      returnCondition: "restock",
    });
    expect(await stockOf(db(), order.variants.m)).toBe(mBefore + 1);
    expect((await ledger(order.variants.m)).map((row) => [row.reason, row.change])).toEqual([["returned", 1]]);

    // The new size is delivered 7 steps after its AWB: the request completes.
    clock.advance(6 * step);
    const done = (await overview(order)).json().data.requests[0];
    expect(done).toMatchObject({ status: "COMPLETED", replacementStatus: "DELIVERED" });
    expect(done.steps.map((s: { label: string }) => s.label)).toEqual([
      "Requested",
      "Approved",
      "Pickup booked",
      "Picked up",
      "New size shipped",
      "New size delivered",
    ]);
    expect(done.steps.every((s: { done: boolean }) => s.done)).toBe(true);
    expect((await auditOf(id)).map((row) => row.action)).toEqual(["after_sales.approve", "after_sales.receive"]);
    await shop.app.outbox.drain();
    expect(await mails(id)).toEqual(["received", "approved", "picked-up", "shipped", "back", "completed"]);
    const sent = await db()
      .selectFrom("outbox")
      .select("status")
      .where("kind", "=", "after-sales-mail")
      .where("dedupe_key", "like", `%:${id}`)
      .execute();
    expect(sent.every((row) => row.status === "DONE")).toBe(true);
    const letters = readOutbox(shop.config.dataDir).filter((mail) => mail.to.includes(order.customer.customer.email));
    const approvedMail = letters.find((mail) => mail.subject.includes("approved"));
    expect(approvedMail?.subject).toContain(`Size exchange #${id}`);
    expect(approvedMail?.text).toContain(`AWB ${awb}`);
    const shippedMail = letters.find((mail) => mail.subject.includes("new size has shipped"));
    expect(shippedMail?.text).toContain(`AWB ${picked.replacementAwb}`);
  });

  it("writes off a damaged return: returned +1 then damaged −1", async () => {
    const order = await deliveredOrder();
    const id = (await exchange(order, order.variants.s)).json().data.id as number;
    await post(ops, `/api/admin/exchanges/${id}/approve`);
    clock.advance(4 * step + 100);
    const mBefore = await stockOf(db(), order.variants.m);
    const received = await post(owner, `/api/admin/exchanges/${id}/receive`, { condition: "damaged", note: "Stained" });
    expect(received.statusCode, received.body).toBe(200);
    expect(await stockOf(db(), order.variants.m)).toBe(mBefore);
    expect((await ledger(order.variants.m)).map((row) => [row.reason, row.change])).toEqual([
      ["returned", 1],
      ["damaged", -1],
    ]);
  });

  it("size unavailable: the customer picks another size, held at once, and the request waits for the shop again", async () => {
    const order = await deliveredOrder();
    const id = (await exchange(order, order.variants.l)).json().data.id as number;
    const choose = (payload: Record<string, unknown>) =>
      shop.app.inject({
        method: "POST",
        url: `/api/orders/${order.id}/exchanges/${id}/choose`,
        headers: order.customer.headers,
        payload,
      });
    const early = await choose({ variantId: order.variants.s });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(am.notWaitingForChoice);
    await post(ops, `/api/admin/exchanges/${id}/size-unavailable`);
    await shop.app.outbox.drain();
    expect(await mails(id)).toEqual(["received", "size-unavailable"]);
    const mail = readOutbox(shop.config.dataDir)
      .filter((m) => m.to.includes(order.customer.customer.email))
      .at(-1);
    expect(mail?.text).toContain("/orders");
    const sBefore = await stockOf(db(), order.variants.s);
    const chosen = await choose({ variantId: order.variants.s });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().data).toMatchObject({ status: "REQUESTED", toSize: "S" });
    expect(await stockOf(db(), order.variants.s)).toBe(sBefore - 1);
    expect((await ledger(order.variants.l)).map((row) => row.reason)).toEqual(["hold", "release"]);
    expect((await ledger(order.variants.s)).map((row) => [row.reason, row.change])).toEqual([["hold", -1]]);
    expect((await staffView(id)).actions).toContain("approve");
  });

  it("size unavailable: the hold is released and the customer chooses a refund, paid when the piece is back", async () => {
    const order = await deliveredOrder();
    const id = (await exchange(order, order.variants.l)).json().data.id as number;
    const marked = await post(ops, `/api/admin/exchanges/${id}/size-unavailable`);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().data.status).toBe("SIZE_UNAVAILABLE");
    expect(await stockOf(db(), order.variants.l)).toBe(1);
    const chosen = await shop.app.inject({
      method: "POST",
      url: `/api/orders/${order.id}/exchanges/${id}/choose`,
      headers: order.customer.headers,
      payload: { refund: true },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().data).toMatchObject({
      status: "APPROVED",
      resolution: "refund",
      returnStatus: "PICKUP_BOOKED",
    });
    clock.advance(4 * step + 100);
    const received = await post(ops, `/api/admin/exchanges/${id}/receive`, { condition: "restock" });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json().data).toMatchObject({ status: "COMPLETED", refundedAmount: order.item.line_total });
    expect((await orderRow(db(), order.id)).refunded_amount).toBe(order.item.line_total);
  });

  it("refunds a defect report with a credit note; photos are cleaned; support cannot approve", async () => {
    const order = await deliveredOrder({ abroad: true });
    const reported = await ask(order, { kind: "defect", itemId: order.item.id, description: "The print peels off" });
    expect(reported.statusCode, reported.body).toBe(201);
    expect(reported.json().message).toBe(am.defectReported);
    const id = reported.json().data.id as number;

    const camera = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: "#c33" } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const upload = (body: Buffer) =>
      shop.app.inject({
        method: "POST",
        url: `/api/orders/${order.id}/exchanges/${id}/photos`,
        headers: { ...order.customer.headers, "content-type": "image/jpeg" },
        payload: body,
      });
    const added = await upload(camera);
    expect(added.statusCode, added.body).toBe(201);
    const served = await shop.app.inject({
      method: "GET",
      url: added.json().data.url,
      headers: order.customer.headers,
    });
    expect(served.headers["content-type"]).toBe("image/webp");
    const meta = await sharp(served.rawPayload).metadata();
    // Turned upright (orientation 6: 90°), inside 1600 px, no EXIF left.
    expect([meta.width, meta.height]).toEqual([1200, 1600]);
    expect(meta.exif).toBeUndefined();
    expect((await upload(Buffer.from("not a photo"))).statusCode).toBe(400);
    expect((await upload(camera)).statusCode).toBe(201);
    expect((await upload(camera)).statusCode).toBe(201);
    const fourth = await upload(camera);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().message).toBe(am.tooManyPhotos);
    const staffPhoto = await asStaff(shop.app, support, {
      method: "GET",
      url: `/api/admin/exchanges/${id}/photos/${added.json().data.id}`,
    });
    expect(staffPhoto.statusCode).toBe(200);

    expect((await post(support, `/api/admin/exchanges/${id}/approve`, { resolution: "refund" })).statusCode).toBe(403);
    const noResolution = await post(ops, `/api/admin/exchanges/${id}/approve`, {});
    expect(noResolution.statusCode).toBe(400);
    expect(noResolution.json().message).toBe(am.resolutionRequired);
    const refunded = await post(ops, `/api/admin/exchanges/${id}/approve`, { resolution: "refund" });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().data).toMatchObject({
      status: "COMPLETED",
      resolution: "refund",
      refundedAmount: order.item.line_total,
    });
    await shop.app.outbox.drain();
    const notes = await db()
      .selectFrom("tax_documents")
      .select(["kind", "total"])
      .where("order_id", "=", order.id)
      .where("kind", "=", "credit_note")
      .execute();
    expect(notes).toEqual([{ kind: "credit_note", total: order.item.line_total }]);
    expect((await auditOf(id)).map((row) => row.action)).toEqual(["after_sales.approve"]);
    expect(await mails(id)).toEqual(["received", "approved", "refunded", "completed"]);
    const closed = await upload(camera);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(am.photosClosed);
  });

  it("replaces a defective piece: the same size held, shipped at once, completed on delivery", async () => {
    const order = await deliveredOrder({ abroad: true });
    const id = (await ask(order, { kind: "defect", itemId: order.item.id, description: "Hole in the sleeve" })).json()
      .data.id as number;
    const mStock = await stockOf(db(), order.variants.m);
    await db().updateTable("variants").set({ stock_quantity: 0 }).where("id", "=", order.variants.m).execute();
    const none = await post(ops, `/api/admin/exchanges/${id}/approve`, { resolution: "replace" });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(am.replacementOutOfStock);
    expect((await staffView(id)).status).toBe("REQUESTED");
    await db().updateTable("variants").set({ stock_quantity: mStock }).where("id", "=", order.variants.m).execute();

    const replaced = await post(ops, `/api/admin/exchanges/${id}/approve`, { resolution: "replace" });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().data).toMatchObject({
      status: "APPROVED",
      resolution: "replace",
      returnStatus: null,
      replacementStatus: "SHIPPED",
      toSize: "M",
    });
    expect(await stockOf(db(), order.variants.m)).toBe(mStock - 1);
    expect((await ledger(order.variants.m)).map((row) => [row.reason, row.change])).toEqual([
      ["hold", -1],
      ["sale", 0],
    ]);
    clock.advance(8 * step);
    expect((await overview(order)).json().data.requests[0]).toMatchObject({
      status: "COMPLETED",
      replacementStatus: "DELIVERED",
    });
  });

  it("with EXCHANGE_SHIP_MODE=at-approval the new size ships when the request is approved", async () => {
    const first = shop;
    const second = await createTestShop(
      {
        HOLD_SWEEP_INTERVAL_MS: "0",
        OUTBOX_INTERVAL_MS: "0",
        SANDBOX_COURIER_MINUTES_PER_STEP: "0.05",
        EXCHANGE_SHIP_MODE: "at-approval",
        // The periodic sync runs here: nobody opens the request below, the timer follows the courier.
        COURIER_SYNC_INTERVAL_MS: "50",
      },
      { clock },
    );
    try {
      shop = second;
      const boss = await setUpOwner(second.app, clock);
      const order = await deliveredOrder();
      const id = (await exchange(order, order.variants.s)).json().data.id as number;
      const approved = await post(boss, `/api/admin/exchanges/${id}/approve`);
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json().data).toMatchObject({ returnStatus: "PICKUP_BOOKED", replacementStatus: "SHIPPED" });
      expect(approved.json().data.steps.map((s: { label: string }) => s.label)).toEqual([
        "Requested",
        "Approved",
        "Pickup booked",
        "New size shipped",
        "Picked up",
        "New size delivered",
      ]);
      expect((await auditOf(id)).map((row) => row.action)).toEqual([
        "after_sales.approve",
        "after_sales.ship_replacement",
      ]);
      clock.advance(8 * step);
      const row = () =>
        db().selectFrom("after_sales_requests").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
      await vi.waitFor(
        async () =>
          expect(await row()).toMatchObject({ return_status: "AT_WAREHOUSE", replacement_status: "DELIVERED" }),
        { timeout: 5_000 },
      );
      expect((await row()).courier_checked_at).not.toBeNull();
    } finally {
      shop = first;
      await second.close();
    }
  });

  it("asks for step-up before refunding more than Rs 10,000", async () => {
    const order = await deliveredOrder({ abroad: true, price: 1_250_000 });
    const id = (await ask(order, { kind: "defect", itemId: order.item.id, description: "Zip broken" })).json().data
      .id as number;
    clock.advance(6 * 60_000); // past any step-up the set-up left
    const refused = await post(ops, `/api/admin/exchanges/${id}/approve`, { resolution: "refund" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe("step_up_required");
    expect((await staffView(id)).status).toBe("REQUESTED");
    expect((await orderRow(db(), order.id)).refunded_amount).toBe(0);
  });

  it("lists the inbox views with counts and keyset pages; the order page lists its requests", async () => {
    const list = await asStaff(shop.app, support, { method: "GET", url: "/api/admin/exchanges?view=all&limit=2" });
    expect(list.statusCode, list.body).toBe(200);
    const data = list.json().data;
    expect(data.items).toHaveLength(2);
    expect(data.items[0].id).toBeGreaterThan(data.items[1].id);
    expect(data.counts.all).toBe(data.counts.to_decide + data.counts.in_progress + data.counts.closed);
    const next = await asStaff(shop.app, support, {
      method: "GET",
      url: `/api/admin/exchanges?view=all&limit=2&cursor=${data.nextCursor}`,
    });
    expect(next.json().data.items[0].id).toBeLessThan(data.items[1].id);
    const orderId = data.items[0].orderId;
    const ofOrder = await asStaff(shop.app, support, { method: "GET", url: `/api/admin/orders/${orderId}/exchanges` });
    expect(ofOrder.statusCode).toBe(200);
    expect(ofOrder.json().data.items.map((row: { orderId: string }) => row.orderId)).toContain(orderId);
  });
});
