import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { policyFacts as f } from "../../features/policies/policy-facts";
import { COMMUNITY_NAME, FIRST_ORDER_CODE, SHOP_NAME, UNIVERSE_NAME } from "../../lib/brand";
import { FactTiles, StaticPage, StaticSection } from "./static-page";

export function AboutPage() {
  return (
    <StaticPage
      name="About Us"
      description={`${SHOP_NAME} makes streetwear with a story: heavyweight basics, loud graphics and the characters of the ${UNIVERSE_NAME}. Free shipping worldwide.`}
      eyebrow={`Streetwear from the ${UNIVERSE_NAME}`}
      lede={
        <p>
          {SHOP_NAME} is streetwear with a story. Clean silhouettes, loud graphics and a cast of characters you'll want
          to wear, made in India for people who come alive after dark.
        </p>
      }
      heroExtra={
        <FactTiles
          label="What you can count on"
          facts={[
            { value: `${f.packingHours}H`, label: "Packed and out the door" },
            { value: "₹0", label: "Shipping, anywhere in the world" },
            { value: `${f.exchangeDays} DAYS`, label: "To swap a size in India" },
            { value: "COD", label: "Cash on Delivery across India" },
          ]}
        />
      }
    >
      <StaticSection id="story" number="01" title="Why we exist">
        <p className="static-lead">The tees we wanted didn't exist. So we drew them.</p>
        <p>
          {SHOP_NAME} started with a sketchbook of characters and a simple itch: streetwear in India was either plain
          basics or someone else's logo. We wanted pieces with a point of view, something that starts a conversation in
          the metro or at a gig. So every drop begins with a drawing, gets argued over, gets redrawn, and only then
          becomes something you can wear.
        </p>
      </StaticSection>

      <StaticSection id="vakiverse" number="02" title={`The ${UNIVERSE_NAME}`}>
        <p>
          The {UNIVERSE_NAME} is our universe of characters: each one has a name, a signature colour, a garment and a
          story that fits in two lines. Wear the one that feels like you, collect the crew, and watch the story grow
          with every drop.
        </p>
        <p>
          <Link className="static-link" to="/vakiverse">
            Enter the {UNIVERSE_NAME} <ArrowRight aria-hidden="true" />
          </Link>
        </p>
      </StaticSection>

      <StaticSection id="club" number="03" title={`Join ${COMMUNITY_NAME}`}>
        <p>
          {COMMUNITY_NAME} is where the people who wear {SHOP_NAME} hang out: first looks at new drops, Club-only
          restocks and the odd bit of lore before anyone else. Joining is free, and your first order gets an extra{" "}
          {f.firstOrderDiscountPercent}% off with <strong className="static-code">{FIRST_ORDER_CODE}</strong>.
        </p>
      </StaticSection>

      <StaticSection id="promise" number="04" title="Our promise">
        <ul className="static-checklist">
          <li>Prices in rupees, inclusive of all taxes. What you see is what you pay.</li>
          <li>Free shipping on every order, in India and worldwide.</li>
          <li>
            Packed within {f.packingHours} hours. Delhi-NCR in {f.delivery.delhiNcr}, the rest of India in{" "}
            {f.delivery.restOfIndia}.
          </li>
          <li>Wrong size? Exchange it within {f.exchangeDays} days of delivery in India.</li>
          <li>Changed your mind? Cancel within {f.cancellationHours} hours of ordering.</li>
        </ul>
      </StaticSection>

      <div className="static-cta">
        <p className="static-cta__title">Seen enough? Go get yours.</p>
        <div className="static-cta__actions">
          <Link to="/products" className="button button--primary">
            Shop all products <ArrowRight aria-hidden="true" />
          </Link>
          <Link to="/vakiverse" className="button">
            Meet the characters
          </Link>
        </div>
      </div>
    </StaticPage>
  );
}
