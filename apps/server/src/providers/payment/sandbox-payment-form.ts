import type { FieldErrors } from "@vaki/contract/envelope";
import type { PostalAddress } from "@vaki/contract/fulfilment";
import { z } from "zod";

/** States and union territories of India, as the sandbox page's state select lists them. */
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

/** How the shopper pays on the sandbox page; "fail" simulates a declined payment. */
export const sandboxPaymentMethods = ["upi", "card", "cod", "fail"] as const;
export type SandboxPaymentMethod = (typeof sandboxPaymentMethods)[number];

export const sandboxFormMessages = {
  method: "Choose how you want to pay",
  email: "Enter a valid e-mail address",
  phone: "Enter a 10-digit mobile number",
  upiId: "Enter a UPI ID like name@bank, or leave it empty",
  fullName: "Enter the full name",
  line1: "Enter the flat/house number and street",
  tooLong: "That is too long",
  city: "Enter the city",
  state: "Choose a state",
  pincode: "Enter a 6-digit pincode",
  country: "This checkout delivers within India",
} as const;
const m = sandboxFormMessages;

/** Indian mobile numbers as 10 digits: spaces, dashes and a +91/91/0 prefix are dropped. */
export function tenDigitMobile(value: string): string {
  const digits = value.replace(/[\s\-().]/g, "");
  const withoutPrefix = digits.replace(/^(?:\+91|91(?=\d{10}$)|0(?=\d{10}$))/, "");
  return withoutPrefix;
}

const text = (max: number) => z.string().trim().max(max, m.tooLong);
const mobile = z
  .string()
  .trim()
  .transform(tenDigitMobile)
  .pipe(z.string().regex(/^[6-9]\d{9}$/, m.phone));

const addressSchema = z.object({
  fullName: text(100).pipe(z.string().min(2, m.fullName)),
  line1: text(200).pipe(z.string().min(3, m.line1)),
  line2: text(200),
  city: text(60).pipe(z.string().min(2, m.city)),
  state: z.enum(indianStates, { error: m.state }),
  pincode: z
    .string()
    .trim()
    .regex(/^[1-9]\d{5}$/, m.pincode),
  // The page's country field is read-only "India"; an empty one means the same.
  country: z
    .string()
    .trim()
    .refine((value) => value === "" || value.toLowerCase() === "india", m.country)
    .transform(() => "India"),
  phone: mobile,
}) satisfies z.ZodType<PostalAddress>;

const paymentSchema = z.object({
  method: z.enum(sandboxPaymentMethods, { error: m.method }),
  contact: z.object({
    email: z.string().trim().toLowerCase().max(254, m.email).pipe(z.email(m.email)),
    phone: mobile,
  }),
  upiId: z
    .string()
    .trim()
    .regex(/^$|^[\w.-]{2,64}@[A-Za-z]{2,32}$/, m.upiId)
    .default(""),
  shippingAddress: addressSchema,
});

/** A completed sandbox payment form: what the gateway learnt from the shopper. */
export interface SandboxPayment {
  method: SandboxPaymentMethod;
  contact: { email: string; phone: string };
  upiId: string;
  shippingAddress: PostalAddress;
  billingAddress: PostalAddress;
}

const addressKeys = ["fullName", "line1", "line2", "city", "state", "pincode", "country", "phone"] as const;

/** Names of the page's form fields; the page, the parser and the field errors use the same ones. */
export const sandboxFormFields = {
  method: "method",
  email: "contact.email",
  phone: "contact.phone",
  upiId: "upiId",
  billingSameAsShipping: "billingSameAsShipping",
  shipping: (key: (typeof addressKeys)[number]) => `shippingAddress.${key}`,
  billing: (key: (typeof addressKeys)[number]) => `billingAddress.${key}`,
} as const;

/** `{ "a.b": v }` → `{ a: { b: v } }`; anything else is kept as it is. Missing text fields become "". */
function structured(form: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(form)) {
    const single = Array.isArray(value) ? value[0] : value;
    const [head, ...rest] = name.split(".");
    if (!head) continue;
    if (rest.length === 0) {
      out[head] = single;
      continue;
    }
    const inner = (out[head] as Record<string, unknown> | undefined) ?? {};
    inner[rest.join(".")] = single;
    out[head] = inner;
  }
  for (const group of ["contact", "shippingAddress"]) {
    const given = (out[group] as Record<string, unknown> | undefined) ?? {};
    const keys = group === "contact" ? ["email", "phone"] : addressKeys;
    out[group] = Object.fromEntries(keys.map((key) => [key, given[key] ?? ""]));
  }
  if (out.billingAddress) {
    const given = out.billingAddress as Record<string, unknown>;
    out.billingAddress = Object.fromEntries(addressKeys.map((key) => [key, given[key] ?? ""]));
  }
  return out;
}

function fieldErrorsOf(error: z.ZodError, prefix = ""): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = prefix + issue.path.map(String).join(".");
    errors[field] = [...new Set([...(errors[field] ?? []), issue.message])];
  }
  return errors;
}

const isChecked = (value: unknown) => value === true || value === "on" || value === "true" || value === "1";

/**
 * Reads the sandbox payment form the way a real gateway would check it. Accepts the browser's
 * flat form (`shippingAddress.pincode=...`, checkbox `billingSameAsShipping=on`) or the same
 * thing nested. Billing is the shipping address when the box is ticked or no billing is given.
 * Field errors are keyed by the form's field names.
 */
export function readPaymentForm(
  form: Record<string, unknown>,
): { ok: true; payment: SandboxPayment } | { ok: false; fieldErrors: FieldErrors } {
  const input = structured(form);
  const parsed = paymentSchema.safeParse(input);
  const billingSame = isChecked(input.billingSameAsShipping) || input.billingAddress === undefined;
  const billing = billingSame ? null : addressSchema.safeParse(input.billingAddress);
  const fieldErrors: FieldErrors = {
    ...(parsed.success ? {} : fieldErrorsOf(parsed.error)),
    ...(billing && !billing.success ? fieldErrorsOf(billing.error, "billingAddress.") : {}),
  };
  if (!parsed.success || (billing && !billing.success)) return { ok: false, fieldErrors };
  const payment = parsed.data;
  return {
    ok: true,
    payment: { ...payment, billingAddress: billing?.success ? billing.data : payment.shippingAddress },
  };
}
