import { HeaderActions } from "./header-actions";
import { MobileMenu } from "./mobile-menu";
import { PrimaryNav } from "./primary-nav";
import { Wordmark } from "./wordmark";

export function SiteHeader() {
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <MobileMenu />
        <Wordmark />
        <PrimaryNav className="site-header__nav" label="Main" />
        <HeaderActions />
      </div>
    </header>
  );
}
