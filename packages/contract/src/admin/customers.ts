import { addressSchema } from "../orders.js";
import { z } from "../zod.js";
import { adminCustomerDetailSchema, adminCustomersQuerySchema, nextCursorSchema } from "./schemas.js";

/*
 * The owner's customers beyond reading them (under /api/admin): block and unblock sign-in, the
 * person's data under India's DPDP Act (export as JSON, erase), and the Club's member list and CSV.
 */

export const customerLimits = { reasonMax: 500 } as const;

export const customerMessages = {
  blocked: "Sign-in blocked. Their sessions have ended.",
  unblocked: "Sign-in restored.",
  alreadyBlocked: "This customer is already blocked from signing in.",
  notBlocked: "This customer is not blocked.",
  reasonRequired: "Give a reason (it goes into the audit log).",
  reasonTooLong: `A reason can be at most ${customerLimits.reasonMax} characters.`,
  exported: "Their data has been downloaded.",
  erased: "Their personal data has been erased. Their orders are kept, anonymised.",
  eraseEmailMismatch: "Type the customer's e-mail address exactly to confirm.",
  erasePendingOrders: (count: number) =>
    `This customer has ${count} ${count === 1 ? "order" : "orders"} not yet delivered or cancelled. Erase their data once ${count === 1 ? "it is" : "they are"} finished.`,
  clubExported: "Club members downloaded.",
} as const;

/** Who an erased order belonged to, as the order keeps it (the invoice's recipient included). */
export const erasedCustomerName = "Erased customer";
/** A reserved domain (RFC 2606): never delivered, never anyone's. */
export const erasedCustomerEmail = "erased@erased.invalid";

const reasonSchema = z
  .string({ error: customerMessages.reasonRequired })
  .trim()
  .min(1, { error: customerMessages.reasonRequired, abort: true })
  .max(customerLimits.reasonMax, customerMessages.reasonTooLong);

/** POST /customers/:id/block and /unblock. */
export const customerBlockRequestSchema = z.object({ reason: reasonSchema });
export type CustomerBlockRequest = z.infer<typeof customerBlockRequestSchema>;

/** POST /customers/:id/erase: the owner types the customer's e-mail to confirm. */
export const customerEraseRequestSchema = z.object({
  email: z.string({ error: customerMessages.eraseEmailMismatch }).trim().min(1, customerMessages.eraseEmailMismatch),
});
export type CustomerEraseRequest = z.infer<typeof customerEraseRequestSchema>;

export const customerBlockStateSchema = z.object({
  blockedAt: z.string().nullable(),
  blockedReason: z.string().nullable(),
});
export type CustomerBlockState = z.infer<typeof customerBlockStateSchema>;

export const clubMembershipSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  joinedAt: z.string(),
});
export type ClubMembership = z.infer<typeof clubMembershipSchema>;

/** An address the customer used: saved to the account, or delivered or billed to in an order. */
export const usedAddressSchema = addressSchema.extend({
  source: z.enum(["saved", "order"]),
  /** How many of their orders went to it (0 for a saved address never used). */
  orders: z.number().int().min(0),
});
export type UsedAddress = z.infer<typeof usedAddressSchema>;

/** GET /customers/:id: the read view with what the owner decides on. */
export const adminCustomerProfileSchema = adminCustomerDetailSchema.extend({
  ...customerBlockStateSchema.shape,
  /** Paise: what their orders took (paid online or cash collected) minus what was refunded. */
  lifetimeValue: z.number().int(),
  club: clubMembershipSchema.nullable(),
  addresses: z.array(usedAddressSchema),
});
export type AdminCustomerProfile = z.infer<typeof adminCustomerProfileSchema>;

/** POST /customers/:id/erase answers what was done (counts only: nothing personal). */
export const customerErasedSchema = z.object({
  ordersAnonymised: z.number().int(),
  /** Issued invoices and credit notes are kept as issued: GST law asks for them (72 months). */
  taxDocumentsKept: z.number().int(),
});
export type CustomerErased = z.infer<typeof customerErasedSchema>;

// The Club: GET /club, GET /club.csv
export const clubQuerySchema = adminCustomersQuerySchema;
export type ClubQuery = z.infer<typeof clubQuerySchema>;
export const clubCsvQuerySchema = adminCustomersQuerySchema.pick({ q: true });

export const clubMemberSchema = clubMembershipSchema.extend({
  /** The shop account it belongs to, when the member joined signed in. */
  customerId: z.string().nullable(),
});
export type ClubMember = z.infer<typeof clubMemberSchema>;

export const clubAnswerSchema = z.object({ items: z.array(clubMemberSchema), nextCursor: nextCursorSchema });
export type ClubAnswer = z.infer<typeof clubAnswerSchema>;

export const clubCsvColumns = ["Name", "E-mail", "Phone", "Joined", "Customer account"] as const;
