import { clubMessages as m } from "@vaki/contract/messages";
import { z } from "@vaki/contract/zod";

/** R-STORE-9: the phone is ten digits; the +91 country code is added when it is sent. */
export const CLUB_PHONE_LENGTH = 10;

/** R-STORE-5 — all fields required, with the spec's messages. */
export const joinClubFormSchema = z.object({
  firstName: z.string().trim().min(1, m.firstNameRequired),
  email: z.string().trim().min(1, m.emailRequired).pipe(z.email(m.emailInvalid)),
  phone: z.string().regex(new RegExp(`^\\d{${CLUB_PHONE_LENGTH}}$`), m.phoneInvalid),
});
export type JoinClubFormValues = z.input<typeof joinClubFormSchema>;

/** The phone input takes digits only (typed or pasted), at most ten. */
export function phoneDigits(raw: string): string {
  return raw.replace(/\D/g, "").slice(0, CLUB_PHONE_LENGTH);
}
