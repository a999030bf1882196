import { randomUUID } from "node:crypto";
import { addressMessages, SAVED_ADDRESSES_MAX } from "@vaki/contract/addresses";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAndLogin } from "../../../test/helpers/accounts.js";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { addOk, newGuest, orderOk } from "../../../test/helpers/cart.js";
import { insertProduct } from "../../../test/helpers/catalog.js";
import { initiate } from "../../../test/helpers/checkout.js";
import { testEngine } from "../../../test/helpers/database.js";

const home = {
  fullName: "Riya Sharma",
  phone: "+91 98765 43210",
  line1: "12 MG Road",
  line2: "Near the park",
  city: "Bengaluru",
  state: "karnataka",
  pincode: "560001",
  country: "IN",
};
const london = {
  fullName: "Riya Sharma",
  phone: "020 7946 0958",
  line1: "221B Baker Street",
  city: "London",
  state: "Greater London",
  pincode: "nw1 6xe",
  country: "United Kingdom",
};

describe(`saved addresses API (${testEngine})`, () => {
  let shop: TestShop;

  const call = (
    method: "GET" | "POST" | "PATCH" | "DELETE",
    url: string,
    headers: Record<string, string>,
    payload?: Record<string, unknown>,
  ) => shop.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
  const add = async (headers: Record<string, string>, address: Record<string, unknown>) => {
    const response = await call("POST", "/api/account/addresses", headers, address);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.addresses as { id: string; isDefault: boolean; fullName: string }[];
  };

  beforeAll(async () => {
    shop = await createTestShop({ OUTBOX_INTERVAL_MS: "0", HOLD_SWEEP_INTERVAL_MS: "0" });
  });
  afterAll(async () => shop.close());

  it("saves addresses normalised by their country's rules, the first as the default", async () => {
    const { headers } = await registerAndLogin(shop.app);
    const empty = await call("GET", "/api/account/addresses", headers);
    expect(empty.statusCode).toBe(200);
    expect(empty.headers["cache-control"]).toBe("no-store");
    expect(empty.json().data).toEqual({ addresses: [], max: SAVED_ADDRESSES_MAX });

    const [first] = await add(headers, home);
    expect(first).toMatchObject({
      ...home,
      phone: "9876543210",
      state: "Karnataka",
      country: "India",
      isDefault: true,
    });
    const book = await add(headers, london);
    // The default first, then newest first.
    expect(book.map((a) => [a.fullName, a.isDefault])).toEqual([
      ["Riya Sharma", true],
      ["Riya Sharma", false],
    ]);
    expect(book[1]).toMatchObject({ phone: "+442079460958", pincode: "NW1 6XE", country: "United Kingdom", line2: "" });
  });

  it("answers 400 with field errors and the rules' messages", async () => {
    const { headers } = await registerAndLogin(shop.app);
    const bad = await call("POST", "/api/account/addresses", headers, {
      ...home,
      pincode: "012345",
      state: "Atlantis",
      phone: "12345",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(addressMessages.invalid);
    expect(bad.json().fieldErrors).toMatchObject({
      pincode: ["Enter a 6-digit pincode"],
      state: ["Choose a state"],
      phone: ["Enter a 10-digit mobile number"],
    });
    const missing = await call("POST", "/api/account/addresses", headers, { country: "India" });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().fieldErrors)).toEqual(expect.arrayContaining(["fullName", "line1", "city"]));
    const nowhere = await call("POST", "/api/account/addresses", headers, { ...london, country: "Atlantis" });
    expect(nowhere.json().fieldErrors.country).toEqual(["Choose a country"]);
    // An edit is held to the same rules, the stored fields filling in what is not sent.
    const [saved] = await add(headers, home);
    const move = await call("PATCH", `/api/account/addresses/${saved!.id}`, headers, { pincode: "99" });
    expect(move.statusCode).toBe(400);
    expect(move.json().fieldErrors.pincode).toBeDefined();
  });

  it("edits, sets the default, and promotes the newest when the default is deleted", async () => {
    const { headers } = await registerAndLogin(shop.app);
    const [a] = await add(headers, { ...home, fullName: "First Home" });
    await add(headers, { ...home, fullName: "Second Home" });
    const third = await add(headers, { ...home, fullName: "Third Home" });
    const byName = (name: string) => third.find((x) => x.fullName === name)!;

    const edited = await call("PATCH", `/api/account/addresses/${a!.id}`, headers, { city: "Mysuru" });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.addresses.find((x: { id: string }) => x.id === a!.id)).toMatchObject({
      city: "Mysuru",
      fullName: "First Home",
      isDefault: true,
    });

    const second = byName("Second Home");
    const made = await call("POST", `/api/account/addresses/${second.id}/default`, headers);
    expect(made.statusCode).toBe(200);
    const after = made.json().data.addresses as { fullName: string; isDefault: boolean }[];
    expect(after.filter((x) => x.isDefault).map((x) => x.fullName)).toEqual(["Second Home"]);
    expect(after[0]?.fullName).toBe("Second Home");

    // Through PATCH too.
    const viaPatch = await call("PATCH", `/api/account/addresses/${a!.id}`, headers, { isDefault: true });
    expect(viaPatch.json().data.addresses[0]).toMatchObject({ fullName: "First Home", isDefault: true });

    const removed = await call("DELETE", `/api/account/addresses/${a!.id}`, headers);
    expect(removed.statusCode).toBe(200);
    const left = removed.json().data.addresses as { fullName: string; isDefault: boolean }[];
    expect(left.map((x) => [x.fullName, x.isDefault])).toEqual([
      ["Third Home", true],
      ["Second Home", false],
    ]);
    // A non-default deletion leaves the default alone; the last one leaves an empty book.
    await call("DELETE", `/api/account/addresses/${byName("Second Home").id}`, headers);
    const last = await call("DELETE", `/api/account/addresses/${byName("Third Home").id}`, headers);
    expect(last.json().data.addresses).toEqual([]);
    // The next address is the default again.
    expect((await add(headers, home))[0]?.isDefault).toBe(true);
  });

  it("keeps each account to its own addresses: another's id is 404", async () => {
    const owner = await registerAndLogin(shop.app);
    const other = await registerAndLogin(shop.app);
    const [mine] = await add(owner.headers, home);
    const url = `/api/account/addresses/${mine!.id}`;
    expect((await call("PATCH", url, other.headers, { city: "Pune" })).statusCode).toBe(404);
    expect((await call("DELETE", url, other.headers)).statusCode).toBe(404);
    const stolen = await call("POST", `${url}/default`, other.headers);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().message).toBe(addressMessages.notFound);
    expect((await call("GET", "/api/account/addresses", other.headers)).json().data.addresses).toEqual([]);
    expect((await call("PATCH", `/api/account/addresses/${randomUUID()}`, owner.headers, {})).statusCode).toBe(404);
    expect((await call("DELETE", "/api/account/addresses/not-an-id", owner.headers)).statusCode).toBe(400);
    // The owner's address is untouched.
    const book = (await call("GET", "/api/account/addresses", owner.headers)).json().data.addresses;
    expect(book).toHaveLength(1);
    expect(book[0].city).toBe("Bengaluru");
  });

  it("refuses guests", async () => {
    expect((await call("GET", "/api/account/addresses", {})).statusCode).toBe(401);
    expect((await call("POST", "/api/account/addresses", {}, home)).statusCode).toBe(401);
  });

  it(`holds at most ${SAVED_ADDRESSES_MAX} addresses`, async () => {
    const { headers } = await registerAndLogin(shop.app);
    for (let i = 0; i < SAVED_ADDRESSES_MAX; i++) await add(headers, { ...home, fullName: `Home ${i}` });
    const full = await call("POST", "/api/account/addresses", headers, home);
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(addressMessages.full);
    // Two at once at the limit minus one: exactly one gets in.
    const book = (await call("GET", "/api/account/addresses", headers)).json().data.addresses;
    await call("DELETE", `/api/account/addresses/${book[1].id}`, headers);
    const both = await Promise.all([
      call("POST", "/api/account/addresses", headers, home),
      call("POST", "/api/account/addresses", headers, home),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const final = (await call("GET", "/api/account/addresses", headers)).json().data.addresses;
    expect(final).toHaveLength(SAVED_ADDRESSES_MAX);
    expect(final.filter((a: { isDefault: boolean }) => a.isDefault)).toHaveLength(1);
  });

  describe("at checkout", () => {
    let product: { id: number; variantIds: number[] };
    beforeAll(async () => {
      product = await insertProduct(shop.database.db, { name: "Address Tee", variants: [{ stock: 50 }] });
    });

    const orderFor = async (headers: Record<string, string>) => {
      await addOk(shop.app, { headers }, { productId: product.id, variantId: product.variantIds[0]! });
      return orderOk(shop.app, { headers });
    };

    it("prefills the payment page's shipping address with the chosen saved address", async () => {
      const { headers } = await registerAndLogin(shop.app);
      const [saved] = await add(headers, { ...home, fullName: "Asha <Rao>" });
      const order = await orderFor(headers);
      const started = await initiate(shop.app, { headers }, { orderId: order.id, addressId: saved!.id });
      expect(started.statusCode, started.body).toBe(200);
      const page = await shop.app.inject({ method: "GET", url: `/sandbox/pay/${started.json().data.token}` });
      expect(page.statusCode).toBe(200);
      expect(page.body).toMatch(/name="shippingAddress\.fullName"[^>]*value="Asha &lt;Rao&gt;"/);
      expect(page.body).toMatch(/name="shippingAddress\.line1"[^>]*value="12 MG Road"/);
      expect(page.body).toMatch(/name="shippingAddress\.pincode"[^>]*value="560001"/);
      expect(page.body).toMatch(/name="shippingAddress\.state"[^>]*value="Karnataka"/);
      expect(page.body).toMatch(/name="shippingAddress\.phone"[^>]*value="9876543210"/);
      // The account's own mobile stays the contact number.
      expect(page.body).toMatch(/name="contact\.phone"[^>]*value="(\d{10})"/);

      // Starting again with another address: the renewed page shows the new choice.
      const abroad = await add(headers, london);
      const uk = abroad.find((a) => !a.isDefault)!;
      const again = await initiate(shop.app, { headers }, { orderId: order.id, addressId: uk.id });
      expect(again.statusCode, again.body).toBe(200);
      const renewed = await shop.app.inject({ method: "GET", url: `/sandbox/pay/${again.json().data.token}` });
      expect(renewed.body).toMatch(/name="shippingAddress\.line1"[^>]*value="221B Baker Street"/);
      expect(renewed.body).toMatch(/<option selected>United Kingdom<\/option>/);

      // And without one: today's page, the shipping block empty.
      const plain = await initiate(shop.app, { headers }, { orderId: order.id });
      const empty = await shop.app.inject({ method: "GET", url: `/sandbox/pay/${plain.json().data.token}` });
      expect(empty.body).toMatch(/name="shippingAddress\.line1"[^>]*value=""/);
    });

    it("takes the address's phone as the contact number of an account without a mobile", async () => {
      const { headers } = await registerAndLogin(shop.app, { mobile: "" });
      const [saved] = await add(headers, { ...home, phone: "9123456789" });
      const order = await orderFor(headers);
      const started = await initiate(shop.app, { headers }, { orderId: order.id, addressId: saved!.id });
      const page = await shop.app.inject({ method: "GET", url: `/sandbox/pay/${started.json().data.token}` });
      expect(page.body).toMatch(/name="contact\.phone"[^>]*value="9123456789"/);
    });

    it("refuses another shopper's address, an unknown one, and any for a guest", async () => {
      const owner = await registerAndLogin(shop.app);
      const other = await registerAndLogin(shop.app);
      const [saved] = await add(owner.headers, home);
      const order = await orderFor(other.headers);
      const stolen = await initiate(shop.app, { headers: other.headers }, { orderId: order.id, addressId: saved!.id });
      expect(stolen.statusCode).toBe(404);
      expect(stolen.json().message).toBe(addressMessages.notFound);
      const unknown = await initiate(
        shop.app,
        { headers: other.headers },
        { orderId: order.id, addressId: randomUUID() },
      );
      expect(unknown.statusCode).toBe(404);
      const malformed = await initiate(shop.app, { headers: other.headers }, { orderId: order.id, addressId: "x" });
      expect(malformed.statusCode).toBe(400);
      const guest = newGuest();
      await addOk(shop.app, guest, { productId: product.id, variantId: product.variantIds[0]! });
      const guestOrder = await orderOk(shop.app, guest);
      const asGuest = await initiate(shop.app, guest, {
        orderId: guestOrder.id,
        orderSecret: guestOrder.orderSecret,
        addressId: saved!.id,
      });
      expect(asGuest.statusCode).toBe(404);
      // Without it, the guest's checkout starts as before.
      const plain = await initiate(shop.app, guest, { orderId: guestOrder.id, orderSecret: guestOrder.orderSecret });
      expect(plain.statusCode).toBe(200);
    });
  });
});
