import { Link } from "react-router";
import { contactDetails as c } from "../../features/policies/policy-facts";
import { SHOP_NAME } from "../../lib/brand";
import { CancellationPolicyText, ReturnsPolicyText, ShippingPolicyText } from "./policy-sections";
import { StaticPage, StaticSection, type TocEntry } from "./static-page";

const toc: readonly TocEntry[] = [
  { id: "privacy", label: "Privacy" },
  { id: "shipping", label: "Shipping" },
  { id: "returns", label: "Returns & exchanges" },
  { id: "cancellation", label: "Cancellation" },
  { id: "terms", label: "Terms" },
];

/** The Policies page (R-ORD-2: privacy, shipping, returns, cancellation, terms), with in-page anchors. */
export function PrivacyPolicyPage() {
  return (
    <StaticPage
      name="Privacy Policy"
      description={`How ${SHOP_NAME} handles your data, plus our shipping, returns, exchange, cancellation and terms policies in plain words.`}
      eyebrow="Policies, minus the fine print"
      lede={
        <p>
          What we do with your data, and everything else you should know before you order: shipping, returns,
          cancellation and terms. Plain words, one page.
        </p>
      }
      toc={toc}
    >
      <StaticSection id="privacy" number="01" title="Privacy">
        <p className="static-lead">We collect what it takes to get your order to you. That's it.</p>
        <h3>What we keep</h3>
        <ul className="static-list">
          <li>
            <strong>Your account:</strong> name, email, mobile number (if you add it) and a password we store only as a
            strong one-way hash. We can't read it, and nobody else can either.
          </li>
          <li>
            <strong>Your orders:</strong> what you bought, the delivery and billing addresses, and the email and phone
            the courier needs.
          </li>
          <li>
            <strong>Your payment:</strong> our payment partner handles it. We see whether a payment went through and its
            reference number, never your card number or UPI PIN.
          </li>
          <li>
            <strong>Your browser:</strong> we use its storage to keep you logged in, remember your cart and open your
            order confirmation. No ad trackers.
          </li>
        </ul>
        <h3>Who else sees it</h3>
        <p>
          Only the partners who do the job with us: the payment partner that takes your payment, the courier that
          delivers your parcel (name, address and phone), and our email service for order updates. We never sell your
          data, and we never will.
        </p>
        <h3>Your choices</h3>
        <p>
          Ask us for a copy of your data, a correction or a deletion at <a href={`mailto:${c.email}`}>{c.email}</a>. In
          the Club and done with our emails? Tell us and they stop. Order emails keep coming while an order is on its
          way, because you need them.
        </p>
      </StaticSection>

      <StaticSection id="shipping" number="02" title="Shipping">
        <ShippingPolicyText />
        <p>
          Every detail, including tracking and international delivery, is on the{" "}
          <Link to="/shipping-policies">Shipping Policies</Link> page.
        </p>
      </StaticSection>

      <StaticSection id="returns" number="03" title="Returns & exchanges">
        <ReturnsPolicyText />
      </StaticSection>

      <StaticSection id="cancellation" number="04" title="Cancellation">
        <CancellationPolicyText />
      </StaticSection>

      <StaticSection id="terms" number="05" title="Terms">
        <p>
          Ordering from {SHOP_NAME} means you agree to our{" "}
          <Link to="/terms-and-conditions">Terms &amp; Conditions</Link> (how buying works: prices, payment, codes,
          delivery) and using the site means you agree to our <Link to="/terms-of-service">Terms of Service</Link>{" "}
          (accounts, our designs and characters, fair use).
        </p>
        <p className="static-updated">Last updated: January 2026.</p>
      </StaticSection>
    </StaticPage>
  );
}
