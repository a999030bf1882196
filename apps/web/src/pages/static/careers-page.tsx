import { Mail } from "lucide-react";
import { contactDetails } from "../../features/policies/policy-facts";
import { COMMUNITY_NAME, SHOP_NAME, UNIVERSE_NAME } from "../../lib/brand";
import { Callout, StaticPage, StaticSection } from "./static-page";

const values = [
  {
    title: "Make it wearable",
    text: "A great idea is only great once someone wants to put it on. We test everything on real people.",
  },
  { title: "Ship, then sharpen", text: "Drops go out when they're good, and get better with every round of feedback." },
  {
    title: "Kind on the internet",
    text: "Our comments section, our DMs, our Slack: same rules. Be generous, be direct.",
  },
  { title: "Own your corner", text: "Small team, big trust. You run your piece of the shop like it's your own." },
] as const;

const teams = [
  {
    title: "Design & illustration",
    text: `Drawing the ${UNIVERSE_NAME}: characters, graphics, colourways and the lookbooks that go with them.`,
  },
  {
    title: `Community & ${COMMUNITY_NAME}`,
    text: "Drops, lore, collabs and the group chats that keep it all honest.",
  },
  {
    title: "Operations",
    text: "Packing, dispatch and the 24-hour promise. If you love a tidy shelf and a fast courier hand-over, hi.",
  },
  {
    title: "Engineering",
    text: "The shop you're on right now: fast on a 4G phone, kind to screen readers, never oversold.",
  },
] as const;

export function CareersPage() {
  return (
    <StaticPage
      name="Careers"
      description={`Work at ${SHOP_NAME}: design, community, operations and engineering for a streetwear brand built around the ${UNIVERSE_NAME}.`}
      eyebrow="Work with us"
      lede={
        <p>
          We're a small crew building a big universe. If you draw, write, pack parcels or write code, and you'd rather
          make something people wear than another slide deck, come say hi.
        </p>
      }
    >
      <StaticSection id="how-we-work" number="01" title="How we work">
        <ul className="static-cards">
          {values.map((value) => (
            <li key={value.title} className="static-card">
              <p className="static-card__title">{value.title}</p>
              <p>{value.text}</p>
            </li>
          ))}
        </ul>
      </StaticSection>

      <StaticSection id="teams" number="02" title="Teams we hire for">
        <p>
          We don't keep a wall of open roles. We hire when we meet the right person, so if your work fits one of these,
          we want to see it.
        </p>
        <ul className="static-list">
          {teams.map((team) => (
            <li key={team.title}>
              <strong>{team.title}.</strong> {team.text}
            </li>
          ))}
        </ul>
      </StaticSection>

      <StaticSection id="apply" number="03" title="How to apply">
        <p>Send us three things, in one email:</p>
        <ol className="static-steps">
          <li>A few lines about you and the team you'd join.</li>
          <li>Your work: a portfolio, a GitHub, an Instagram, whatever shows it best.</li>
          <li>The character you'd add to the {UNIVERSE_NAME}, in one sentence.</li>
        </ol>
        <Callout title="Apply by email">
          <p>
            <a className="static-link" href={`mailto:${contactDetails.careersEmail}`}>
              <Mail aria-hidden="true" /> {contactDetails.careersEmail}
            </a>
          </p>
          <p>We read every application, and we reply to every one too.</p>
        </Callout>
      </StaticSection>
    </StaticPage>
  );
}
