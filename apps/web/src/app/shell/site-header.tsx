import { MobileMenu } from "../../components/mobile-menu";
import { PrimaryNav } from "../../components/primary-nav";
import { Wordmark } from "../../components/wordmark";
import { HeaderActions } from "./header-actions";

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
