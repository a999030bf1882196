import { commonMessages, accountMessages as m } from "./messages.js";
import { orNoValue } from "./no-value.js";
import { z } from "./zod.js";

/** Size limits of account fields; longer input is refused before it reaches the database. */
export const accountLimits = {
  nameMax: 100,
  emailMax: 254,
  mobileMax: 20,
  passwordMin: 9,
  passwordMax: 128,
  tokenMax: 512,
  userIdMax: 64,
} as const;

export const defaultCountryCode = "+91";

export const userRoles = ["customer", "admin"] as const;
export const userRoleSchema = z.enum(userRoles);
export type UserRole = z.infer<typeof userRoleSchema>;

// ---------------------------------------------------------------------------------------------
// Field rules shared by the server and the storefront's forms
// ---------------------------------------------------------------------------------------------

/**
 * Letters (any script), combining marks, spaces and the punctuation names really use
 * (O'Brien, Anne-Marie, J. R. Rao); two punctuation marks in a row ("--", "''") never occur.
 */
export function isPlausibleName(name: string): boolean {
  return /^[\p{L}\p{M}][\p{L}\p{M}\s.'’-]*$/u.test(name) && !/[.'’-]{2}/u.test(name);
}

/** R-ORD-5 — blank after trim is refused with 'Please enter a valid name!'. */
export const nameSchema = z
  .string({ error: m.nameInvalid })
  .trim()
  .min(1, { error: m.nameInvalid, abort: true })
  .max(accountLimits.nameMax, m.nameTooLong)
  .refine(isPlausibleName, m.nameInvalid);

/** An e-mail address, trimmed and lower-cased. */
export const emailSchema = z
  .string({ error: m.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, { error: m.emailRequired, abort: true })
  .max(accountLimits.emailMax, m.emailInvalid)
  .regex(z.regexes.email, m.emailInvalid);

/** At least 9 characters with a letter, a digit and a special character (R-ORD-5). */
export function isStrongPassword(password: string): boolean {
  return (
    password.length >= accountLimits.passwordMin &&
    password.length <= accountLimits.passwordMax &&
    /\p{L}/u.test(password) &&
    /\p{N}/u.test(password) &&
    /[^\p{L}\p{N}\s]/u.test(password)
  );
}

/** A password being chosen (sign-up, change, reset). */
export const newPasswordSchema = z
  .string({ error: m.passwordWeak })
  .max(accountLimits.passwordMax, m.passwordTooLong)
  .refine(isStrongPassword, m.passwordWeak);

/** A password being presented (login, current password): any non-empty string within the size limit. */
export const presentedPasswordSchema = z
  .string({ error: m.passwordRequired })
  .min(1, { error: m.passwordRequired, abort: true })
  .max(accountLimits.passwordMax, m.passwordTooLong);

/**
 * Normalises a mobile number to E.164: ten digits get the country code (+91 by default),
 * "+91" numbers must have ten digits, other "+" numbers must look like E.164. Null when unusable.
 */
export function normaliseMobile(raw: string, countryCode: string = defaultCountryCode): string | null {
  const compact = raw.replace(/[\s\-().]/g, "");
  const code = countryCode.replace(/[\s-]/g, "");
  const codeDigits = /^\+?([1-9]\d{0,3})$/.exec(code)?.[1];
  if (/^\d{10}$/.test(compact)) return codeDigits ? `+${codeDigits}${compact}` : null;
  if (/^91\d{10}$/.test(compact)) return `+${compact}`;
  if (compact.startsWith("+91")) return /^\+91\d{10}$/.test(compact) ? compact : null;
  if (/^\+[1-9]\d{6,14}$/.test(compact)) return compact;
  return null;
}

/** A mobile number in any accepted spelling, normalised to E.164 (+91XXXXXXXXXX by default). */
export const mobileSchema = z
  .string({ error: m.mobileInvalid })
  .max(accountLimits.mobileMax, m.mobileInvalid)
  .transform((value, context) => {
    const mobile = normaliseMobile(value);
    if (!mobile) {
      context.addIssue({ code: "custom", message: m.mobileInvalid });
      return z.NEVER;
    }
    return mobile;
  });

/** An optional mobile: absent, null or blank all mean "none". */
export const optionalMobileSchema = z
  .string({ error: m.mobileInvalid })
  .max(accountLimits.mobileMax, m.mobileInvalid)
  .nullish()
  .transform((value, context) => {
    if (value === undefined || value === null || value.trim() === "") return undefined;
    const mobile = normaliseMobile(value);
    if (!mobile) {
      context.addIssue({ code: "custom", message: m.mobileInvalid });
      return z.NEVER;
    }
    return mobile;
  });

export type AccountIdentifier = { kind: "email"; email: string } | { kind: "mobile"; mobile: string };

/** Reads "email or phone" input: anything with an @ must be an e-mail, anything else a mobile number. */
export function parseAccountIdentifier(raw: string): AccountIdentifier | null {
  const value = raw.trim();
  if (value.includes("@")) {
    const email = value.toLowerCase();
    return email.length <= accountLimits.emailMax && z.regexes.email.test(email) ? { kind: "email", email } : null;
  }
  const mobile = normaliseMobile(value);
  return mobile ? { kind: "mobile", mobile } : null;
}

const identifierSchema = z
  .string({ error: m.identifierInvalid })
  .max(accountLimits.emailMax, m.identifierInvalid)
  .transform((value, context) => {
    const identifier = parseAccountIdentifier(value);
    if (!identifier) {
      context.addIssue({ code: "custom", message: m.identifierInvalid });
      return z.NEVER;
    }
    return identifier;
  });

/** ISO calendar date (YYYY-MM-DD) from 1900 on; "not in the future" is checked by the server's clock. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value < "1900-01-01") return false;
  const date = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

export const birthdaySchema = z.string({ error: m.birthdayInvalid }).refine(isCalendarDate, m.birthdayInvalid);

/** A user id sent by the client; the server only compares it with the token's user. */
export const claimedUserIdSchema = orNoValue(
  z.union([z.string().max(accountLimits.userIdMax), z.number().int()], { error: m.notYourAccount }).optional(),
);

/** Opaque tokens (refresh, reset): text of bounded size; the server looks them up by hash. */
function opaqueTokenSchema(missing: string, invalid: string) {
  return z
    .string({ error: missing })
    .trim()
    .min(1, { error: missing, abort: true })
    .max(accountLimits.tokenMax, invalid)
    .regex(/^[A-Za-z0-9_-]+$/, invalid);
}
const resetTokenSchema = opaqueTokenSchema(m.resetTokenMissing, m.resetTokenInvalid);

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/** The message when the body is missing or not a JSON object. */
const objectError = { error: commonMessages.invalidInput } as const;

export const registerRequestSchema = z.object(
  {
    name: nameSchema,
    email: emailSchema,
    mobile: optionalMobileSchema,
    password: newPasswordSchema,
  },
  objectError,
);
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const loginRequestSchema = z.object(
  { emailOrPhone: identifierSchema, password: presentedPasswordSchema },
  objectError,
);
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const refreshRequestSchema = z
  .object(
    {
      refreshToken: z
        .string()
        .trim()
        .max(accountLimits.tokenMax, m.sessionExpired)
        .regex(/^[A-Za-z0-9_-]*$/, m.sessionExpired)
        .nullish(),
    },
    objectError,
  )
  .nullish()
  .transform((value) => ({ refreshToken: value?.refreshToken || undefined }));
export type RefreshRequest = z.input<typeof refreshRequestSchema>;

export const logoutRequestSchema = refreshRequestSchema;

export const updateProfileRequestSchema = z.object(
  {
    name: nameSchema.optional(),
    mobile: optionalMobileSchema,
    /** "" or null clears the birthday. */
    birthday: z
      .string({ error: m.birthdayInvalid })
      .max(10, m.birthdayInvalid)
      .nullish()
      .transform((value, context) => {
        if (value === undefined) return undefined;
        if (value === null || value === "") return null;
        if (!isCalendarDate(value)) {
          context.addIssue({ code: "custom", message: m.birthdayInvalid });
          return z.NEVER;
        }
        return value;
      }),
    email: z.string().max(accountLimits.emailMax, m.emailReadOnly).optional(),
    userId: claimedUserIdSchema,
  },
  objectError,
);
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;

export const editNameRequestSchema = z.object({ name: nameSchema, userId: claimedUserIdSchema }, objectError);

export const editMobileRequestSchema = z
  .object(
    {
      mobile: z.string().max(accountLimits.mobileMax, m.mobileInvalid).optional(),
      newMobile: z.string().max(accountLimits.mobileMax, m.mobileInvalid).optional(),
      countryCode: z.string().max(6, m.mobileInvalid).optional(),
      userId: claimedUserIdSchema,
    },
    objectError,
  )
  .transform((value, context) => {
    const given = (value.newMobile ?? value.mobile ?? "").trim();
    const mobile = given ? normaliseMobile(given, value.countryCode?.trim() || defaultCountryCode) : null;
    if (!mobile) {
      context.addIssue({ code: "custom", path: ["mobile"], message: m.mobileInvalid });
      return z.NEVER;
    }
    return { mobile, userId: value.userId };
  });
export type EditMobileRequest = z.input<typeof editMobileRequestSchema>;

const passwordField = z.string().max(accountLimits.passwordMax, m.passwordTooLong).optional();

/**
 * The spec's client sends currentPassword/newPassword, oldPassword/newPassword or oldPwd/newPwd.
 * Errors come back under the name the request used (`currentPasswordField`, `newPasswordField`).
 */
export const changePasswordRequestSchema = z
  .object(
    {
      currentPassword: passwordField,
      oldPassword: passwordField,
      oldPwd: passwordField,
      newPassword: passwordField,
      newPwd: passwordField,
      confirmPassword: passwordField,
      userId: claimedUserIdSchema,
    },
    objectError,
  )
  .transform((value, context) => {
    const currentPassword = value.currentPassword || value.oldPassword || value.oldPwd || "";
    const newPassword = value.newPassword || value.newPwd || "";
    const currentPasswordField =
      (["currentPassword", "oldPassword", "oldPwd"] as const).find((name) => value[name]) ??
      (["currentPassword", "oldPassword", "oldPwd"] as const).find((name) => value[name] !== undefined) ??
      "currentPassword";
    const newPasswordField =
      (["newPassword", "newPwd"] as const).find((name) => value[name]) ??
      (["newPassword", "newPwd"] as const).find((name) => value[name] !== undefined) ??
      "newPassword";
    if (!currentPassword || !newPassword) {
      context.addIssue({
        code: "custom",
        path: [currentPassword ? newPasswordField : currentPasswordField],
        message: m.passwordFieldsMissing,
      });
      return z.NEVER;
    }
    if (value.confirmPassword !== undefined && value.confirmPassword !== newPassword) {
      context.addIssue({ code: "custom", path: ["confirmPassword"], message: m.passwordsDoNotMatch });
      return z.NEVER;
    }
    if (!isStrongPassword(newPassword)) {
      context.addIssue({ code: "custom", path: [newPasswordField], message: m.passwordWeak });
      return z.NEVER;
    }
    return { currentPassword, newPassword, currentPasswordField, newPasswordField, userId: value.userId };
  });
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

export const forgotPasswordRequestSchema = z.object(
  { emailOrMobile: identifierSchema, isReusedPasswordReset: z.boolean().optional() },
  objectError,
);
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequestSchema>;

export const verifyResetTokenRequestSchema = z.object({ token: resetTokenSchema }, objectError);

export const resetPasswordRequestSchema = z.object(
  {
    token: resetTokenSchema,
    password: z.string({ error: m.passwordWeak }).max(accountLimits.passwordMax, m.passwordTooLong),
    confirmPassword: z.string().max(accountLimits.passwordMax, m.passwordTooLong).optional(),
  },
  objectError,
);
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

export const supportedCurrencies = ["INR", "USD", "EUR", "GBP"] as const;

/** Preferences with their defaults (R-ORD-3 and R-ORD-9). */
export const preferencesSchema = z.object({
  emailNotifications: z.boolean().default(true),
  smsNotifications: z.boolean().default(false),
  promotionalEmails: z.boolean().default(true),
  language: z
    .string()
    .regex(/^[a-z]{2}(-[A-Z]{2})?$/, "Please choose a valid language")
    .default("en"),
  currency: z.enum(supportedCurrencies, { error: "Please choose a supported currency" }).default("INR"),
});
export type Preferences = z.output<typeof preferencesSchema>;
export const defaultPreferences: Preferences = preferencesSchema.parse({});

export const updatePreferencesRequestSchema = z.object(
  {
    emailNotifications: z.boolean().optional(),
    smsNotifications: z.boolean().optional(),
    promotionalEmails: z.boolean().optional(),
    language: z
      .string()
      .regex(/^[a-z]{2}(-[A-Z]{2})?$/, "Please choose a valid language")
      .optional(),
    currency: z.enum(supportedCurrencies, { error: "Please choose a supported currency" }).optional(),
    userId: claimedUserIdSchema,
  },
  objectError,
);
export type UpdatePreferencesRequest = z.input<typeof updatePreferencesRequestSchema>;

export const userIdQuerySchema = z.object({
  userId: claimedUserIdSchema,
  requestUserId: claimedUserIdSchema,
});

export const profileParamsSchema = z.object({
  userId: z.string().min(1).max(accountLimits.userIdMax, m.notYourAccount),
});

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

export const csrfTokenSchema = z.object({
  /** Send back in the X-CSRF-Token header; the same value sits in the csrf_token cookie. */
  csrfToken: z.string(),
  expiresAt: z.string(),
});

export const publicUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  role: userRoleSchema,
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** Answer of login and refresh. `token` repeats `accessToken` for the spec's refresh reader. */
export const sessionTokensSchema = z.object({
  accessToken: z.string(),
  token: z.string(),
  refreshToken: z.string(),
  userId: z.string(),
  user: publicUserSchema,
  /** When the access token stops working (at most 15 minutes, never past the session end). */
  accessTokenExpiresAt: z.string(),
  /** Session end: 8 hours after login, whatever the refreshes. */
  expiresAt: z.string(),
});
export type SessionTokens = z.infer<typeof sessionTokensSchema>;

/** Answer of register: the new account and, as login answers it, its first session (logged in at once). */
export const registeredUserSchema = publicUserSchema
  .extend({ createdAt: z.string() })
  .extend(sessionTokensSchema.shape);
export type RegisteredUser = z.infer<typeof registeredUserSchema>;

export const loggedOutSchema = z.object({ loggedOut: z.literal(true) });

export const profileSchema = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  birthday: z.string().nullable(),
  role: userRoleSchema,
  createdAt: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

export const passwordChangedSchema = z.object({ otherSessionsSignedOut: z.number().int().min(0) });

export const resetRequestedSchema = z.object({
  /** The address the link went to, partly hidden (r****@example.com). */
  sentTo: z.string(),
  validForHours: z.number(),
});

export const resetTokenStatusSchema = z.object({ valid: z.literal(true), expiresAt: z.string() });

export const passwordResetSchema = z.object({ reset: z.literal(true) });
