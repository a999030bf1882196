import { categoryMessages } from "@vaki/contract/admin/categories";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { insertCategory } from "../../../test/helpers/catalog.js";
import { testEngine } from "../../../test/helpers/database.js";
import { addStaff, asStaff, type StaffSession, setUpOwner } from "../../../test/helpers/staff.js";
import { ManualClock } from "../../lib/clock.js";

describe(`categories and characters on the owner's side (${testEngine})`, () => {
  let shop: TestShop;
  let clock: ManualClock;
  let catalogue: StaffSession;
  let support: StaffSession;

  beforeAll(async () => {
    clock = new ManualClock(new Date("2026-11-26T10:00:00.000Z"));
    shop = await createTestShop({ HOLD_SWEEP_INTERVAL_MS: "0", OUTBOX_INTERVAL_MS: "0" }, { clock });
    await setUpOwner(shop.app, clock);
    catalogue = await addStaff(shop.app, clock, "catalogue");
    support = await addStaff(shop.app, clock, "support");
  });
  afterAll(async () => shop.close());

  const call = (person: StaffSession, method: "GET" | "POST" | "PATCH", url: string, payload?: unknown) =>
    asStaff(shop.app, person, { method, url: `/api/admin${url}`, ...(payload ? { payload } : {}) });
  const fields = (overrides: Record<string, unknown> = {}) => ({
    name: "Summer Drop",
    parentId: null,
    active: true,
    description: "",
    imageUrl: "",
    isCharacter: false,
    tagline: "",
    accentColor: "",
    ...overrides,
  });
  const listed = async () =>
    (await call(catalogue, "GET", "/categories")).json().data.categories as {
      id: number;
      name: string;
      slug: string;
      parentId: number | null;
      active: boolean;
      displayOrder: number;
      tagline: string | null;
      accentColor: string | null;
    }[];

  it("creates a category with a slug from its name, audited, and the storefront lists it at once", async () => {
    const created = await call(catalogue, "POST", "/categories", fields({ name: "Summer Drop ’26" }));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    const row = (await listed()).find((category) => category.id === id);
    expect(row).toMatchObject({ name: "Summer Drop ’26", slug: "summer-drop-26", parentId: null, active: true });

    const storefront = await shop.app.inject({ method: "GET", url: "/api/categories" });
    expect(JSON.stringify(storefront.json())).toContain("summer-drop-26");
    const audit = await shop.database.db
      .selectFrom("audit_events")
      .select("action")
      .where("entity_type", "=", "category")
      .where("entity_id", "=", String(id))
      .execute();
    expect(audit.map((event) => event.action)).toEqual(["category.create"]);

    const taken = await call(
      catalogue,
      "POST",
      "/categories",
      fields({ name: "Summer drop 26", slug: "summer-drop-26" }),
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(categoryMessages.slugTaken("summer-drop-26"));
  });

  it("edits a character's tagline and colour, and refuses bad colours and image addresses beside the fields", async () => {
    const parent = await insertCategory(shop.database.db, { name: "Vakiverse test" });
    const character = await insertCategory(shop.database.db, {
      name: "Kiro",
      parentId: parent,
      character: true,
      tagline: "Old tagline",
      accentColor: "#112233",
    });
    const saved = await call(catalogue, "PATCH", `/categories/${character}`, {
      tagline: "Runs the night market",
      accentColor: "#E4572E",
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await listed()).find((category) => category.id === character)).toMatchObject({
      tagline: "Runs the night market",
      accentColor: "#e4572e",
    });

    const bad = await call(catalogue, "PATCH", `/categories/${character}`, {
      accentColor: "orange",
      imageUrl: "javascript:alert(1)",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toMatchObject({
      accentColor: [categoryMessages.colourFormat],
      imageUrl: [categoryMessages.imageFormat],
    });
  });

  it("moves a category under another, never under itself or its own child", async () => {
    const top = await insertCategory(shop.database.db, { name: "Outerwear" });
    const child = await insertCategory(shop.database.db, { name: "Jackets", parentId: top });
    const other = await insertCategory(shop.database.db, { name: "Layers" });

    const cycle = await call(catalogue, "PATCH", `/categories/${top}`, { parentId: child });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().message).toBe(categoryMessages.parentCycle);
    expect((await call(catalogue, "PATCH", `/categories/${top}`, { parentId: top })).statusCode).toBe(400);
    expect((await call(catalogue, "PATCH", `/categories/${top}`, { parentId: 999_999 })).json().message).toBe(
      categoryMessages.parentUnknown,
    );

    const moved = await call(catalogue, "PATCH", `/categories/${child}`, { parentId: other });
    expect(moved.statusCode).toBe(200);
    const tree = await listed();
    const at = (id: number) => tree.findIndex((category) => category.id === id);
    expect(tree[at(child)]!.parentId).toBe(other);
    // Parents come before their children.
    expect(at(other)).toBeLessThan(at(child));
  });

  it("reorders the children of one parent, refusing an order that leaves one out", async () => {
    const parent = await insertCategory(shop.database.db, { name: "Accessories" });
    const ids = [];
    for (const name of ["Caps", "Bags", "Socks"])
      ids.push(await insertCategory(shop.database.db, { name, parentId: parent }));
    const order = [ids[2]!, ids[0]!, ids[1]!];
    const saved = await call(catalogue, "POST", "/categories/order", { parentId: parent, ids: order });
    expect(saved.statusCode, saved.body).toBe(200);
    const children = (await listed()).filter((category) => category.parentId === parent);
    expect(children.map((category) => category.name)).toEqual(["Socks", "Caps", "Bags"]);

    const partial = await call(catalogue, "POST", "/categories/order", { parentId: parent, ids: order.slice(1) });
    expect(partial.statusCode).toBe(409);
    expect(partial.json().message).toBe(categoryMessages.orderMismatch);
  });

  it("lets support read nothing here and change nothing", async () => {
    expect((await call(support, "GET", "/categories")).statusCode).toBe(403);
    expect((await call(support, "POST", "/categories", fields({ name: "Nope" }))).statusCode).toBe(403);
  });

  it("hides a deactivated category from the storefront", async () => {
    const id = (await call(catalogue, "POST", "/categories", fields({ name: "Hidden Drop" }))).json().data.id;
    expect((await shop.app.inject({ method: "GET", url: "/api/categories/fetch/hidden-drop" })).statusCode).toBe(200);
    await call(catalogue, "PATCH", `/categories/${id}`, { active: false });
    expect((await shop.app.inject({ method: "GET", url: "/api/categories/fetch/hidden-drop" })).statusCode).toBe(404);
  });
});
