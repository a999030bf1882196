/**
 * GST state codes (the first two digits of a GSTIN), as GSTR-1 names a place of supply:
 * "29-Karnataka". Names follow the invoices' list (`indianStates` in @vaki/contract/invoices);
 * Dadra and Nagar Haveli and Daman and Diu took code 26 when the two were merged in 2020.
 */
export const gstStateCodes: Readonly<Record<string, string>> = {
  "Jammu and Kashmir": "01",
  "Himachal Pradesh": "02",
  Punjab: "03",
  Chandigarh: "04",
  Uttarakhand: "05",
  Haryana: "06",
  Delhi: "07",
  Rajasthan: "08",
  "Uttar Pradesh": "09",
  Bihar: "10",
  Sikkim: "11",
  "Arunachal Pradesh": "12",
  Nagaland: "13",
  Manipur: "14",
  Mizoram: "15",
  Tripura: "16",
  Meghalaya: "17",
  Assam: "18",
  "West Bengal": "19",
  Jharkhand: "20",
  Odisha: "21",
  Chhattisgarh: "22",
  "Madhya Pradesh": "23",
  Gujarat: "24",
  "Dadra and Nagar Haveli and Daman and Diu": "26",
  Maharashtra: "27",
  Karnataka: "29",
  Goa: "30",
  Lakshadweep: "31",
  Kerala: "32",
  "Tamil Nadu": "33",
  Puducherry: "34",
  "Andaman and Nicobar Islands": "35",
  Telangana: "36",
  "Andhra Pradesh": "37",
  Ladakh: "38",
};

/** Older or short names a delivery address may carry (a gateway's form is free text). */
const aliases: Readonly<Record<string, string>> = {
  orissa: "Odisha",
  pondicherry: "Puducherry",
  uttaranchal: "Uttarakhand",
  "new delhi": "Delhi",
  "nct of delhi": "Delhi",
  "national capital territory of delhi": "Delhi",
  "jammu kashmir": "Jammu and Kashmir",
  "andaman nicobar islands": "Andaman and Nicobar Islands",
  "andaman and nicobar": "Andaman and Nicobar Islands",
  "daman and diu": "Dadra and Nagar Haveli and Daman and Diu",
  "dadra and nagar haveli": "Dadra and Nagar Haveli and Daman and Diu",
  "dadra nagar haveli and daman diu": "Dadra and Nagar Haveli and Daman and Diu",
};

const keyOf = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z ]/g, " ")
    .replace(/\s+/g, " ")
    .trim();

const byKey = new Map<string, string>([
  ...Object.keys(gstStateCodes).map((name): [string, string] => [keyOf(name), name]),
  ...Object.entries(aliases).map(([alias, name]): [string, string] => [keyOf(alias), name]),
]);

/** A state's name as the list spells it ("tamil nadu", "Orissa" → "Tamil Nadu", "Odisha"); null if unknown. */
export function canonicalStateName(name: string): string | null {
  return byKey.get(keyOf(name)) ?? null;
}

/** "29-Karnataka": GSTR-1's place of supply of a state; null for a name no code is known for. */
export function placeOfSupplyCode(state: string): string | null {
  const name = canonicalStateName(state);
  return name ? `${gstStateCodes[name]}-${name}` : null;
}
