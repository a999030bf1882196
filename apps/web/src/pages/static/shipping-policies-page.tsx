import { Link } from "react-router";
import { contactDetails as c, policyFacts as f } from "../../features/policies/policy-facts";
import { SHOP_NAME } from "../../lib/brand";
import { DeliveryTable, deliveryTiles } from "./policy-sections";
import { FactTiles, StaticPage, StaticSection, type TocEntry } from "./static-page";

const toc: readonly TocEntry[] = [
  { id: "delivery-times", label: "Delivery times" },
  { id: "packing", label: "Packing & dispatch" },
  { id: "payment", label: "Cash on Delivery" },
  { id: "tracking", label: "Tracking" },
  { id: "failed-delivery", label: "If delivery fails" },
  { id: "international", label: "International orders" },
];

export function ShippingPoliciesPage() {
  return (
    <StaticPage
      name="Shipping Policies"
      description={`${SHOP_NAME} ships free worldwide. Packed within ${f.packingHours} hours; Delhi-NCR in ${f.delivery.delhiNcr}, the rest of India in ${f.delivery.restOfIndia}, international in ${f.delivery.international}.`}
      eyebrow="Free shipping, worldwide"
      lede={<p>Packed within {f.packingHours} hours, shipped free to wherever you are. Here's when it reaches you.</p>}
      heroExtra={<FactTiles label="Delivery at a glance" facts={deliveryTiles} />}
      toc={toc}
    >
      <StaticSection id="delivery-times" number="01" title="Delivery times">
        <DeliveryTable />
        <p>{f.dayCountNote}</p>
      </StaticSection>

      <StaticSection id="packing" number="02" title="Packing & dispatch">
        <p>
          Every order is packed within {f.packingHours} hours of payment (or of ordering, for Cash on Delivery). Then it
          goes to our courier partner, and you get a tracking number as soon as the courier assigns one.
        </p>
      </StaticSection>

      <StaticSection id="payment" number="03" title="Cash on Delivery">
        <p>
          {f.cashOnDelivery}. Pick it at checkout and pay the courier in cash or UPI when the parcel arrives. Please
          keep the amount ready; the courier can't leave the parcel without it.
        </p>
      </StaticSection>

      <StaticSection id="tracking" number="04" title="Tracking">
        <p>
          Logged in, open <Link to="/orders">My Orders</Link> and tap Track Now: you'll see where your order is
          (Created, Processing, Shipped, Delivered) and every courier update, newest first. Ordered as a guest? Your
          confirmation email has a link that opens your order and its tracking on any device.
        </p>
      </StaticSection>

      <StaticSection id="failed-delivery" number="05" title="If delivery fails">
        <p>
          If the courier can't reach you, they try again. If the attempts don't work out, the parcel comes back to us
          and we'll email you about a fresh delivery or a refund. Double-check your address and phone at checkout and it
          almost never comes to that.
        </p>
      </StaticSection>

      <StaticSection id="international" number="06" title="International orders">
        <p>
          We ship worldwide, free, in {f.delivery.international}. International orders are paid online. If something
          arrives damaged or defective, choose Report a defect on the order in My Orders within{" "}
          {f.internationalDefectHours} hours of delivery, with a photo (or email{" "}
          <a href={`mailto:${c.email}`}>{c.email}</a> with your order number), and we'll make it right.
        </p>
      </StaticSection>
    </StaticPage>
  );
}
