import type { Address } from "@vaki/contract/orders";
import { addressLines } from "../order-address";

interface AddressBlockProps {
  address: Address | null | undefined;
  /** Shown when the order has no address yet. */
  empty?: string;
}

export function AddressBlock({ address, empty = "Not provided yet" }: AddressBlockProps) {
  const printed = addressLines(address);
  if (!printed) return <p className="order-muted">{empty}</p>;
  return (
    <address className="order-address">
      {printed.name ? <span className="order-address__name">{printed.name}</span> : null}
      {printed.lines.map((line) => (
        <span key={line}>{line}</span>
      ))}
      {printed.phone ? <span className="order-muted">Phone: {printed.phone}</span> : null}
    </address>
  );
}
