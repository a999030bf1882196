import { Link } from "react-router";
import { contactDetails as c } from "../../features/policies/policy-facts";
import { SHOP_NAME, UNIVERSE_NAME } from "../../lib/brand";
import { StaticPage, StaticSection, type TocEntry } from "./static-page";

const toc: readonly TocEntry[] = [
  { id: "using", label: "Using the site" },
  { id: "account", label: "Your account" },
  { id: "designs", label: "Our designs & characters" },
  { id: "fair-use", label: "Fair use" },
  { id: "liability", label: "Liability" },
  { id: "changes", label: "Changes" },
];

/** The rules of using the site and an account; buying is covered by Terms & Conditions. */
export function TermsOfServicePage() {
  return (
    <StaticPage
      name="Terms of Service"
      description={`The rules for using the ${SHOP_NAME} website and your account: sign-in and security, our ${UNIVERSE_NAME} designs and characters, and fair use.`}
      eyebrow="The rules of the site"
      lede={
        <p>
          The ground rules for using the {SHOP_NAME} website and your account. Buying has its own page:{" "}
          <Link to="/terms-and-conditions">Terms &amp; Conditions</Link>.
        </p>
      }
      toc={toc}
    >
      <StaticSection id="using" number="01" title="Using the site">
        <p>
          Browse, build a cart and check out as a guest or with an account; both are free. By using the site you agree
          to these terms and to our <Link to="/privacy-policy">Privacy Policy</Link>.
        </p>
      </StaticSection>

      <StaticSection id="account" number="02" title="Your account">
        <p>
          Give us your real name and an email you read, and keep your password to yourself. For your safety, a sign-in
          lasts at most 8 hours; after that you log in again. If you think someone else got into your account, reset
          your password and write to us at <a href={`mailto:${c.email}`}>{c.email}</a>.
        </p>
      </StaticSection>

      <StaticSection id="designs" number="03" title="Our designs & characters">
        <p>
          The {UNIVERSE_NAME} characters, their names and stories, our graphics, photos and the {SHOP_NAME} name belong
          to us. Wear them, post them, tag us: we love that. Printing or selling them, or training a model on them,
          needs our written permission first.
        </p>
      </StaticSection>

      <StaticSection id="fair-use" number="04" title="Fair use">
        <p>
          Don't try to break the site, scrape it in bulk, buy up stock to resell it, or use someone else's account or
          payment. We may cancel orders or close accounts that do, and refund what was paid.
        </p>
      </StaticSection>

      <StaticSection id="liability" number="05" title="Liability">
        <p>
          We work hard to keep the site running and accurate, but it's offered as it is. As far as the law allows, our
          responsibility for any order is limited to what you paid for it. Nothing here takes away your rights as a
          consumer under Indian law.
        </p>
      </StaticSection>

      <StaticSection id="changes" number="06" title="Changes">
        <p>
          We may update these terms as the shop grows. The date below says when they last changed, and big changes get a
          heads-up by email if you have an account.
        </p>
        <p className="static-updated">Last updated: January 2026.</p>
      </StaticSection>
    </StaticPage>
  );
}
