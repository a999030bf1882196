import type { SavedAddress } from "@vaki/contract/addresses";

/** "12 MG Road, Near the park" / "Bengaluru, Karnataka 560001" / "India". */
export function addressSummary(address: SavedAddress): string[] {
  return [
    [address.line1, address.line2].filter(Boolean).join(", "),
    [address.city, [address.state, address.pincode].filter(Boolean).join(" ")].filter(Boolean).join(", "),
    address.country,
  ];
}

/** One line for a control's name: "Riya Sharma, 12 MG Road, Bengaluru". */
export function addressLabel(address: SavedAddress): string {
  return [address.fullName, address.line1, address.city].join(", ");
}

/** The address as a shopper reads it on a label. */
export function AddressLines({ address }: { address: SavedAddress }) {
  return (
    <>
      <span className="address-lines__name">{address.fullName}</span>
      {addressSummary(address).map((line) => (
        <span key={line} className="address-lines__line">
          {line}
        </span>
      ))}
      <span className="address-lines__line">{address.phone}</span>
    </>
  );
}
