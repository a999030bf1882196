import { FooterColumn } from "../../components/footer-column";
import { SocialLinks } from "../../components/social-links";
import { SHOP_NAME, UNIVERSE_NAME } from "../../lib/brand";
import { nameWidthStyle } from "../../lib/name-width-style";
import { FOOTER_QUICK_LINKS } from "../../lib/site-links";
import { FooterCollections } from "./footer-collections";

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__columns">
          <FooterCollections />
          <FooterColumn title="QUICK LINKS" links={FOOTER_QUICK_LINKS} />
          <section className="footer-column" aria-labelledby="footer-follow-us">
            <h2 className="footer-column__title" id="footer-follow-us">
              FOLLOW US
            </h2>
            <SocialLinks />
            <p className="site-footer__blurb">Drops, lore and Club-only restocks. No spam, only heat.</p>
          </section>
        </div>
        <p className="site-footer__giant" aria-hidden="true" style={nameWidthStyle(SHOP_NAME)}>
          {SHOP_NAME}
        </p>
        <div className="site-footer__legal">
          <p>
            © {new Date().getFullYear()} {SHOP_NAME}
          </p>
          <p>Powered by the {UNIVERSE_NAME}</p>
        </div>
      </div>
    </footer>
  );
}
