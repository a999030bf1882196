import { z } from "../zod.js";
import { isStrongStaffPassword } from "./password-strength.js";
import {
  adminLimits,
  adminMessages,
  adminTokenSchema,
  type SetupStartAccountRequest,
  staffEmailSchema,
  staffNameSchema,
} from "./schemas.js";

/*
 * The parts of the admin contract that judge a new password. They load zxcvbn and its
 * dictionaries (about 1 MB), so they live apart from schemas.ts: the admin app imports them only
 * on its setup page, the server wherever a password is chosen.
 */

export { isStrongStaffPassword, minimumPasswordScore, passwordScore } from "./password-strength.js";

/** A password being chosen: 12-128 characters and a zxcvbn score of at least 3. */
export const newStaffPasswordSchema = z
  .string({ error: adminMessages.passwordRequired })
  .min(adminLimits.passwordMin, { error: adminMessages.passwordTooShort, abort: true })
  .max(adminLimits.passwordMax, { error: adminMessages.passwordTooLong, abort: true })
  .refine((password) => isStrongStaffPassword(password), adminMessages.passwordWeak);

/** `setup` and `invitation` links: name, a new password, and (first owner only) the e-mail. */
export const setupStartAccountRequestSchema: z.ZodType<SetupStartAccountRequest> = z.object({
  token: adminTokenSchema,
  name: staffNameSchema,
  email: staffEmailSchema.optional(),
  password: newStaffPasswordSchema,
});
