import { customerMessages as cm, erasedCustomerEmail, erasedCustomerName } from "@vaki/contract/admin/customers";
import { accountMessages } from "@vaki/contract/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getProfile, type LoggedIn, login, refresh, registerAndLogin } from "../../../test/helpers/accounts.js";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { addOk, newGuest } from "../../../test/helpers/cart.js";
import { insertProduct } from "../../../test/helpers/catalog.js";
import { orderRow, paymentForm, payOnPage, startCheckout } from "../../../test/helpers/checkout.js";
import { testEngine } from "../../../test/helpers/database.js";
import { addStaff, asStaff, nextStep, type StaffSession, setUpOwner } from "../../../test/helpers/staff.js";
import { ManualClock } from "../../lib/clock.js";
import { totpCode } from "../staff/totp.js";

describe(`the owner's customers: block, DPDP export and erase, the Club (${testEngine})`, () => {
  let shop: TestShop;
  const clock = new ManualClock(new Date("2026-11-21T09:00:00.000Z"));
  let owner: StaffSession;
  let ops: StaffSession;
  let support: StaffSession;

  beforeAll(async () => {
    shop = await createTestShop({ HOLD_SWEEP_INTERVAL_MS: "0", OUTBOX_INTERVAL_MS: "0" }, { clock });
    owner = await setUpOwner(shop.app, clock);
    ops = await addStaff(shop.app, clock, "operations");
    support = await addStaff(shop.app, clock, "support");
  });
  afterAll(async () => shop.close());

  const db = () => shop.database.db;
  const post = (who: StaffSession, url: string, payload?: Record<string, unknown>) =>
    asStaff(shop.app, who, { method: "POST", url, ...(payload === undefined ? {} : { payload }) });
  const get = (who: StaffSession, url: string) => asStaff(shop.app, who, { method: "GET", url });
  const auditOf = async (action: string, entityId?: string) => {
    let query = db().selectFrom("audit_events").selectAll().where("action", "=", action);
    if (entityId) query = query.where("entity_id", "=", entityId);
    return query.orderBy("id").execute();
  };
  async function stepUp(who: StaffSession) {
    nextStep(clock);
    const answer = await post(who, "/api/admin/auth/step-up", {
      password: who.password,
      code: totpCode(who.secret, clock.now()),
    });
    expect(answer.statusCode, answer.body).toBe(200);
  }
  /** Moves past any step-up the sign-in left (5 minutes). */
  const staleStepUp = () => clock.advance(6 * 60_000);

  /** A signed-in customer's paid order (UPI), shipped through the outbox (AWB, invoice issued). */
  async function paidOrder(session: LoggedIn | null, price = 149_900, state = "Uttar Pradesh", contactEmail?: string) {
    const tee = await insertProduct(db(), { name: `Tee ${Math.random()}`, price, variants: [{ size: "M", stock: 5 }] });
    const started = await startCheckout(shop.app, session ? { headers: session.headers } : newGuest(), [
      { productId: tee.id, variantId: tee.variantIds[0] ?? 0, quantity: 1 },
    ]);
    const paid = await payOnPage(
      shop.app,
      started.token,
      paymentForm({
        method: "upi",
        "contact.email": contactEmail ?? session?.customer.email ?? "guest@example.com",
        "shippingAddress.state": state,
      }),
    );
    expect(paid.statusCode, paid.body).toBeLessThan(400);
    await shop.app.outbox.drain();
    return { id: started.orderId, productId: tee.id, variantId: tee.variantIds[0] ?? 0 };
  }
  const deliver = (orderId: string) =>
    db()
      .updateTable("orders")
      .set({ status: "DELIVERED", delivered_at: clock.now().toISOString() })
      .where("id", "=", orderId)
      .execute();

  it("blocks sign-in with a reason: sessions end at once, login says why (after the right password), guest checkout still works; unblock restores it", async () => {
    const customer = await registerAndLogin(shop.app);
    const url = `/api/admin/customers/${customer.userId}`;
    expect((await post(support, `${url}/block`, { reason: "Chargebacks" })).statusCode).toBe(403);
    const noReason = await post(ops, `${url}/block`, { reason: "  " });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fieldErrors.reason).toEqual([cm.reasonRequired]);
    expect((await post(ops, "/api/admin/customers/no-such-customer/block", { reason: "x" })).statusCode).toBe(404);

    const blocked = await post(ops, `${url}/block`, { reason: "Repeated chargebacks" });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json()).toMatchObject({ message: cm.blocked, data: { blockedReason: "Repeated chargebacks" } });
    expect((await post(ops, `${url}/block`, { reason: "Again" })).statusCode).toBe(409);

    // The session and its refresh token are over.
    expect((await getProfile(shop.app, customer)).statusCode).toBe(401);
    expect((await refresh(shop.app, customer.refreshToken)).statusCode).toBe(401);
    const sessions = await db()
      .selectFrom("sessions")
      .select("revoked_at")
      .where("user_id", "=", customer.userId)
      .execute();
    expect(sessions.length).toBeGreaterThan(0);
    expect(sessions.every((row) => row.revoked_at !== null)).toBe(true);

    // Login: a wrong password learns nothing; the right one is told the account is blocked.
    const wrong = await login(shop.app, { emailOrPhone: customer.customer.email, password: "Not-the-password-1" });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(accountMessages.loginFailed);
    const refused = await login(shop.app, {
      emailOrPhone: customer.customer.email,
      password: customer.customer.password,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(accountMessages.accountBlocked);

    // A guest checkout with the same e-mail is not affected.
    const tee = await insertProduct(db(), { name: "Guest tee", price: 99_900, variants: [{ size: "M", stock: 3 }] });
    const guest = newGuest();
    const started = await startCheckout(shop.app, guest, [{ productId: tee.id, variantId: tee.variantIds[0] ?? 0 }]);
    const guestPaid = await payOnPage(
      shop.app,
      started.token,
      paymentForm({ "contact.email": customer.customer.email }),
    );
    expect(guestPaid.statusCode, guestPaid.body).toBeLessThan(400);
    expect((await orderRow(db(), started.orderId)).status).toBe("CONFIRMED");

    const detail = await get(support, url);
    expect(detail.json().data).toMatchObject({ blockedReason: "Repeated chargebacks", blockedAt: expect.any(String) });

    const unblocked = await post(ops, `${url}/unblock`, { reason: "Sorted out on the phone" });
    expect(unblocked.statusCode, unblocked.body).toBe(200);
    expect(unblocked.json().data).toEqual({ blockedAt: null, blockedReason: null });
    expect((await post(ops, `${url}/unblock`, { reason: "Again" })).statusCode).toBe(409);
    const back = await login(shop.app, { emailOrPhone: customer.customer.email, password: customer.customer.password });
    expect(back.statusCode, back.body).toBe(200);
    expect((await get(support, url)).json().data.blockedAt).toBeNull();

    const [blockEvent] = await auditOf("customer.block", customer.userId);
    expect(blockEvent?.actor_id).toBe(ops.id);
    expect(JSON.parse(blockEvent?.changes ?? "{}")).toMatchObject({ reason: { after: "Repeated chargebacks" } });
    const [unblockEvent] = await auditOf("customer.unblock", customer.userId);
    expect(JSON.parse(unblockEvent?.changes ?? "{}")).toMatchObject({ reason: { after: "Sorted out on the phone" } });
  });

  it("shows lifetime value (paid minus refunds), Club membership and the addresses used", async () => {
    const customer = await registerAndLogin(shop.app);
    const first = await paidOrder(customer, 149_900);
    await paidOrder(customer, 99_900, "Karnataka");
    await db().updateTable("orders").set({ refunded_amount: 20_000 }).where("id", "=", first.id).execute();
    await db()
      .insertInto("club_members")
      .values({
        name: customer.customer.name,
        email: customer.customer.email,
        phone: "+919812345678",
        user_id: null,
        created_at: clock.now().toISOString(),
      })
      .execute();
    const detail = (await get(support, `/api/admin/customers/${customer.userId}`)).json().data;
    expect(detail.ordersCount).toBe(2);
    expect(detail.lifetimeValue).toBe(149_900 + 99_900 - 20_000);
    expect(detail.club).toMatchObject({ email: customer.customer.email, phone: "+919812345678" });
    expect(detail.addresses).toHaveLength(2);
    expect(detail.addresses.map((a: { state: string }) => a.state).sort()).toEqual(["Karnataka", "Uttar Pradesh"]);
    expect(detail.addresses[0]).toMatchObject({ source: "order", orders: 1, city: "Noida", pincode: "201301" });
  });

  it("exports everything the shop holds on the person as a JSON download, with step-up, audited", async () => {
    const customer = await registerAndLogin(shop.app);
    const order = await paidOrder(customer);
    const now = clock.now().toISOString();
    await db()
      .insertInto("club_members")
      .values({
        name: "Riya",
        email: customer.customer.email,
        phone: "+919800000001",
        user_id: customer.userId,
        created_at: now,
      })
      .execute();
    await db()
      .insertInto("wishlist_items")
      .values({ user_id: customer.userId, product_id: order.productId, created_at: now })
      .execute();
    await db()
      .insertInto("back_in_stock_requests")
      .values({
        variant_id: order.variantId,
        email: customer.customer.email,
        user_id: null,
        token: `t-${Math.random()}`,
        created_at: now,
        notified_at: null,
        unsubscribed_at: null,
      })
      .execute();
    await addOk(
      shop.app,
      { headers: customer.headers },
      { productId: order.productId, variantId: order.variantId, quantity: 1 },
    );
    const url = `/api/admin/customers/${customer.userId}/export`;

    expect((await get(support, url)).statusCode).toBe(403);
    expect((await get(ops, url)).statusCode).toBe(403); // operations holds no customers:export
    staleStepUp();
    const asked = await get(owner, url);
    expect(asked.statusCode).toBe(403);
    expect(asked.json().error).toBe("step_up_required");
    expect(await auditOf("customer.export", customer.userId)).toHaveLength(0);
    await stepUp(owner);
    const exported = await get(owner, url);
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.headers["content-type"]).toContain("application/json");
    expect(exported.headers["content-disposition"]).toMatch(/^attachment; filename="customer-.+\.json"$/);
    const data = exported.json();
    expect(data.account).toMatchObject({
      id: customer.userId,
      email: customer.customer.email,
      name: customer.customer.name,
    });
    expect(JSON.stringify(data)).not.toContain("argon2");
    expect(data.preferences).toEqual(expect.any(Object));
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0]).toMatchObject({
      id: order.id,
      contactEmail: customer.customer.email,
      shippingAddress: expect.objectContaining({ city: "Noida", state: "Uttar Pradesh" }),
      lines: [expect.objectContaining({ quantity: 1, unitPrice: 149_900 })],
    });
    expect(data.orders[0].taxDocuments).toEqual([expect.objectContaining({ kind: "invoice" })]);
    expect(data.club).toEqual([expect.objectContaining({ phone: "+919800000001" })]);
    expect(data.wishlist).toEqual([expect.objectContaining({ productId: order.productId })]);
    expect(data.backInStockRequests).toEqual([expect.objectContaining({ email: customer.customer.email })]);
    expect(data.cart.lines).toEqual([expect.objectContaining({ quantity: 1 })]);
    expect(data.sessions.length).toBeGreaterThan(0);
    const [event] = await auditOf("customer.export", customer.userId);
    expect(event?.actor_id).toBe(owner.id);
  });

  it("erases the person: refuses open orders and a mistyped e-mail; keeps orders anonymised (place of supply kept, invoices still print); removes the rest; audited without the data", async () => {
    const customer = await registerAndLogin(shop.app);
    const { email, name } = customer.customer;
    const order = await paidOrder(customer, 149_900, "Karnataka");
    const now = clock.now().toISOString();
    await db()
      .insertInto("club_members")
      .values({ name, email, phone: "+919800000002", user_id: customer.userId, created_at: now })
      .execute();
    await db()
      .insertInto("wishlist_items")
      .values({ user_id: customer.userId, product_id: order.productId, created_at: now })
      .execute();
    await db()
      .insertInto("back_in_stock_requests")
      .values({
        variant_id: order.variantId,
        email,
        user_id: customer.userId,
        token: `t-${Math.random()}`,
        created_at: now,
        notified_at: null,
        unsubscribed_at: null,
      })
      .execute();
    await addOk(
      shop.app,
      { headers: customer.headers },
      { productId: order.productId, variantId: order.variantId, quantity: 1 },
    );
    const url = `/api/admin/customers/${customer.userId}/erase`;

    expect((await post(support, url, { email })).statusCode).toBe(403);
    staleStepUp();
    const asked = await post(ops, url, { email });
    expect(asked.statusCode).toBe(403);
    expect(asked.json().error).toBe("step_up_required");
    await stepUp(ops);
    const mistyped = await post(ops, url, { email: `x${email}` });
    expect(mistyped.statusCode).toBe(400);
    expect(mistyped.json().message).toBe(cm.eraseEmailMismatch);
    const open = await post(ops, url, { email });
    expect(open.statusCode).toBe(409);
    expect(open.json().message).toBe(cm.erasePendingOrders(1));
    expect(
      await db().selectFrom("users").select("id").where("id", "=", customer.userId).executeTakeFirst(),
    ).toBeDefined();

    await deliver(order.id);
    // Their guest order is theirs too; another account's order that names their e-mail is not.
    const guestOrder = await paidOrder(null, 99_900, "Kerala", email);
    await deliver(guestOrder.id);
    const other = await registerAndLogin(shop.app);
    const othersOrder = await paidOrder(other, 99_900, "Goa", email);
    await deliver(othersOrder.id);
    const erased = await post(ops, url, { email: email.toUpperCase() });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json()).toMatchObject({ message: cm.erased, data: { ordersAnonymised: 2, taxDocumentsKept: 2 } });
    expect(await orderRow(db(), guestOrder.id)).toMatchObject({
      contact_email: erasedCustomerEmail,
      guest_session_id: null,
    });
    expect(await orderRow(db(), othersOrder.id)).toMatchObject({ user_id: other.userId, contact_email: email });

    expect(
      await db().selectFrom("users").select("id").where("id", "=", customer.userId).executeTakeFirst(),
    ).toBeUndefined();
    const kept = await orderRow(db(), order.id);
    expect(kept).toMatchObject({
      user_id: null,
      contact_email: erasedCustomerEmail,
      contact_phone: null,
      status: "DELIVERED",
      total: 149_900,
    });
    expect(JSON.parse(kept.shipping_address ?? "null")).toEqual({
      fullName: erasedCustomerName,
      state: "Karnataka",
      country: "India",
    });
    // Nor does the inbox's name search keep the name and city.
    expect(await db().selectFrom("order_name_words").select("word").where("order_id", "=", order.id).execute()).toEqual(
      [],
    );
    const leftovers = await Promise.all([
      db().selectFrom("club_members").select("id").where("email", "=", email).execute(),
      db().selectFrom("wishlist_items").select("id").where("user_id", "=", customer.userId).execute(),
      db().selectFrom("back_in_stock_requests").select("id").where("email", "=", email).execute(),
      db().selectFrom("carts").select("id").where("user_id", "=", customer.userId).execute(),
      db().selectFrom("sessions").select("id").where("user_id", "=", customer.userId).execute(),
    ]);
    expect(leftovers.map((rows) => rows.length)).toEqual([0, 0, 0, 0, 0]);
    expect((await get(owner, `/api/admin/customers/${customer.userId}`)).statusCode).toBe(404);
    expect((await login(shop.app, { emailOrPhone: email, password: customer.customer.password })).statusCode).toBe(401);

    // The order still reads, and its issued invoice still prints.
    const orderView = await get(owner, `/api/admin/orders/${order.id}`);
    expect(orderView.statusCode, orderView.body).toBe(200);
    expect(JSON.stringify(orderView.json().data)).not.toContain(email);
    const documents = await get(owner, `/api/admin/orders/${order.id}/tax-documents`);
    expect(documents.statusCode).toBe(200);
    const [invoice] = documents.json().data.documents;
    const pdf = await get(owner, `/api/admin/orders/${order.id}/tax-documents/${invoice.id}/pdf`);
    expect(pdf.statusCode).toBe(200);

    const [event] = await auditOf("customer.erase", customer.userId);
    expect(event?.actor_id).toBe(ops.id);
    for (const personal of [email, name, customer.customer.mobile, "Karnataka"]) {
      expect(event?.changes).not.toContain(personal);
    }
  });

  it("lists the Club (search, keyset) and exports it as CSV safe from formulas, audited with the row count", async () => {
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 1, 9, minutes)).toISOString();
    const rows = [
      { name: '=HYPERLINK("http://evil")', email: "formula@club.test", phone: "+919811111111", created_at: at(1) },
      { name: 'Asha, "the" Reader', email: "asha@club.test", phone: "+919822222222", created_at: at(2) },
      { name: "@Mention", email: "mention@club.test", phone: "+919833333333", created_at: at(3) },
    ];
    await db()
      .insertInto("club_members")
      .values(rows.map((row) => ({ ...row, user_id: null })))
      .execute();

    const all = await get(support, "/api/admin/club?limit=2&q=club.test");
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().data.items.map((m: { email: string }) => m.email)).toEqual([
      "mention@club.test",
      "asha@club.test",
    ]);
    const cursor = all.json().data.nextCursor;
    expect(cursor).toEqual(expect.any(String));
    const next = await get(support, `/api/admin/club?limit=2&q=club.test&cursor=${cursor}`);
    expect(next.json().data).toMatchObject({ items: [{ email: "formula@club.test" }], nextCursor: null });
    const byPhone = await get(support, "/api/admin/club?q=98222");
    expect(byPhone.json().data.items.map((m: { name: string }) => m.name)).toEqual(['Asha, "the" Reader']);

    expect((await get(support, "/api/admin/club.csv")).statusCode).toBe(403);
    expect((await get(ops, "/api/admin/club.csv")).statusCode).toBe(403);
    const csv = await get(owner, "/api/admin/club.csv?q=club.test");
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.headers["content-disposition"]).toMatch(/^attachment; filename="club-members-.+\.csv"$/);
    const lines = csv.body
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines).toEqual([
      "Name,E-mail,Phone,Joined,Customer account",
      `'@Mention,mention@club.test,'+919833333333,${at(3)},`,
      `"Asha, ""the"" Reader",asha@club.test,'+919822222222,${at(2)},`,
      `"'=HYPERLINK(""http://evil"")",formula@club.test,'+919811111111,${at(1)},`,
    ]);
    const [event] = await auditOf("club.export");
    expect(event?.actor_id).toBe(owner.id);
    expect(JSON.parse(event?.changes ?? "{}")).toMatchObject({ rows: { after: 3 } });
  });
});
