import { indianPincodePattern } from "@vaki/contract/fulfilment-rules";
import { usesPostalCodes } from "./destination-countries.js";

/** Where a parcel goes, as the shipping policy groups it (R-ORD-9). */
export type DeliveryRegion = "delhi-ncr" | "india" | "international";

/** Working days per region: Delhi-NCR 1-2, elsewhere in India 3-5, international 5-7 (7-14 to some destinations; R-ORD-9). */
export const deliveryWindows: Readonly<Record<DeliveryRegion, { min: number; max: number }>> = {
  "delhi-ncr": { min: 1, max: 2 },
  india: { min: 3, max: 5 },
  international: { min: 5, max: 14 },
};

/** Delhi 110xxx, Faridabad 121xxx, Gurugram 122xxx, Noida/Ghaziabad 201xxx. */
const delhiNcr = /^(110|121|122|201)\d{3}$/;
const indianPincode = indianPincodePattern;
/** Foreign postal codes: letters, digits, spaces and dashes, 3-10 characters (the sandbox pay page checks with it too). */
export const foreignPostalCode = /^[A-Za-z0-9][A-Za-z0-9 -]{1,8}[A-Za-z0-9]$/;

const isIndia = (country: string | undefined) =>
  country === undefined || country.trim() === "" || /^(india|in|ind|bharat)$/i.test(country.trim());

/**
 * The region of a destination and whether its code can be real. Indian pincodes are 6 digits
 * starting 1-8 ("110 001" is read as 110001); another country, or no country and a code that
 * is not 6 digits, is international (an empty code is valid only for a country without postal
 * codes, e.g. the UAE); a 6-digit code starting with 0 is invalid.
 */
export function deliveryRegionOf(pincode: string, country?: string): { region: DeliveryRegion; valid: boolean } {
  const trimmed = pincode.trim();
  const compact = trimmed.replace(/\s+/g, "");
  if (isIndia(country) && /^\d{6}$/.test(compact)) {
    if (!indianPincode.test(compact)) return { region: "india", valid: false };
    return { region: delhiNcr.test(compact) ? "delhi-ncr" : "india", valid: true };
  }
  if (country !== undefined && isIndia(country) && country.trim() !== "") return { region: "india", valid: false };
  const valid =
    foreignPostalCode.test(trimmed) || (trimmed === "" && country !== undefined && !usesPostalCodes(country));
  return { region: "international", valid };
}

/** "yyyy-mm-dd hh:mm:ss" in India time (UTC+5:30, no daylight saving), as Shiprocket writes dates. */
export function indiaDateTime(date: Date): string {
  return new Date(date.getTime() + 330 * 60_000).toISOString().slice(0, 19).replace("T", " ");
}
