import type { Address } from "@vaki/contract/orders";

/** An address as the spec reads it (R-ORD-3): either spelling of each field, and the older first/last name pair. */
type AddressLike = Address & { first_name?: string; last_name?: string };

export interface AddressLines {
  name: string;
  lines: string[];
  phone: string;
}

/** The lines to print for an address; null when there is nothing to print. */
export function addressLines(address: AddressLike | null | undefined): AddressLines | null {
  if (!address) return null;
  const name = address.fullName?.trim() || [address.first_name, address.last_name].filter(Boolean).join(" ").trim();
  const cityLine = [address.city, address.state].filter(Boolean).join(", ");
  const postal = address.postalCode || address.pincode || "";
  const lines = [
    address.addressLine1 || address.line1,
    address.addressLine2 || address.line2,
    [cityLine, postal].filter(Boolean).join(" "),
    address.country,
  ].filter((line): line is string => Boolean(line?.trim()));
  if (!name && lines.length === 0) return null;
  return { name, lines, phone: address.phone ?? "" };
}
