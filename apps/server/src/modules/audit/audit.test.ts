import { adminMessages as m } from "@vaki/contract/admin/schemas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { testEngine } from "../../../test/helpers/database.js";
import { addStaff, asStaff, type StaffSession, setUpOwner, signIn } from "../../../test/helpers/staff.js";
import { ManualClock } from "../../lib/clock.js";

interface Event {
  id: string;
  at: string;
  action: string;
  actor: { id: string } | null;
  entityType: string;
  entityId: string;
  addressHash: string | null;
  requestId: string | null;
}

describe(`the audit log (${testEngine})`, () => {
  let shop: TestShop;
  let clock: ManualClock;
  let owner: StaffSession;
  let support: StaffSession;
  let ops: StaffSession;

  beforeAll(async () => {
    clock = new ManualClock(new Date("2026-11-20T09:00:00.000Z"));
    shop = await createTestShop({}, { clock });
    owner = await setUpOwner(shop.app, clock);
    support = await addStaff(shop.app, clock, "support");
    ops = await addStaff(shop.app, clock, "operations");
    clock.set(new Date("2026-11-21T09:00:00.000Z"));
    // A fresh sign-in the next day (it counts as a step-up), then two changes.
    owner = await signIn(shop.app, clock, owner);
    const patch = (id: string, payload: Record<string, unknown>) =>
      asStaff(shop.app, owner, {
        method: "PATCH",
        url: `/api/admin/staff/${id}`,
        payload,
        remoteAddress: "203.0.113.77",
      });
    expect((await patch(support.id, { role: "accountant" })).statusCode).toBe(200);
    clock.advance(60_000);
    expect((await patch(ops.id, { active: false })).statusCode).toBe(200);
  });
  afterAll(async () => shop.close());

  const audit = (query = "", who: StaffSession = owner) =>
    asStaff(shop.app, who, { method: "GET", url: `/api/admin/audit${query}` });
  const items = async (query = ""): Promise<Event[]> => (await audit(query)).json().data.items;

  it("lists events newest first with who, what and a hash of the address", async () => {
    const events = await items();
    expect(events.map((e) => e.action)).toEqual([
      "staff.deactivate",
      "staff.role_change",
      "staff.sign_in",
      "staff.setup",
      "staff.invite",
      "staff.setup",
      "staff.invite",
      "staff.setup",
    ]);
    const [deactivate] = events;
    expect(deactivate).toMatchObject({
      actor: { id: owner.id, name: owner.name, email: owner.email },
      entityType: "staff",
      entityId: ops.id,
      changes: { active: { before: true, after: false } },
      requestId: expect.any(String),
    });
    expect(deactivate?.addressHash).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.stringify(events)).not.toContain("203.0.113.77");
    // Invitations made by the system (no person) have no actor.
    expect(events.find((e) => e.action === "staff.invite")?.actor).toBeNull();
  });

  it("pages with a keyset cursor without gaps or repeats", async () => {
    const all = await items();
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: Event[]; nextCursor: string | null } = (
        await audit(`?limit=3${cursor ? `&cursor=${cursor}` : ""}`)
      ).json().data;
      seen.push(...page.items.map((e) => e.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.map((e) => e.id));
  });

  it("filters by person, entity, action and dates", async () => {
    expect((await items(`?actorId=${owner.id}`)).map((e) => e.action)).toEqual([
      "staff.deactivate",
      "staff.role_change",
      "staff.sign_in",
      "staff.setup",
    ]);
    expect((await items(`?entityType=staff&entityId=${support.id}`)).map((e) => e.action)).toEqual([
      "staff.role_change",
      "staff.setup",
    ]);
    expect((await items("?action=staff.deactivate")).map((e) => e.entityId)).toEqual([ops.id]);
    expect((await items("?from=2026-11-21")).map((e) => e.action)).toEqual([
      "staff.deactivate",
      "staff.role_change",
      "staff.sign_in",
    ]);
    expect((await items("?to=2026-11-20")).every((e) => e.at < "2026-11-21")).toBe(true);
    expect(await items("?from=2026-11-21T09:01:00Z&to=2026-11-21T09:05:00Z")).toHaveLength(1);
  });

  it("refuses bad filters with 400 and other roles with 403", async () => {
    const badDate = await audit("?from=yesterday");
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().fieldErrors.from).toEqual([m.dateInvalid]);
    expect((await audit("?cursor=!!")).statusCode).toBe(400);
    expect((await audit("?limit=101")).statusCode).toBe(400);
    const forbidden = await audit("", await addStaff(shop.app, clock, "operations"));
    expect(forbidden.statusCode).toBe(403);
  });

  it("has no route that changes or removes an event", () => {
    const auditRoutes = shop.app.staffModule.routeTable.filter((route) => route.url.includes("/audit"));
    expect(auditRoutes.map((route) => route.method).sort()).toEqual(["GET", "HEAD"]);
  });
});
