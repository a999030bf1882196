import * as Accordion from "@radix-ui/react-accordion";
import { ChevronDown } from "lucide-react";
import { useIdle } from "../../../lib/when-idle";
import { contactDetails, policyFacts as f } from "../../policies/policy-facts";
import "./product-policies.css";

/**
 * The product page's two policy accordions (R-STORE-2, texts from R-STORE-9 through the shared policy facts).
 * Radix measures each panel as it mounts, which in the page's first commit forced the whole page's
 * first layout into that task (about 40 ms of an 85 ms one on this machine, unthrottled; issue 14).
 * Below the fold on every screen, they mount once the browser is idle after the first paint (a
 * second at most), in a box of their closed height that holds their place until then.
 */
export function ProductPolicies() {
  const ready = useIdle();
  if (!ready) return <div className="policies policies--pending" />;
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
