import type { Address } from "@vaki/contract/orders";

/** A postal address as lines; the server keeps both the old and the new field names. */
export function AddressBlock({ address }: { address: Address | null }) {
  if (!address) return <p className="muted">None given.</p>;
  const lines = [
    address.fullName,
    address.addressLine1 ?? address.line1,
    address.addressLine2 ?? address.line2,
    [address.city, address.state, address.postalCode ?? address.pincode].filter(Boolean).join(", "),
    address.country,
    address.phone,
  ].filter(Boolean);
  return <address className="address">{lines.join("\n")}</address>;
}
