import * as Accordion from "@radix-ui/react-accordion";
import { ChevronDown } from "lucide-react";
import { contactDetails, policyFacts as f } from "../../policies/policy-facts";
import "./product-policies.css";

/** The product page's two policy accordions (spec §2, texts from §9 through the shared policy facts). */
export function ProductPolicies() {
  return (
    <Accordion.Root type="multiple" className="policies">
      <Accordion.Item value="exchange" className="policies__item">
        <Accordion.Header asChild>
          <h2 className="policies__heading">
            <Accordion.Trigger className="policies__trigger">
              Exchange &amp; Refund Policy
              <ChevronDown aria-hidden="true" className="policies__chevron" />
            </Accordion.Trigger>
          </h2>
        </Accordion.Header>
        <Accordion.Content className="policies__content">
          <ul className="policies__list">
            <li>
              Size exchanges within {f.exchangeDays} days of delivery, for orders in India. Unworn, unwashed, tags on.
            </li>
            <li>
              International orders: report a damaged or defective piece within {f.internationalDefectHours} hours of
              delivery, with photos, and we'll make it right.
            </li>
            <li>Refunds go back to the way you paid within {f.refundDays}.</li>
            <li>
              Changed your mind? Cancel within {f.cancellationHours} hours of ordering by e-mail to{" "}
              <a href={`mailto:${contactDetails.email}`}>{contactDetails.email}</a>.
            </li>
          </ul>
        </Accordion.Content>
      </Accordion.Item>
      <Accordion.Item value="shipping" className="policies__item">
        <Accordion.Header asChild>
          <h2 className="policies__heading">
            <Accordion.Trigger className="policies__trigger">
              Shipping Information
              <ChevronDown aria-hidden="true" className="policies__chevron" />
            </Accordion.Trigger>
          </h2>
        </Accordion.Header>
        <Accordion.Content className="policies__content">
          <ul className="policies__list">
            <li>Free shipping worldwide, on every order.</li>
            <li>Every order is packed within {f.packingHours} hours.</li>
            <li>Delhi-NCR: {f.delivery.delhiNcr}, often the next working day.</li>
            <li>Elsewhere in India: {f.delivery.restOfIndia}.</li>
            <li>International: {f.delivery.international}.</li>
            <li>{f.cashOnDelivery}.</li>
          </ul>
        </Accordion.Content>
      </Accordion.Item>
    </Accordion.Root>
  );
}
