import { paiseSchema } from "./catalog.js";
import { z } from "./zod.js";

/*
 * GST invoices and credit notes (issue 29): the shop's tax settings the owner edits, and the
 * documents an order has (My Orders and the admin order page list them; each downloads as a PDF).
 */

/** States and union territories of India, as invoices name the place of supply. */
export const indianStates = [
  "Andaman and Nicobar Islands",
  "Andhra Pradesh",
  "Arunachal Pradesh",
  "Assam",
  "Bihar",
  "Chandigarh",
  "Chhattisgarh",
  "Dadra and Nagar Haveli and Daman and Diu",
  "Delhi",
  "Goa",
  "Gujarat",
  "Haryana",
  "Himachal Pradesh",
  "Jammu and Kashmir",
  "Jharkhand",
  "Karnataka",
  "Kerala",
  "Ladakh",
  "Lakshadweep",
  "Madhya Pradesh",
  "Maharashtra",
  "Manipur",
  "Meghalaya",
  "Mizoram",
  "Nagaland",
  "Odisha",
  "Puducherry",
  "Punjab",
  "Rajasthan",
  "Sikkim",
  "Tamil Nadu",
  "Telangana",
  "Tripura",
  "Uttar Pradesh",
  "Uttarakhand",
  "West Bengal",
] as const;

export const shopSettingsMessages = {
  legalName: "Enter the legal name, at most 120 characters.",
  address: "Enter the registered address, at most 300 characters.",
  state: "Choose the state the shop is registered in.",
  gstin: "A GSTIN is 15 characters, like 29ABCDE1234F1Z5 (or leave it empty).",
  prefix: "Use 1 to 3 capital letters or digits.",
  samePrefix: "Credit notes need a prefix of their own.",
  saved: "Settings saved",
} as const;

const prefixSchema = z
  .string()
  .trim()
  .regex(/^[A-Z0-9]{1,3}$/, shopSettingsMessages.prefix);

/** What the owner sets on the Settings page (each has an environment default until saved). */
export const shopSettingsSchema = z
  .object({
    legalName: z.string().trim().min(1, shopSettingsMessages.legalName).max(120, shopSettingsMessages.legalName),
    address: z.string().trim().min(1, shopSettingsMessages.address).max(300, shopSettingsMessages.address),
    state: z.enum(indianStates, shopSettingsMessages.state),
    gstin: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^(|[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z])$/, shopSettingsMessages.gstin),
    invoicePrefix: prefixSchema,
    creditNotePrefix: prefixSchema,
    /** Exports are zero-rated under a letter of undertaking (no IGST). */
    exportUnderLut: z.boolean(),
  })
  .refine((settings) => settings.invoicePrefix !== settings.creditNotePrefix, {
    message: shopSettingsMessages.samePrefix,
    path: ["creditNotePrefix"],
  });
export type ShopSettings = z.infer<typeof shopSettingsSchema>;

export const taxDocumentKindSchema = z.enum(["invoice", "credit_note"]);
export type TaxDocumentKind = z.infer<typeof taxDocumentKindSchema>;

/** An invoice or credit note of an order, as lists show it. */
export const taxDocumentSummarySchema = z.object({
  id: z.string(),
  kind: taxDocumentKindSchema,
  /** e.g. VK/25-26/000123. */
  number: z.string(),
  issuedAt: z.string(),
  total: paiseSchema,
  taxAmount: paiseSchema,
});
export type TaxDocumentSummary = z.infer<typeof taxDocumentSummarySchema>;

export const taxDocumentListSchema = z.object({ documents: z.array(taxDocumentSummarySchema) });
export type TaxDocumentList = z.infer<typeof taxDocumentListSchema>;

export const taxDocumentLabels: Record<TaxDocumentKind, string> = {
  invoice: "Tax invoice",
  credit_note: "Credit note",
};
