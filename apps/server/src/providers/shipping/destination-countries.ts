import { destinationCountries as list } from "@vaki/contract/address-countries";
import type { CountryCode } from "libphonenumber-js/min";

/** The list lives in the contract (the storefront's address form shows it too); here it is typed for libphonenumber. */
export const destinationCountries = list satisfies readonly { code: CountryCode; name: string; postalCodes?: false }[];

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
