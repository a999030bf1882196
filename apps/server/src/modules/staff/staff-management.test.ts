import { adminMessages as m } from "@vaki/contract/admin/schemas";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { testEngine } from "../../../test/helpers/database.js";
import { lastMailTo } from "../../../test/helpers/mail.js";
import {
  addStaff,
  asStaff,
  completeLink,
  type StaffSession,
  setUpOwner,
  tokenOf,
} from "../../../test/helpers/staff.js";
import { ManualClock } from "../../lib/clock.js";

const unknownId = "00000000-0000-4000-8000-000000000000";

describe(`staff management (${testEngine})`, () => {
  let shop: TestShop;
  let clock: ManualClock;
  let owner: StaffSession;

  beforeEach(async () => {
    clock = new ManualClock();
    shop = await createTestShop({}, { clock });
    owner = await setUpOwner(shop.app, clock);
  });
  afterEach(async () => shop.close());

  const patch = (who: StaffSession, id: string, payload: Record<string, unknown>) =>
    asStaff(shop.app, who, { method: "PATCH", url: `/api/admin/staff/${id}`, payload });
  const me = (who: StaffSession) => asStaff(shop.app, who, { method: "GET", url: "/api/admin/auth/me" });
  const auditActions = async () =>
    (await shop.database.db.selectFrom("audit_events").select("action").orderBy("id").execute()).map(
      (row) => row.action,
    );

  it("invites by e-mail (72 hours, mailed), lists the invitation, and the link makes the account", async () => {
    const invite = await asStaff(shop.app, owner, {
      method: "POST",
      url: "/api/admin/staff/invitations",
      payload: { email: "Ops@Vaki.test", name: "Omar Ops", role: "operations" },
    });
    expect(invite.statusCode).toBe(201);
    const { invitationUrl, expiresAt } = invite.json().data;
    expect(invitationUrl).toMatch(/\/admin\/setup\?token=/);
    expect(expiresAt).toBe(new Date(clock.now().getTime() + 72 * 3600_000).toISOString());
    const mail = lastMailTo(shop.config.dataDir, "ops@vaki.test");
    expect(mail.text).toContain(invitationUrl);

    const list = await asStaff(shop.app, owner, { method: "GET", url: "/api/admin/staff" });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.invitations).toEqual([
      { id: expect.any(String), email: "ops@vaki.test", name: "Omar Ops", role: "operations", expiresAt },
    ]);

    const inspect = await shop.app.inject({
      method: "POST",
      url: "/api/admin/setup/inspect",
      payload: { token: tokenOf(invitationUrl) },
    });
    expect(inspect.json().data).toEqual({
      kind: "invitation",
      email: "ops@vaki.test",
      name: "Omar Ops",
      role: "operations",
    });
    const ops = await completeLink(shop.app, clock, invitationUrl, { name: "Omar O." });
    expect(ops).toMatchObject({ email: "ops@vaki.test", name: "Omar O.", role: "operations" });

    const after = (await asStaff(shop.app, owner, { method: "GET", url: "/api/admin/staff" })).json().data;
    expect(after.invitations).toEqual([]);
    expect(
      after.items.map((s: { email: string; twoFactor: boolean; active: boolean }) => [s.email, s.twoFactor, s.active]),
    ).toEqual([
      [owner.email, true, true],
      ["ops@vaki.test", true, true],
    ]);
    expect(await auditActions()).toEqual(["staff.setup", "staff.invite", "staff.setup"]);
  });

  it("refuses an invitation for a staff e-mail (409), a bad role (400), and a role without staff:manage (403)", async () => {
    const taken = await asStaff(shop.app, owner, {
      method: "POST",
      url: "/api/admin/staff/invitations",
      payload: { email: owner.email, name: "Again", role: "support" },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(m.emailTaken);

    const badRole = await asStaff(shop.app, owner, {
      method: "POST",
      url: "/api/admin/staff/invitations",
      payload: { email: "x@vaki.test", name: "X", role: "boss" },
    });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().fieldErrors.role).toEqual([m.roleInvalid]);

    const support = await addStaff(shop.app, clock, "support");
    const forbidden = await asStaff(shop.app, support, {
      method: "POST",
      url: "/api/admin/staff/invitations",
      payload: { email: "y@vaki.test", name: "Y", role: "support" },
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error).toBe("forbidden");
  });

  it("changes a role (audited) and answers 404 for an unknown person, 400 for an empty change", async () => {
    const support = await addStaff(shop.app, clock, "support");
    const changed = await patch(owner, support.id, { role: "operations" });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ id: support.id, role: "operations", active: true });
    // Their live session now has the new role's permissions.
    expect((await me(support)).json().data.staff.permissions).toContain("orders:refund");

    expect((await patch(owner, unknownId, { role: "support" })).statusCode).toBe(404);
    const empty = await patch(owner, support.id, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(m.nothingToChange);

    const event = await shop.database.db
      .selectFrom("audit_events")
      .selectAll()
      .where("action", "=", "staff.role_change")
      .executeTakeFirstOrThrow();
    expect(event).toMatchObject({ actor_id: owner.id, entity_type: "staff", entity_id: support.id });
    expect(JSON.parse(event.changes)).toEqual({ role: { before: "support", after: "operations" } });
  });

  it("deactivation ends a live session at once", async () => {
    const ops = await addStaff(shop.app, clock, "operations");
    expect((await me(ops)).statusCode).toBe(200);
    const off = await patch(owner, ops.id, { active: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().data.active).toBe(false);
    const after = await me(ops);
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe(m.sessionEnded);
    const login = await shop.app.inject({
      method: "POST",
      url: "/api/admin/auth/login",
      payload: { email: ops.email, password: ops.password },
    });
    expect(login.statusCode).toBe(401);
    expect(await auditActions()).toContain("staff.deactivate");
  });

  it("never demotes or deactivates the last active owner (409)", async () => {
    for (const change of [{ role: "operations" }, { active: false }]) {
      const refused = await patch(owner, owner.id, change);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(m.lastOwner);
    }
    const second = await addStaff(shop.app, clock, "owner");
    expect((await patch(owner, second.id, { role: "catalogue" })).statusCode).toBe(200);
    expect((await patch(owner, owner.id, { active: false })).statusCode).toBe(409);
    expect((await patch(owner, second.id, { role: "owner" })).statusCode).toBe(200);
    // With two owners one may go; then the other is the last again.
    expect((await patch(owner, second.id, { active: false })).statusCode).toBe(200);
    expect((await patch(owner, owner.id, { role: "support" })).statusCode).toBe(409);
  });

  it("needs a fresh step-up for staff changes", async () => {
    const support = await addStaff(shop.app, clock, "support");
    clock.advance(6 * 60_000);
    const late = await patch(owner, support.id, { role: "catalogue" });
    expect(late.statusCode).toBe(403);
    expect(late.json().error).toBe("step_up_required");
    const reset = await asStaff(shop.app, owner, {
      method: "POST",
      url: `/api/admin/staff/${support.id}/reset-two-factor`,
    });
    expect(reset.statusCode).toBe(403);
    expect(reset.json().error).toBe("step_up_required");
    // The staff list itself is a read: no step-up.
    expect((await asStaff(shop.app, owner, { method: "GET", url: "/api/admin/staff" })).statusCode).toBe(200);
  });

  it("answers 404 for resetting two-factor of an unknown person", async () => {
    const response = await asStaff(shop.app, owner, {
      method: "POST",
      url: `/api/admin/staff/${unknownId}/reset-two-factor`,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(m.staffNotFound);
  });
});
