import { Link } from "react-router";
import { contactDetails as c, policyFacts as f } from "../../features/policies/policy-facts";
import { SHOP_NAME } from "../../lib/brand";
import { CancellationPolicyText, FirstOrderText, ReturnsPolicyText, ShippingPolicyText } from "./policy-sections";
import { StaticPage, StaticSection, type TocEntry } from "./static-page";

const toc: readonly TocEntry[] = [
  { id: "orders", label: "Orders" },
  { id: "prices", label: "Prices & payment" },
  { id: "codes", label: "Promo codes" },
  { id: "shipping", label: "Shipping" },
  { id: "cancellation", label: "Cancellation" },
  { id: "returns", label: "Exchanges & returns" },
  { id: "products", label: "Our products" },
  { id: "law", label: "The legal bit" },
];

/** How buying from the shop works; the site's own rules are in Terms of Service. */
export function TermsAndConditionsPage() {
  return (
    <StaticPage
      name="Terms & Conditions"
      description={`How buying from ${SHOP_NAME} works: orders, prices in rupees, payment and Cash on Delivery, ${f.firstOrderCode}, free shipping, cancelling within ${f.cancellationHours} hours and size exchanges.`}
      eyebrow="How buying works"
      lede={
        <p>
          The deal when you order from {SHOP_NAME}, written so you can actually read it. Using the site itself is
          covered by our <Link to="/terms-of-service">Terms of Service</Link>.
        </p>
      }
      toc={toc}
    >
      <StaticSection id="orders" number="01" title="Orders">
        <p>
          When you check out, we hold your pieces for you for 30 minutes while you pay. Your order is confirmed once the
          payment goes through, or once you choose Cash on Delivery, and we email you the confirmation with a link to
          your order. If a piece sells out before your payment reaches us, we cancel that order and refund you in full
          within {f.refundDays}.
        </p>
      </StaticSection>

      <StaticSection id="prices" number="02" title="Prices & payment">
        <p>
          Prices are in Indian rupees and include all taxes. The amount you pay is the total we show at checkout, worked
          out from our catalogue on our side. Pay online by UPI or card through our payment partner, or choose Cash on
          Delivery for addresses in India.
        </p>
      </StaticSection>

      <StaticSection id="codes" number="03" title="Promo codes">
        <FirstOrderText />
        <p>Codes can't be swapped for cash, and a code that's expired or used up won't apply.</p>
      </StaticSection>

      <StaticSection id="shipping" number="04" title="Shipping">
        <ShippingPolicyText />
      </StaticSection>

      <StaticSection id="cancellation" number="05" title="Cancellation">
        <CancellationPolicyText />
      </StaticSection>

      <StaticSection id="returns" number="06" title="Exchanges & returns">
        <ReturnsPolicyText />
      </StaticSection>

      <StaticSection id="products" number="07" title="Our products">
        <p>
          We photograph every piece to look like it does in real life, but screens differ, so a colour can look a shade
          off. Check the size chart on each product before you order; if the fit is wrong, the size exchange has your
          back.
        </p>
      </StaticSection>

      <StaticSection id="law" number="08" title="The legal bit">
        <p>
          These terms are governed by the laws of India, and the courts of New Delhi decide any dispute. We may update
          them; the version on this page when you order is the one that applies to that order. Questions? Write to{" "}
          <a href={`mailto:${c.email}`}>{c.email}</a>.
        </p>
        <p className="static-updated">Last updated: January 2026.</p>
      </StaticSection>
    </StaticPage>
  );
}
