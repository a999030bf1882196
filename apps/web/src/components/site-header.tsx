import { HeaderActions } from "./header-actions";
import { MobileMenu } from "./mobile-menu";
import { PrimaryNav } from "./primary-nav";
import { Wordmark } from "./wordmark";

/** The cart store arrives with the cart issue; until then the badge shows an empty cart. */
const EMPTY_CART_COUNT = 0;

export function SiteHeader() {
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <MobileMenu />
        <Wordmark />
        <PrimaryNav className="site-header__nav" label="Main" />
        <HeaderActions cartCount={EMPTY_CART_COUNT} />
      </div>
    </header>
  );
}
