import { describe, expect, it } from "vitest";
import { inboxCountCap, inboxCountLabel } from "./inbox-tabs.js";
import { newStaffPasswordSchema, passwordScore, setupStartAccountRequestSchema } from "./new-password.js";
import { can, permissions, rolePermissions, staffRoles } from "./permissions.js";
import {
  adminOrdersQuerySchema,
  auditQuerySchema,
  loginRequestSchema,
  adminMessages as m,
  orderNoteRequestSchema,
  signInCodeSchema,
  staffPatchRequestSchema,
  totpCodeSchema,
} from "./schemas.js";

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe("staff passwords", () => {
  it("need 12 characters and a zxcvbn score of 3, the same check the app's meter shows", () => {
    expect(messagesOf(newStaffPasswordSchema.safeParse("Short-1!"))).toEqual([m.passwordTooShort]);
    expect(messagesOf(newStaffPasswordSchema.safeParse("password1234"))).toEqual([m.passwordWeak]);
    expect(messagesOf(newStaffPasswordSchema.safeParse("aaaaaaaaaaaaaaaa"))).toEqual([m.passwordWeak]);
    expect(newStaffPasswordSchema.safeParse("lantern-otter-quarry-velvet-92").success).toBe(true);
    expect(messagesOf(newStaffPasswordSchema.safeParse("x".repeat(129)))).toEqual([m.passwordTooLong]);
    expect(passwordScore("password1234")).toBeLessThan(3);
    expect(passwordScore("lantern-otter-quarry-velvet-92")).toBe(4);
  });

  it("count the person's own name and e-mail against the score", () => {
    expect(passwordScore("ashaowner2026", ["asha", "owner"])).toBeLessThan(passwordScore("ashaowner2026"));
  });
});

describe("admin request schemas", () => {
  it("normalise e-mails and codes", () => {
    expect(loginRequestSchema.parse({ email: " Owner@Vaki.TEST ", password: "x" }).email).toBe("owner@vaki.test");
    expect(totpCodeSchema.parse("123 456")).toBe("123456");
    expect(totpCodeSchema.safeParse("12345").success).toBe(false);
    expect(signInCodeSchema.parse(" ABCDE-12345 ")).toBe("abcde-12345");
    expect(signInCodeSchema.parse("654321")).toBe("654321");
    expect(messagesOf(signInCodeSchema.safeParse("abc"))).toEqual([m.codeFormat]);
  });

  it("validate setup, notes, staff changes and list queries", () => {
    const setup = setupStartAccountRequestSchema.safeParse({ token: "t", name: " ", password: "x" });
    expect(setup.success).toBe(false);
    expect(messagesOf(orderNoteRequestSchema.safeParse({ text: "   " }))).toEqual([m.noteRequired]);
    expect(messagesOf(staffPatchRequestSchema.safeParse({}))).toEqual([m.nothingToChange]);
    expect(staffPatchRequestSchema.parse({ active: false })).toEqual({ active: false });
    expect(adminOrdersQuerySchema.parse({})).toEqual({ tab: "all", sort: "createdAt", dir: "desc", limit: 25 });
    expect(adminOrdersQuerySchema.parse({ q: "  ", limit: "100" })).toMatchObject({ limit: 100 });
    expect(adminOrdersQuerySchema.safeParse({ limit: "101" }).success).toBe(false);
    expect(auditQuerySchema.parse({}).limit).toBe(50);
    expect(messagesOf(auditQuerySchema.safeParse({ from: "2026-13-45" }))).toEqual([m.dateInvalid]);
    expect(auditQuerySchema.safeParse({ from: "2026-11-20", to: "2026-11-21T10:00:00Z" }).success).toBe(true);
  });

  it("say how long to wait in whole minutes", () => {
    expect(m.tooManyAttempts(1)).toBe("Too many attempts. Try again in 1 minute.");
    expect(m.tooManyAttempts(15)).toBe("Too many attempts. Try again in 15 minutes.");
  });
});

describe("roles", () => {
  it("only name known permissions, and every role may read the dashboard", () => {
    for (const role of staffRoles) {
      for (const permission of rolePermissions[role]) expect(permissions).toContain(permission);
      expect(can(role, "dashboard:read")).toBe(true);
    }
    expect(staffRoles.filter((role) => can(role, "staff:manage"))).toEqual(["owner"]);
    expect(staffRoles.filter((role) => can(role, "audit:read"))).toEqual(["owner"]);
  });
});

describe("the inbox's tab counts", () => {
  it("say 10,000+ past the cap and the number below it", () => {
    expect(inboxCountLabel(0)).toBe("0");
    expect(inboxCountLabel(9_999)).toBe("9,999");
    expect(inboxCountLabel(inboxCountCap)).toBe("10,000");
    expect(inboxCountLabel(inboxCountCap + 1)).toBe("10,000+");
  });
});
