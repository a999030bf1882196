/**
 * Policy texts used on more than one page (Policies, Shipping Policies, Terms & Conditions, FAQ),
 * written once from the policy facts so the pages always agree.
 */
import { Link } from "react-router";
import { contactDetails, policyFacts as f } from "../../features/policies/policy-facts";
import type { FactTile } from "./static-page";

export const deliveryTiles: readonly FactTile[] = [
  { value: `${f.packingHours}H`, label: "Every order is packed within 24 hours" },
  { value: "1-2", label: "Working days to Delhi-NCR" },
  { value: "3-5", label: "Business days to the rest of India" },
  { value: "5-7", label: "Business days to the rest of the world (7-14 to some destinations)" },
];

export function DeliveryTable() {
  return (
    <div className="static-table-wrap">
      <table className="static-table">
        <caption className="visually-hidden">Delivery times and shipping cost by region</caption>
        <thead>
          <tr>
            <th scope="col">Where</th>
            <th scope="col">Delivery time</th>
            <th scope="col">Shipping</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">Delhi-NCR</th>
            <td>{f.delivery.delhiNcr} (often the next working day)</td>
            <td>Free</td>
          </tr>
          <tr>
            <th scope="row">Rest of India</th>
            <td>{f.delivery.restOfIndia}</td>
            <td>Free</td>
          </tr>
          <tr>
            <th scope="row">International</th>
            <td>{f.delivery.international}</td>
            <td>Free</td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}

export function ShippingPolicyText() {
  return (
    <>
      <p>
        Shipping is free on every order, in India and worldwide. No minimum, no surprise charges at checkout. We pack
        every order within {f.packingHours} hours, then it's with our courier partner and on its way.
      </p>
      <DeliveryTable />
      <p>
        {f.dayCountNote} {f.cashOnDelivery}: pay in cash or UPI when the parcel reaches you.
      </p>
    </>
  );
}

export function ReturnsPolicyText() {
  return (
    <>
      <p>
        <strong>Wrong size? We'll swap it.</strong> In India, you can ask for a size exchange within {f.exchangeDays}{" "}
        days of delivery. Keep the piece unworn and unwashed with its tags on, open the order in{" "}
        <Link to="/orders">My Orders</Link> and choose Exchange size, and we'll arrange the pickup and send the new
        size. Ordered as a guest? Write to <a href={`mailto:${contactDetails.email}`}>{contactDetails.email}</a> with
        your order number. Exchanges are for sizes only; we don't take back pieces you've simply changed your mind
        about.
      </p>
      <p>
        <strong>Ordering from outside India?</strong> If something arrives damaged or defective, tell us within{" "}
        {f.internationalDefectHours} hours of delivery: open the order in <Link to="/orders">My Orders</Link>, choose
        Report a defect and add a photo or two (guests, write to us), and we'll make it right.
      </p>
      <p>When a refund is due, it goes back to the way you paid within {f.refundDays}.</p>
    </>
  );
}

export function CancellationPolicyText() {
  return (
    <>
      <p>
        Changed your mind? You can cancel within {f.cancellationHours} hours of placing your order, as long as it hasn't
        shipped. Logged in, it's one tap: <Link to="/orders">My Orders</Link>, then Cancel Order. Ordered as a guest?
        Email us at <a href={`mailto:${contactDetails.email}`}>{contactDetails.email}</a> with your order number within
        the same {f.cancellationHours} hours.
      </p>
      <p>
        Paid online? Your refund will be processed within {f.refundDays}. Chose Cash on Delivery? There's nothing to pay
        and nothing to refund. Once a parcel is with the courier it can't be cancelled, but a wrong size can still be
        exchanged after delivery.
      </p>
    </>
  );
}

export function FirstOrderText() {
  return (
    <p>
      New here? Use <strong className="static-code">{f.firstOrderCode}</strong> at checkout for an extra{" "}
      {f.firstOrderDiscountPercent}% off your first order. One code per order; it works on your first paid order only.
    </p>
  );
}
