import { accountLimits, isPlausibleName } from "./accounts.js";
import { commonMessages, clubMessages as m } from "./messages.js";
import { z } from "./zod.js";

/** The first-order code every new Club member gets (R-ORD-9). */
export const firstOrderCode = "VAKI10";

/** R-STORE-5 — ten digits, sent with +91; both spellings are accepted and stored as +91XXXXXXXXXX. */
export function normaliseClubPhone(raw: string): string | null {
  const digits = /^(?:\+91)?(\d{10})$/.exec(raw.replace(/[\s-]/g, ""))?.[1];
  return digits ? `+91${digits}` : null;
}

export const joinClubRequestSchema = z.object(
  {
    name: z
      .string({ error: m.firstNameRequired })
      .trim()
      .min(1, { error: m.firstNameRequired, abort: true })
      .max(accountLimits.nameMax, m.nameTooLong)
      .refine(isPlausibleName, m.firstNameRequired),
    email: z
      .string({ error: m.emailRequired })
      .trim()
      .toLowerCase()
      .min(1, { error: m.emailRequired, abort: true })
      .max(accountLimits.emailMax, m.emailInvalid)
      .regex(z.regexes.email, m.emailInvalid),
    phone: z
      .string({ error: m.phoneInvalid })
      .max(20, m.phoneInvalid)
      .transform((value, context) => {
        const phone = normaliseClubPhone(value);
        if (!phone) {
          context.addIssue({ code: "custom", message: m.phoneInvalid });
          return z.NEVER;
        }
        return phone;
      }),
  },
  { error: commonMessages.invalidInput },
);
export type JoinClubRequest = z.input<typeof joinClubRequestSchema>;

export const clubMembershipSchema = z.object({
  memberId: z.number().int(),
  /** Shown as the success toast (R-STORE-8). */
  welcomeMessage: z.string(),
  firstOrderCode: z.string(),
});
export type ClubMembership = z.infer<typeof clubMembershipSchema>;
