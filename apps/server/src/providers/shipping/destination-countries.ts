import type { CountryCode } from "libphonenumber-js/min";

/**
 * Countries the shop ships to (spec: "free shipping worldwide"), India first, the rest by name:
 * the sandbox payment page's country choice. Addresses store the name; ISO 3166 alpha-2 codes
 * are accepted as well. `postalCodes: false` marks a country without postal codes: its addresses
 * may leave the code empty.
 */
export const destinationCountries = [
  { code: "IN", name: "India" },
  { code: "AU", name: "Australia" },
  { code: "AT", name: "Austria" },
  { code: "BH", name: "Bahrain" },
  { code: "BD", name: "Bangladesh" },
  { code: "BE", name: "Belgium" },
  { code: "BT", name: "Bhutan" },
  { code: "BR", name: "Brazil" },
  { code: "CA", name: "Canada" },
  { code: "CZ", name: "Czechia" },
  { code: "DK", name: "Denmark" },
  { code: "FI", name: "Finland" },
  { code: "FR", name: "France" },
  { code: "DE", name: "Germany" },
  { code: "GR", name: "Greece" },
  { code: "HK", name: "Hong Kong", postalCodes: false },
  { code: "HU", name: "Hungary" },
  { code: "ID", name: "Indonesia" },
  { code: "IE", name: "Ireland" },
  { code: "IL", name: "Israel" },
  { code: "IT", name: "Italy" },
  { code: "JP", name: "Japan" },
  { code: "KE", name: "Kenya" },
  { code: "KW", name: "Kuwait" },
  { code: "LU", name: "Luxembourg" },
  { code: "MY", name: "Malaysia" },
  { code: "MV", name: "Maldives" },
  { code: "MU", name: "Mauritius" },
  { code: "MX", name: "Mexico" },
  { code: "NP", name: "Nepal" },
  { code: "NL", name: "Netherlands" },
  { code: "NZ", name: "New Zealand" },
  { code: "NG", name: "Nigeria" },
  { code: "NO", name: "Norway" },
  { code: "OM", name: "Oman" },
  { code: "PH", name: "Philippines" },
  { code: "PL", name: "Poland" },
  { code: "PT", name: "Portugal" },
  { code: "QA", name: "Qatar", postalCodes: false },
  { code: "SA", name: "Saudi Arabia" },
  { code: "SG", name: "Singapore" },
  { code: "ZA", name: "South Africa" },
  { code: "KR", name: "South Korea" },
  { code: "ES", name: "Spain" },
  { code: "LK", name: "Sri Lanka" },
  { code: "SE", name: "Sweden" },
  { code: "CH", name: "Switzerland" },
  { code: "TW", name: "Taiwan" },
  { code: "TH", name: "Thailand" },
  { code: "AE", name: "United Arab Emirates", postalCodes: false },
  { code: "GB", name: "United Kingdom" },
  { code: "US", name: "United States" },
  { code: "VN", name: "Vietnam" },
] as const satisfies readonly { code: CountryCode; name: string; postalCodes?: false }[];

export type DestinationCountry = (typeof destinationCountries)[number];

const byKey = new Map<string, DestinationCountry>(
  destinationCountries.flatMap((country) => [
    [country.name.toLowerCase(), country],
    [country.code.toLowerCase(), country],
  ]),
);

/** The country a form value names ("united kingdom", "GB"), or null when the shop does not ship there. */
export function destinationCountryOf(value: string): DestinationCountry | null {
  return byKey.get(value.trim().replace(/\s+/g, " ").toLowerCase()) ?? null;
}

/** Whether addresses in the country named `value` (name or ISO code) carry a postal code. */
export function usesPostalCodes(value: string): boolean {
  const country = destinationCountryOf(value);
  return !(country && "postalCodes" in country && country.postalCodes === false);
}
