import { paiseSchema, specificationSchema } from "../catalog.js";
import { addressSchema, orderStatusSchema, paymentStatusSchema } from "../orders.js";
import { z } from "../zod.js";
import { orderActionsAvailableSchema, orderRefundSchema } from "./inbox.js";
import { inboxTabs } from "./inbox-tabs.js";
import { permissions, staffRoles } from "./permissions.js";

/*
 * Requests and answers of every /api/admin call. Answers travel in the shop's envelope
 * (`{ success, message, data }`); the schemas below describe `data`. The checks of a new password
 * (zxcvbn) are in new-password.ts, so importing this file stays light.
 */

export type { Permission, StaffRole } from "./permissions.js";

/** User-facing texts of the admin (server answers and the app's forms). */
export const adminMessages = {
  ok: "OK",
  linkExpired: "This link has expired. Ask the shop owner for a new one.",
  linkUsed: "This link has already been used.",
  linkUnknown: "This link is not valid. Ask the shop owner for a new one.",
  invalidCredentials: "Invalid email or password.",
  codeWrong: "That code is not right. Try again.",
  codeFormat: "Enter the 6-digit code from your authenticator app, or a recovery code.",
  totpFormat: "Enter the 6-digit code from your authenticator app.",
  challengeExpired: "Your sign-in took too long. Enter your e-mail and password again.",
  tooManyAttempts: (minutes: number) =>
    `Too many attempts. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`,
  passwordRequired: "Enter your password.",
  passwordTooShort: "Password must be at least 12 characters.",
  passwordTooLong: "Password must be at most 128 characters.",
  passwordWeak: "Choose a stronger password.",
  passwordWrong: "That password is not right.",
  nameRequired: "Enter your name.",
  nameTooLong: "Name must be at most 100 characters.",
  emailRequired: "Enter an e-mail address.",
  emailInvalid: "Enter a valid e-mail address.",
  emailTaken: "A staff account with this e-mail already exists.",
  roleInvalid: "Choose a role.",
  nothingToChange: "Choose a role or whether the account is active.",
  stepUpRequired: "Confirm your password and a fresh code to continue.",
  stepUpDone: "Confirmed for the next 5 minutes.",
  lastOwner: "The last active owner cannot be removed or demoted.",
  notYourself: "You cannot deactivate your own account.",
  forbidden: "You do not have permission to do this.",
  sessionEnded: "Your session has ended. Sign in again.",
  csrfInvalid: "This page is out of date. Reload it and try again.",
  setupStarted: "Scan the QR code with your authenticator app, then enter the code it shows.",
  setupComplete: "Your account is ready.",
  signInStarted: "Enter the code from your authenticator app.",
  signedIn: "Signed in.",
  signedOut: "Signed out.",
  signedOutEverywhere: "Signed out on every device.",
  invited: "Invitation created.",
  staffUpdated: "Staff member updated.",
  twoFactorReset: "Two-factor sign-in reset. Send them the link to set it up again.",
  noteAdded: "Note added.",
  noteRequired: "Write a note.",
  noteTooLong: "A note can be at most 2000 characters.",
  searchRequired: "Enter something to search for.",
  cursorInvalid: "This list position is not valid. Start from the first page.",
  dateInvalid: "Enter a valid date.",
  staffNotFound: "No such staff member.",
  orderNotFound: "No such order.",
  productNotFound: "No such product.",
  customerNotFound: "No such customer.",
} as const;

/** Size limits of admin input. */
export const adminLimits = {
  passwordMin: 12,
  passwordMax: 128,
  nameMax: 100,
  emailMax: 254,
  tokenMax: 512,
  noteMax: 2000,
  searchMax: 100,
  searchSectionMax: 5,
  listDefault: 25,
  listMax: 100,
  auditDefault: 50,
  auditMax: 100,
  recoveryCodes: 10,
  /** How long a step-up lasts. */
  stepUpMinutes: 5,
  /** Session: idle and absolute lifetimes. */
  sessionIdleMinutes: 30,
  sessionAbsoluteHours: 12,
  setupLinkHours: 24,
  invitationHours: 72,
  resetTwoFactorHours: 72,
  challengeMinutes: 5,
} as const;

/** Name of the staff session cookie (Path=/api/admin, HttpOnly, SameSite=Strict). */
export const staffCookieName = "vaki_staff";
/** Header carrying the session's CSRF token on every non-GET call. */
export const staffCsrfHeader = "x-csrf-token";

// ---------------------------------------------------------------------------------------------
// Fields
// ---------------------------------------------------------------------------------------------

export const permissionSchema = z.enum(permissions);
export const staffRoleSchema = z.enum(staffRoles, { error: adminMessages.roleInvalid });

export const staffNameSchema = z
  .string({ error: adminMessages.nameRequired })
  .trim()
  .min(1, { error: adminMessages.nameRequired, abort: true })
  .max(adminLimits.nameMax, adminMessages.nameTooLong);

export const staffEmailSchema = z
  .string({ error: adminMessages.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, { error: adminMessages.emailRequired, abort: true })
  .max(adminLimits.emailMax, adminMessages.emailInvalid)
  .regex(z.regexes.email, adminMessages.emailInvalid);

/** A password being presented (sign-in, step-up): any non-empty string within the size limit. */
export const presentedStaffPasswordSchema = z
  .string({ error: adminMessages.passwordRequired })
  .min(1, { error: adminMessages.passwordRequired, abort: true })
  .max(adminLimits.passwordMax, adminMessages.passwordTooLong);

/** A link or challenge token as the client holds it. */
export const adminTokenSchema = z
  .string({ error: adminMessages.linkUnknown })
  .trim()
  .min(1, { error: adminMessages.linkUnknown, abort: true })
  .max(adminLimits.tokenMax, adminMessages.linkUnknown);

/** Six digits from the authenticator app (spaces typed in the middle are dropped). */
export const totpCodeSchema = z
  .string({ error: adminMessages.totpFormat })
  .transform((code) => code.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, adminMessages.totpFormat));

/** A recovery code: ten letters or digits as `xxxxx-xxxxx`, lower-cased. */
export const recoveryCodePattern = /^[a-z0-9]{5}-[a-z0-9]{5}$/;

/** A TOTP code or a recovery code (the sign-in's second step accepts either). */
export const signInCodeSchema = z
  .string({ error: adminMessages.codeFormat })
  .transform((code) => code.trim().toLowerCase())
  .pipe(
    z
      .string()
      .refine(
        (code) => /^\d{6}$/.test(code.replace(/\s+/g, "")) || recoveryCodePattern.test(code),
        adminMessages.codeFormat,
      ),
  );

// ---------------------------------------------------------------------------------------------
// The signed-in person
// ---------------------------------------------------------------------------------------------

export const meSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: staffRoleSchema,
  permissions: z.array(permissionSchema),
  /** Until when step-up-guarded calls pass without asking again (ISO time), or null. */
  stepUpUntil: z.string().nullable(),
});
export type Me = z.infer<typeof meSchema>;

// ---------------------------------------------------------------------------------------------
// Setup links: POST /setup/inspect, /setup/start, /setup/confirm
// ---------------------------------------------------------------------------------------------

export const setupLinkKinds = ["setup", "invitation", "reset-two-factor"] as const;
export const setupLinkKindSchema = z.enum(setupLinkKinds);
export type SetupLinkKind = z.infer<typeof setupLinkKindSchema>;

export const setupInspectRequestSchema = z.object({ token: adminTokenSchema });
export type SetupInspectRequest = z.infer<typeof setupInspectRequestSchema>;

export const setupInspectAnswerSchema = z.object({
  kind: setupLinkKindSchema,
  /** Null for the first-owner setup link: the owner types it. */
  email: z.string().nullable(),
  name: z.string().nullable(),
  role: staffRoleSchema,
});
export type SetupInspectAnswer = z.infer<typeof setupInspectAnswerSchema>;

/** `reset-two-factor` links: the person's current password. */
export const setupStartResetRequestSchema = z.object({
  token: adminTokenSchema,
  password: presentedStaffPasswordSchema,
});
export type SetupStartResetRequest = z.infer<typeof setupStartResetRequestSchema>;

/** Either body of POST /setup/start; the link's kind decides which one applies. */
export type SetupStartRequest = SetupStartAccountRequest | SetupStartResetRequest;
/** The body of `POST /setup/start` for setup and invitation links (its schema, with the password check, is in new-password.ts). */
export interface SetupStartAccountRequest {
  token: string;
  name: string;
  email?: string | undefined;
  password: string;
}

export const setupStartAnswerSchema = z.object({
  /** Base32 TOTP secret, shown as text for typing into an app. */
  secret: z.string(),
  otpauthUri: z.string(),
  /** An SVG document of the QR code of `otpauthUri`. */
  qrSvg: z.string(),
});
export type SetupStartAnswer = z.infer<typeof setupStartAnswerSchema>;

export const setupConfirmRequestSchema = z.object({ token: adminTokenSchema, code: totpCodeSchema });
export type SetupConfirmRequest = z.infer<typeof setupConfirmRequestSchema>;

export const setupConfirmAnswerSchema = z.object({
  /** Shown once; only their hashes are kept. */
  recoveryCodes: z.array(z.string()).length(adminLimits.recoveryCodes),
  staff: meSchema,
  csrfToken: z.string(),
});
export type SetupConfirmAnswer = z.infer<typeof setupConfirmAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// Sign-in and session: /auth/*
// ---------------------------------------------------------------------------------------------

export const loginRequestSchema = z.object({ email: staffEmailSchema, password: presentedStaffPasswordSchema });
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginAnswerSchema = z.object({
  /** Single use, valid 5 minutes: the second step presents it with the code. */
  challengeToken: z.string(),
});
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

export const verifyRequestSchema = z.object({ challengeToken: adminTokenSchema, code: signInCodeSchema });
export type VerifyRequest = z.infer<typeof verifyRequestSchema>;

export const verifyAnswerSchema = z.object({
  staff: meSchema,
  csrfToken: z.string(),
  recoveryCodesLeft: z.number().int().min(0),
});
export type VerifyAnswer = z.infer<typeof verifyAnswerSchema>;

export const meAnswerSchema = z.object({ staff: meSchema, csrfToken: z.string() });
export type MeAnswer = z.infer<typeof meAnswerSchema>;

export const stepUpRequestSchema = z.object({ password: presentedStaffPasswordSchema, code: totpCodeSchema });
export type StepUpRequest = z.infer<typeof stepUpRequestSchema>;

export const stepUpAnswerSchema = z.object({ stepUpUntil: z.string() });
export type StepUpAnswer = z.infer<typeof stepUpAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// Lists: keyset cursors, sorting
// ---------------------------------------------------------------------------------------------

/** An opaque keyset cursor (base64url of the sort key and the id). */
export const cursorSchema = z
  .string()
  .max(512, adminMessages.cursorInvalid)
  .regex(/^[A-Za-z0-9_-]+$/, adminMessages.cursorInvalid);

function limitSchema(defaultLimit: number, max: number) {
  return z.coerce.number().int().min(1).max(max).default(defaultLimit);
}

/** A trimmed search string; blank reads as absent. */
const optionalQuerySchema = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
  z.string().trim().max(adminLimits.searchMax).optional(),
);

export const sortDirections = ["asc", "desc"] as const;
export const sortDirectionSchema = z.enum(sortDirections);
export type SortDirection = z.infer<typeof sortDirectionSchema>;

export const nextCursorSchema = z.string().nullable();

/** An ISO date or date-time (a bare date reads as that day's start, UTC). */
const isoInstantSchema = z
  .string()
  .trim()
  .refine((value) => /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value), adminMessages.dateInvalid)
  .refine((value) => !Number.isNaN(Date.parse(value)), adminMessages.dateInvalid);

export const idParamsSchema = z.object({ id: z.string().trim().min(1).max(64) });
export const numericIdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

// ---------------------------------------------------------------------------------------------
// GET /search
// ---------------------------------------------------------------------------------------------

export const searchQuerySchema = z.object({
  q: z
    .string({ error: adminMessages.searchRequired })
    .trim()
    .min(1, { error: adminMessages.searchRequired, abort: true })
    .max(adminLimits.searchMax),
});
export type AdminSearchQuery = z.infer<typeof searchQuerySchema>;

export const searchOrderSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  name: z.string().nullable(),
  total: paiseSchema,
  status: orderStatusSchema,
  awb: z.string().nullable(),
});
export const searchProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  sku: z.string().nullable(),
  imageUrl: z.string().nullable(),
});
export const searchCustomerSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
});
/** Each section holds at most 5 hits, and is empty when the caller may not read it. */
export const searchAnswerSchema = z.object({
  orders: z.array(searchOrderSchema),
  products: z.array(searchProductSchema),
  customers: z.array(searchCustomerSchema),
});
export type AdminSearchAnswer = z.infer<typeof searchAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// Staff: GET /staff, POST /staff/invitations, PATCH /staff/:id, POST /staff/:id/reset-two-factor
// ---------------------------------------------------------------------------------------------

export const staffMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: staffRoleSchema,
  active: z.boolean(),
  twoFactor: z.boolean(),
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const pendingInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: staffRoleSchema,
  expiresAt: z.string(),
});
export type PendingInvitation = z.infer<typeof pendingInvitationSchema>;

export const staffListAnswerSchema = z.object({
  items: z.array(staffMemberSchema),
  invitations: z.array(pendingInvitationSchema),
});
export type StaffListAnswer = z.infer<typeof staffListAnswerSchema>;

export const inviteRequestSchema = z.object({
  email: staffEmailSchema,
  name: staffNameSchema,
  role: staffRoleSchema,
});
export type InviteRequest = z.infer<typeof inviteRequestSchema>;

export const inviteAnswerSchema = z.object({ invitationUrl: z.string(), expiresAt: z.string() });
export type InviteAnswer = z.infer<typeof inviteAnswerSchema>;

export const staffPatchRequestSchema = z
  .object({ role: staffRoleSchema.optional(), active: z.boolean().optional() })
  .refine((body) => body.role !== undefined || body.active !== undefined, adminMessages.nothingToChange);
export type StaffPatchRequest = z.infer<typeof staffPatchRequestSchema>;

export const resetTwoFactorAnswerSchema = z.object({ resetUrl: z.string(), expiresAt: z.string() });
export type ResetTwoFactorAnswer = z.infer<typeof resetTwoFactorAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// Audit: GET /audit
// ---------------------------------------------------------------------------------------------

/** What each audited write records; the log filter offers these. */
export const auditActions = [
  "staff.setup",
  "staff.sign_in",
  "staff.invite",
  "staff.role_change",
  "staff.deactivate",
  "staff.reactivate",
  "staff.reset_two_factor",
  "staff.two_factor_enrol",
  "order.note_add",
  "product.stock_adjust",
  "product.update",
  "product.status_change",
  "product.create",
  "product.export",
  "product.photo_add",
  "product.photo_update",
  "product.photo_reorder",
  "product.photo_primary",
  "product.photo_delete",
  "category.create",
  "category.update",
  "category.reorder",
  "category.picture_set",
  "category.picture_remove",
  "colour.create",
  "gst.gstr1_export",
  "customer.block",
  "customer.unblock",
  "customer.export",
  "customer.erase",
  "club.export",
] as const;
export type AuditAction = (typeof auditActions)[number];

export const auditEntityTypes = ["staff", "order", "product", "customer", "category", "club", "colour"] as const;
export type AuditEntityType = (typeof auditEntityTypes)[number];

export const auditQuerySchema = z.object({
  actorId: z.string().trim().min(1).max(64).optional(),
  entityType: z.string().trim().min(1).max(40).optional(),
  entityId: z.string().trim().min(1).max(64).optional(),
  action: z.string().trim().min(1).max(60).optional(),
  from: isoInstantSchema.optional(),
  to: isoInstantSchema.optional(),
  cursor: cursorSchema.optional(),
  limit: limitSchema(adminLimits.auditDefault, adminLimits.auditMax),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditActorSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });
export const auditChangesSchema = z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() }));
export type AuditChanges = z.infer<typeof auditChangesSchema>;

export const auditEventSchema = z.object({
  id: z.string(),
  at: z.string(),
  /** Null for the system (the first-owner setup link) or a person whose row is gone. */
  actor: auditActorSchema.nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  changes: auditChangesSchema,
  requestId: z.string().nullable(),
  /** Salted SHA-256 of the client address, never the address itself. */
  addressHash: z.string().nullable(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const auditAnswerSchema = z.object({ items: z.array(auditEventSchema), nextCursor: nextCursorSchema });
export type AuditAnswer = z.infer<typeof auditAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// Orders: GET /orders, GET /orders/:id, POST /orders/:id/notes
// ---------------------------------------------------------------------------------------------

export const orderSorts = ["createdAt", "total"] as const;
/** Rupees typed in a filter, answered as paise (an empty field is no filter). */
const optionalPaiseFilterSchema = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
  z.coerce.number().int().min(0).max(100_000_000_00).optional(),
);

export const paymentMethodSchema = z.enum(["PREPAID", "CASH_ON_DELIVERY"]);

/** The inbox's filters (every one also in the URL); the tab is left out of the counts' query. */
export const adminOrderFiltersSchema = z.object({
  status: orderStatusSchema.optional(),
  q: optionalQuerySchema,
  paymentStatus: paymentStatusSchema.optional(),
  paymentMethod: paymentMethodSchema.optional(),
  /** Placed on or after (a bare date: that day's start, UTC). */
  from: isoInstantSchema.optional(),
  /** Placed on or before (a bare date: the whole of that day). */
  to: isoInstantSchema.optional(),
  /** Paise. */
  minTotal: optionalPaiseFilterSchema,
  maxTotal: optionalPaiseFilterSchema,
});
export type AdminOrderFilters = z.infer<typeof adminOrderFiltersSchema>;

export const adminOrdersQuerySchema = adminOrderFiltersSchema.extend({
  tab: z.enum(inboxTabs).default("all"),
  sort: z.enum(orderSorts).default("createdAt"),
  dir: sortDirectionSchema.default("desc"),
  cursor: cursorSchema.optional(),
  limit: limitSchema(adminLimits.listDefault, adminLimits.listMax),
});
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuerySchema>;

/** GET /orders/counts: how many orders each tab holds under the same filters. */
export const adminOrderCountsSchema = z.record(z.enum(inboxTabs), z.number().int());
export type AdminOrderCounts = z.infer<typeof adminOrderCountsSchema>;

export const adminOrderSummarySchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  createdAt: z.string(),
  customerName: z.string().nullable(),
  email: z.string().nullable(),
  total: paiseSchema,
  status: orderStatusSchema,
  paymentStatus: paymentStatusSchema,
  /** Null until a payment has been chosen. */
  paymentMethod: paymentMethodSchema.nullable(),
  awb: z.string().nullable(),
  packedAt: z.string().nullable(),
  refundedAmount: paiseSchema,
});
export type AdminOrderSummary = z.infer<typeof adminOrderSummarySchema>;

export const adminOrdersAnswerSchema = z.object({
  items: z.array(adminOrderSummarySchema),
  nextCursor: nextCursorSchema,
});
export type AdminOrdersAnswer = z.infer<typeof adminOrdersAnswerSchema>;

export const adminOrderLineSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  variantId: z.number().int(),
  sku: z.string(),
  name: z.string(),
  imageUrl: z.string().nullable(),
  size: z.string().nullable(),
  color: z.string().nullable(),
  unitPrice: paiseSchema,
  quantity: z.number().int(),
  lineTotal: paiseSchema,
});

export const adminPaymentSchema = z.object({
  id: z.string(),
  provider: z.string(),
  status: paymentStatusSchema,
  amount: paiseSchema,
  method: paymentMethodSchema.nullable(),
  paymentId: z.string().nullable(),
  refundId: z.string().nullable(),
  reviewReason: z.string().nullable(),
  createdAt: z.string(),
});

export const adminShipmentSchema = z.object({
  provider: z.string(),
  awb: z.string().nullable(),
  courierName: z.string().nullable(),
  statusCode: z.number().int().nullable(),
  paymentMethod: z.string(),
  pickupRequestedAt: z.string().nullable(),
  createdAt: z.string(),
  cancelledAt: z.string().nullable(),
});

export const orderNoteSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  text: z.string(),
  author: auditActorSchema.nullable(),
  createdAt: z.string(),
});
export type OrderNote = z.infer<typeof orderNoteSchema>;

/** One line of an entity's timeline: a status it reached, or an audit event about it. */
export const timelineItemSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("status"), at: z.string(), status: orderStatusSchema }),
  z.object({ kind: z.literal("audit"), at: z.string(), event: auditEventSchema }),
]);
export type TimelineItem = z.infer<typeof timelineItemSchema>;

export const adminOrderDetailSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  status: orderStatusSchema,
  paymentStatus: paymentStatusSchema,
  paymentMethod: paymentMethodSchema.nullable(),
  customer: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  shippingMethod: z.string().nullable(),
  shippingAddress: addressSchema.nullable(),
  billingAddress: addressSchema.nullable(),
  lines: z.array(adminOrderLineSchema),
  totals: z.object({
    subtotal: paiseSchema,
    discount: paiseSchema,
    tax: paiseSchema,
    shipping: paiseSchema,
    total: paiseSchema,
  }),
  promoCode: z.string().nullable(),
  reviewNote: z.string().nullable(),
  payments: z.array(adminPaymentSchema),
  shipments: z.array(adminShipmentSchema),
  notes: z.array(orderNoteSchema),
  /** Oldest first. */
  timeline: z.array(timelineItemSchema),
  packedAt: z.string().nullable(),
  /** Paise given back by people's refunds. */
  refundedAmount: paiseSchema,
  refunds: z.array(orderRefundSchema),
  /** Which of the inbox's actions make sense now (null where the server has none). */
  actions: orderActionsAvailableSchema.nullable(),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

export const orderNoteRequestSchema = z.object({
  text: z
    .string({ error: adminMessages.noteRequired })
    .trim()
    .min(1, { error: adminMessages.noteRequired, abort: true })
    .max(adminLimits.noteMax, adminMessages.noteTooLong),
});
export type OrderNoteRequest = z.infer<typeof orderNoteRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Products: GET /products, GET /products/:id
// ---------------------------------------------------------------------------------------------

/** The owner's word on a product (decision 0015): only "active" ones are on the storefront. */
export const productStatuses = ["draft", "active", "archived"] as const;
export const productStatusSchema = z.enum(productStatuses);
/** Products with a variant out of stock, at or under the low-stock threshold, or every variant above it. */
export const productStockFilters = ["in", "low", "out"] as const;
export const productSorts = ["name", "createdAt", "price"] as const;

/** A category's id as a list filter (an empty field is no filter). */
const optionalCategoryFilterSchema = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
  z.coerce.number().int().min(1).max(2_147_483_647).optional(),
);

export const adminProductsQuerySchema = z.object({
  q: optionalQuerySchema,
  status: productStatusSchema.optional(),
  stock: z.enum(productStockFilters).optional(),
  /** Products in this category or one of its sub-categories. */
  category: optionalCategoryFilterSchema,
  /** Products of this character (a category with `isCharacter`). */
  character: optionalCategoryFilterSchema,
  sort: z.enum(productSorts).default("name"),
  dir: sortDirectionSchema.default("asc"),
  cursor: cursorSchema.optional(),
  limit: limitSchema(adminLimits.listDefault, adminLimits.listMax),
});
export type AdminProductsQuery = z.infer<typeof adminProductsQuerySchema>;

export const adminProductSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  status: productStatusSchema,
  /** Base price in paise. */
  price: paiseSchema,
  /** Units in stock over all its variants. */
  stock: z.number().int(),
  /** Active variants at or under the low-stock threshold (but not out), and out of stock. */
  lowVariants: z.number().int(),
  outVariants: z.number().int(),
  lowStockThreshold: z.number().int(),
  imageUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminProductSummary = z.infer<typeof adminProductSummarySchema>;

export const adminProductsAnswerSchema = z.object({
  items: z.array(adminProductSummarySchema),
  nextCursor: nextCursorSchema,
});
export type AdminProductsAnswer = z.infer<typeof adminProductsAnswerSchema>;

export const adminVariantSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  color: z.string().nullable(),
  size: z.string().nullable(),
  price: paiseSchema,
  stock: z.number().int(),
  active: z.boolean(),
});

export const adminProductDetailSchema = adminProductSummarySchema.extend({
  featured: z.boolean(),
  /** The version a form saves against (409 when someone saved in between). */
  version: z.number().int(),
  descriptionHtml: z.string(),
  /** GST: the HSN code and tax class (clothing, headwear, bags); optional only for older fixtures. */
  hsnCode: z.string().optional(),
  taxClass: z.string().optional(),
  /** The storefront's specifications and delivery lines, in order; optional only for older fixtures. */
  specifications: z.array(specificationSchema).optional(),
  deliveryLines: z.array(z.string()).optional(),
  updatedAt: z.string(),
  images: z.array(z.object({ url: z.string(), alt: z.string(), color: z.string().nullable() })),
  categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
  variants: z.array(adminVariantSchema),
  /** Its audit events, oldest first. */
  timeline: z.array(timelineItemSchema),
});
export type AdminProductDetail = z.infer<typeof adminProductDetailSchema>;

// ---------------------------------------------------------------------------------------------
// Customers: GET /customers, GET /customers/:id
// ---------------------------------------------------------------------------------------------

export const adminCustomersQuerySchema = z.object({
  q: optionalQuerySchema,
  cursor: cursorSchema.optional(),
  limit: limitSchema(adminLimits.listDefault, adminLimits.listMax),
});
export type AdminCustomersQuery = z.infer<typeof adminCustomersQuerySchema>;

export const adminCustomerSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  ordersCount: z.number().int().min(0),
  createdAt: z.string(),
});
export type AdminCustomerSummary = z.infer<typeof adminCustomerSummarySchema>;

export const adminCustomersAnswerSchema = z.object({
  items: z.array(adminCustomerSummarySchema),
  nextCursor: nextCursorSchema,
});
export type AdminCustomersAnswer = z.infer<typeof adminCustomersAnswerSchema>;

export const adminCustomerDetailSchema = adminCustomerSummarySchema.extend({
  /** Newest first. */
  orders: z.array(adminOrderSummarySchema),
});
export type AdminCustomerDetail = z.infer<typeof adminCustomerDetailSchema>;
