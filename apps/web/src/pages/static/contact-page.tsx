import { Clock, Mail, MapPin, Phone } from "lucide-react";
import { Link } from "react-router";
import { contactDetails as c, policyFacts as f, telHref } from "../../features/policies/policy-facts";
import { SHOP_NAME } from "../../lib/brand";
import { StaticPage, StaticSection } from "./static-page";

export function ContactPage() {
  return (
    <StaticPage
      name="Contact Us"
      description={`Talk to ${SHOP_NAME}: email, phone and studio address, with our hours. Help with sizes, orders, exchanges and collabs.`}
      eyebrow="Real people, quick replies"
      lede={<p>A size question, a parcel that's taking its time, a collab idea? Talk to us. {c.replyTime}</p>}
    >
      <ul className="contact-cards" aria-label="Ways to reach us">
        <li className="contact-card">
          <Mail aria-hidden="true" className="contact-card__icon" />
          <p className="contact-card__label">Email</p>
          <a className="contact-card__value" href={`mailto:${c.email}`}>
            {c.email}
          </a>
        </li>
        <li className="contact-card">
          <Phone aria-hidden="true" className="contact-card__icon" />
          <p className="contact-card__label">Phone</p>
          <a className="contact-card__value" href={telHref(c.phone)}>
            {c.phone}
          </a>
        </li>
        <li className="contact-card">
          <Clock aria-hidden="true" className="contact-card__icon" />
          <p className="contact-card__label">Hours</p>
          <p className="contact-card__value">{c.hours}</p>
        </li>
        <li className="contact-card">
          <MapPin aria-hidden="true" className="contact-card__icon" />
          <p className="contact-card__label">Studio</p>
          <address className="contact-card__value">
            {c.addressLines.map((line) => (
              <span key={line}>{line}</span>
            ))}
          </address>
        </li>
      </ul>

      <StaticSection id="faster" number="01" title="Get an answer faster">
        <ul className="static-list">
          <li>
            <strong>Where's my order?</strong> <Link to="/orders">My Orders</Link> has Track Now with every courier
            update. Ordered as a guest? The link in your confirmation email opens your order, tracking included.
          </li>
          <li>
            <strong>Wrong size?</strong> Exchanges in India within {f.exchangeDays} days of delivery.{" "}
            <Link to="/privacy-policy#returns">How exchanges work</Link>.
          </li>
          <li>
            <strong>Want to cancel?</strong> Within {f.cancellationHours} hours of ordering.{" "}
            <Link to="/privacy-policy#cancellation">How cancelling works</Link>.
          </li>
          <li>
            <strong>Anything else?</strong> The <Link to="/faq">FAQ</Link> answers the ten questions we hear most.
          </li>
        </ul>
        <p>Writing about an order? Put its number (it starts with VK-) in the subject and we'll find it in seconds.</p>
      </StaticSection>

      <StaticSection id="collabs" number="02" title="Collabs and press">
        <p>
          Artists, creators, stores and writers: we love a good collab. Email{" "}
          <a href={`mailto:${c.email}`}>{c.email}</a> with "Collab" in the subject and show us what you make.
        </p>
      </StaticSection>
    </StaticPage>
  );
}
