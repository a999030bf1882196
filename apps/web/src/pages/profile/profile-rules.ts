import { defaultCountryCode, type Profile } from "@vaki/contract/accounts";
import { profileMessages as t } from "../../features/accounts/auth-messages";

/** R-ORD-5 — a name that is blank after trimming is refused. */
export function nameProblem(draft: string): string | null {
  return draft.trim() ? null : t.nameInvalid;
}

/** R-ORD-5 — a blank mobile number is refused; its format is the server's call. */
export function mobileProblem(draft: string): string | null {
  return draft.trim() ? null : t.mobileInvalid;
}

/** R-ORD-5 "Change password": current and new must be filled, and confirmation must match. */
export function passwordChangeProblem(input: {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}): string | null {
  if (!input.currentPassword || !input.newPassword) return t.passwordFieldsMissing;
  if (input.newPassword !== input.confirmPassword) return t.passwordsDoNotMatch;
  return null;
}

/** "+919876543210" → { countryCode: "+91", number: "9876543210" }, for the edit form. */
export function splitMobile(mobile: string | null): { countryCode: string; number: string } {
  if (!mobile) return { countryCode: defaultCountryCode, number: "" };
  if (mobile.startsWith(defaultCountryCode) && mobile.length === defaultCountryCode.length + 10) {
    return { countryCode: defaultCountryCode, number: mobile.slice(defaultCountryCode.length) };
  }
  return { countryCode: "", number: mobile };
}

/** "+919876543210" → "+91 98765 43210"; other numbers as stored. */
export function formatMobile(mobile: string | null): string | null {
  if (!mobile) return null;
  const { countryCode, number } = splitMobile(mobile);
  return countryCode ? `${countryCode} ${number.slice(0, 5)} ${number.slice(5)}` : mobile;
}

/** "1998-04-12" → "12 April 1998". */
export function formatBirthday(birthday: string | null): string | null {
  if (!birthday) return null;
  const date = new Date(`${birthday}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return birthday;
  return new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    date,
  );
}

/** "Member since November 2026". */
export function memberSince(profile: Pick<Profile, "createdAt">): string | null {
  const date = new Date(profile.createdAt);
  if (Number.isNaN(date.getTime())) return null;
  return `Member since ${new Intl.DateTimeFormat("en-IN", { month: "long", year: "numeric" }).format(date)}`;
}
