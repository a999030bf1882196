import { describe, expect, it } from "vitest";
import {
  changePasswordRequestSchema,
  isPlausibleName,
  isStrongPassword,
  normaliseMobile,
  parseAccountIdentifier,
} from "./accounts.js";
import { normaliseClubPhone } from "./community.js";
import { accountMessages } from "./messages.js";

describe("account field rules", () => {
  it("writes mobile numbers as E.164 with +91 by default", () => {
    expect(normaliseMobile("9876543210")).toBe("+919876543210");
    expect(normaliseMobile("+91 98765-43210")).toBe("+919876543210");
    expect(normaliseMobile("919876543210")).toBe("+919876543210");
    expect(normaliseMobile("4155552671", "+1")).toBe("+14155552671");
    expect(normaliseMobile("+447700900123")).toBe("+447700900123");
    for (const bad of ["", "12345", "+91987654321", "+9198765432101", "98765abcde", "+0123456789"]) {
      expect(normaliseMobile(bad), bad).toBeNull();
    }
  });

  it("keeps the Club's phone to ten Indian digits", () => {
    expect(normaliseClubPhone("9876543210")).toBe("+919876543210");
    expect(normaliseClubPhone("+91 98765 43210")).toBe("+919876543210");
    expect(normaliseClubPhone("+14155552671")).toBeNull();
  });

  it("asks passwords for 9 characters with a letter, a digit and a special character", () => {
    expect(isStrongPassword("Chai-time-42")).toBe(true);
    expect(isStrongPassword("abcdefg1!")).toBe(true);
    for (const weak of ["abcdef1!", "abcdefghi!", "abcdefgh1", "123456789!", "abc def 12"]) {
      expect(isStrongPassword(weak), weak).toBe(false);
    }
    expect(isStrongPassword(`${"a".repeat(126)}1!`)).toBe(true);
    expect(isStrongPassword(`${"a".repeat(127)}1!`)).toBe(false);
  });

  it("tells an e-mail from a mobile number in the login field", () => {
    expect(parseAccountIdentifier(" Riya@Example.COM ")).toEqual({ kind: "email", email: "riya@example.com" });
    expect(parseAccountIdentifier("98765 43210")).toEqual({ kind: "mobile", mobile: "+919876543210" });
    expect(parseAccountIdentifier("riya@")).toBeNull();
    expect(parseAccountIdentifier("' OR 1=1 --")).toBeNull();
  });

  it("accepts real names and refuses punctuation runs", () => {
    for (const name of ["Riya", "Anaïs O'Brien-Dsouza", "J. R. Rao", "प्रिया"])
      expect(isPlausibleName(name), name).toBe(true);
    for (const name of ["", " Riya", "admin' --", "Robert'); DROP", "1337"])
      expect(isPlausibleName(name), name).toBe(false);
  });

  it("reads the three spellings of the change-password form and checks the confirmation", () => {
    const parsed = changePasswordRequestSchema.parse({ oldPwd: "old", newPwd: "New-pass-42", type: "x" });
    // The spelling used is kept, so an error comes back under the field the request sent.
    expect(parsed).toEqual({
      currentPassword: "old",
      currentPasswordField: "oldPwd",
      newPassword: "New-pass-42",
      newPasswordField: "newPwd",
      userId: undefined,
    });
    const mismatch = changePasswordRequestSchema.safeParse({
      currentPassword: "old",
      newPassword: "New-pass-42",
      confirmPassword: "New-pass-43",
    });
    expect(mismatch.error?.issues[0]?.message).toBe(accountMessages.passwordsDoNotMatch);
  });
});
