import { Outlet } from "react-router";
import { PromoStrip } from "../components/promo-strip";
import { ToastArea } from "../components/toast-area";
import { Overlays } from "./overlays";
import { ScrollOnNavigate } from "./scroll-on-navigate";
import { SiteFooter } from "./shell/site-footer";
import { SiteHeader } from "./shell/site-header";
import { useLoginRedirect } from "./use-login-redirect";

export function RootLayout() {
  useLoginRedirect();
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <PromoStrip />
      <SiteHeader />
      <main id="main" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      <Overlays />
      <ToastArea />
      <ScrollOnNavigate />
    </div>
  );
}
