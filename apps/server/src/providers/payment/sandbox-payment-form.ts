import { addressFieldMessages } from "@vaki/contract/addresses";
import type { FieldErrors } from "@vaki/contract/envelope";
import type { PostalAddress } from "@vaki/contract/fulfilment";
import { indianPincodePattern } from "@vaki/contract/fulfilment-rules";
import { indianStates } from "@vaki/contract/invoices";
import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import { z } from "zod";
import { groupFieldErrors } from "../../lib/field-errors.js";
import { foreignPostalCode } from "../shipping/delivery-regions.js";
import { type DestinationCountry, destinationCountryOf, usesPostalCodes } from "../shipping/destination-countries.js";

/** States and union territories of India (one list, the invoices' place of supply too). */
export { indianStates };

/** How the shopper pays on the sandbox page; "fail" simulates a declined payment. */
export const sandboxPaymentMethods = ["upi", "card", "cod", "fail"] as const;
export type SandboxPaymentMethod = (typeof sandboxPaymentMethods)[number];

export const sandboxFormMessages = {
  method: "Choose how you want to pay",
  codIndiaOnly: "Cash on delivery is available only within India",
  email: "Enter a valid e-mail address",
  phoneNeedsCode: "Add the country code to this number: +91 for India, or your own country's",
  upiId: "Enter a UPI ID like name@bank, or leave it empty",
  // The address rules' texts are the saved addresses' too (one set).
  ...addressFieldMessages,
} as const;
const m = sandboxFormMessages;

const india = destinationCountryOf("IN");

/** The page's country choice; empty means India, the page's default; null when the shop does not ship there. */
function destinationOf(country: unknown): DestinationCountry | null {
  if (typeof country !== "string") return null;
  return country.trim() === "" ? india : destinationCountryOf(country);
}

const isIndia = (country: DestinationCountry | null) => country?.code === "IN";

/** One schema per country, made when first needed: the phone rules depend on the country. */
function perCountry<T>(make: (country: DestinationCountry | null) => T): (country: DestinationCountry | null) => T {
  const made = new Map<string, T>();
  return (country) => {
    const key = country?.code ?? "";
    let schema = made.get(key);
    if (schema === undefined) {
      schema = make(country);
      made.set(key, schema);
    }
    return schema;
  };
}

/** Indian mobile numbers as 10 digits: spaces, dashes and a +91/91/0 prefix are dropped. */
export function tenDigitMobile(value: string): string {
  const digits = value.replace(/[\s\-().]/g, "");
  const withoutPrefix = digits.replace(/^(?:\+91|91(?=\d{10}$)|0(?=\d{10}$))/, "");
  return withoutPrefix;
}

const indianMobile = /^[6-9]\d{9}$/;

/**
 * A number as +<digits> (E.164) when it has a possible length for its country, read by
 * libphonenumber: "00" counts as "+", and a number typed without a country code takes the one of
 * `country` (the address's), its trunk prefix dropped: "020 7946 0958" in the United Kingdom is
 * +442079460958. Null when it cannot be a phone number.
 */
export function internationalPhone(value: string, country?: DestinationCountry | null): string | null {
  const typed = value.trim().replace(/^00/, "+");
  const parsed = parsePhoneNumberFromString(typed, country ? { defaultCountry: country.code } : undefined);
  return parsed?.isPossible() ? parsed.number : null;
}

/**
 * The contact number. An Indian mobile stays 10 digits, as Shiprocket Checkout reports it (the
 * shop stores it as +91 and 10 digits, as accounts and the Club do, for the first-order check).
 * Any other number becomes +<digits>. A number without a country code is read as Indian when the
 * parcel stays in India; when it goes abroad, as the destination country writes numbers
 * ("07911 123456" in the UK), or else as an Indian mobile. Digits that make sense both ways
 * ("917 555 0100" for the United States) need their country code.
 */
function contactPhone(
  value: string,
  shippingCountry: DestinationCountry | null,
): { phone: string } | { message: string } {
  const compact = value.replace(/[\s\-().]/g, "");
  const withCode = /^(?:\+|00)/.test(compact);
  const mobile = tenDigitMobile(value);
  const indian = indianMobile.test(mobile);
  if (!withCode && shippingCountry && !isIndia(shippingCountry)) {
    const local = parsePhoneNumberFromString(value, { defaultCountry: shippingCountry.code });
    // "07911 123456" (a trunk 0) is plainly local; "9175550100" could be either.
    if (local?.isValid()) return indianMobile.test(compact) ? { message: m.phoneNeedsCode } : { phone: local.number };
  }
  if (indian) return { phone: mobile };
  if (/^(?:\+|00)91/.test(compact)) return { message: m.phone };
  if (!withCode && isIndia(shippingCountry)) return { message: m.phone };
  const international = internationalPhone(value, shippingCountry);
  return international ? { phone: international } : { message: m.internationalPhone };
}

const text = (max: number) => z.string().trim().max(max, m.tooLong);
const mobile = z.string().trim().transform(tenDigitMobile).pipe(z.string().regex(indianMobile, m.phone));

const statesByKey = new Map<string, (typeof indianStates)[number]>(
  indianStates.map((state) => [state.toLowerCase(), state]),
);
/** "tamil  nadu" → "Tamil Nadu": the page's state field is free text with the states as suggestions. */
const canonicalState = (value: string) => statesByKey.get(value.replace(/\s+/g, " ").toLowerCase()) ?? value;

const nameAndStreet = {
  fullName: text(100).pipe(z.string().min(2, m.fullName)),
  line1: text(200).pipe(z.string().min(3, m.line1)),
  line2: text(200),
  city: text(60).pipe(z.string().min(2, m.city)),
};

/** An address in India: a state from the list, a 6-digit pincode, a 10-digit mobile. */
const indianAddress = z.object({
  ...nameAndStreet,
  state: z
    .string()
    .trim()
    .transform(canonicalState)
    .pipe(z.enum(indianStates, { error: m.state })),
  pincode: z.string().trim().regex(indianPincodePattern, m.pincode),
  // Chosen as India, or left empty (the page's default).
  country: z.string().transform(() => "India"),
  phone: mobile,
}) satisfies z.ZodType<PostalAddress>;

/** A transform that reads a phone number with `read`, or fails with its message. */
const phoneField = (read: (value: string) => { phone: string } | { message: string }) =>
  z
    .string()
    .trim()
    .transform((value, ctx) => {
      const answer = read(value);
      if ("phone" in answer) return answer.phone;
      ctx.issues.push({ code: "custom", message: answer.message, input: value });
      return z.NEVER;
    });

/**
 * An address abroad: any region (optional), the courier's foreign postal code rule, and a phone
 * number with its country code (or taking the code of the address's country).
 */
function foreignAddressIn(country: DestinationCountry | null) {
  return z.object({
    ...nameAndStreet,
    state: text(60),
    pincode: z
      .string()
      .trim()
      .toUpperCase()
      .refine(
        (code) => foreignPostalCode.test(code) || (code === "" && country !== null && !usesPostalCodes(country.code)),
        m.postalCode,
      ),
    country: z
      .string()
      .refine((value) => destinationCountryOf(value) !== null, m.country)
      .transform((value) => destinationCountryOf(value)?.name ?? value),
    phone: phoneField((value) => {
      const phone = internationalPhone(value, country);
      return phone ? { phone } : { message: m.internationalPhone };
    }),
  }) satisfies z.ZodType<PostalAddress>;
}

const addressSchemaIn = perCountry((country) => (isIndia(country) ? indianAddress : foreignAddressIn(country)));

/** The whole form for a parcel to `country`: the contact number and cash on delivery depend on it. */
const paymentSchemaFor = perCountry((country) =>
  z.object({
    method: z
      .enum(sandboxPaymentMethods, { error: m.method })
      .refine((method) => isIndia(country) || method !== "cod", m.codIndiaOnly),
    contact: z.object({
      email: z.string().trim().toLowerCase().max(254, m.email).pipe(z.email(m.email)),
      phone: phoneField((value) => contactPhone(value, country)),
    }),
    upiId: z
      .string()
      .trim()
      .regex(/^$|^[\w.-]{2,64}@[A-Za-z]{2,32}$/, m.upiId)
      .default(""),
    shippingAddress: addressSchemaIn(country),
  }),
);

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
  /** Cash on delivery: the code texted to the delivery phone, and the "send a code" button. */
  codCode: "codCode",
  codAction: "codAction",
  billingSameAsShipping: "billingSameAsShipping",
  shipping: (key: (typeof addressKeys)[number]) => `shippingAddress.${key}`,
  billing: (key: (typeof addressKeys)[number]) => `billingAddress.${key}`,
} as const;

/** `{ "a.b": v }` → `{ a: { b: v } }`; anything else is kept as it is. Missing text fields become "". */
const groupKeys: ReadonlyMap<string, readonly string[]> = new Map<string, readonly string[]>([
  ["contact", ["email", "phone"]],
  ["shippingAddress", addressKeys],
  ["billingAddress", addressKeys],
]);
const singleFields = new Set(["method", "upiId", "billingSameAsShipping"]);

/**
 * `{ "a.b": v }` (or already `{ a: { b: v } }`) → `{ a: { b: v } }` for the form's own fields only; any other name (say
 * `__proto__.x`) is dropped, so a posted form can never reach an object's prototype. Missing
 * text fields become "".
 */
function structured(form: Record<string, unknown>): Record<string, unknown> {
  const given = new Map<string, Map<string, unknown>>();
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(form)) {
    const single = Array.isArray(value) ? value[0] : value;
    if (singleFields.has(name)) {
      out[name] = single;
      continue;
    }
    const nested = groupKeys.has(name) && typeof single === "object" && single !== null;
    const entries = nested ? Object.entries(single as Record<string, unknown>) : [[name, single] as const];
    for (const [field, fieldValue] of entries) {
      const [group = "", key = "", ...deeper] = nested ? [name, field] : field.split(".");
      if (deeper.length > 0 || !groupKeys.get(group)?.includes(key)) continue;
      const fields = given.get(group) ?? new Map<string, unknown>();
      fields.set(key, fieldValue);
      given.set(group, fields);
    }
  }
  for (const [group, keys] of groupKeys) {
    const fields = given.get(group);
    // Billing stays absent when the form has none (then it is the shipping address).
    if (group === "billingAddress" && !fields) continue;
    out[group] = Object.fromEntries(keys.map((key) => [key, fields?.get(key) ?? ""]));
  }
  return out;
}

function fieldErrorsOf(error: z.ZodError, prefix = ""): FieldErrors {
  return groupFieldErrors(error.issues.map((issue) => [prefix + issue.path.map(String).join("."), issue.message]));
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
  const shippingTo = destinationOf((input.shippingAddress as Record<string, unknown>).country);
  const parsed = paymentSchemaFor(shippingTo).safeParse(input);
  const billingSame = isChecked(input.billingSameAsShipping) || input.billingAddress === undefined;
  const billingTo = destinationOf((input.billingAddress as Record<string, unknown> | undefined)?.country);
  const billing = billingSame ? null : addressSchemaIn(billingTo).safeParse(input.billingAddress);
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

/**
 * One address held to its country's rules, the page's own (saved addresses use them too):
 * normalised (the state's spelling, the country's name, the phone as the page stores it), or
 * field errors keyed by the address's own field names.
 */
export function readAddress(
  input: Record<string, unknown>,
): { ok: true; address: PostalAddress } | { ok: false; fieldErrors: FieldErrors } {
  const parsed = addressSchemaIn(destinationOf(input.country)).safeParse(input);
  return parsed.success ? { ok: true, address: parsed.data } : { ok: false, fieldErrors: fieldErrorsOf(parsed.error) };
}
