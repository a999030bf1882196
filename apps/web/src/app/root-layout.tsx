import { Outlet, ScrollRestoration } from "react-router";
import { PromoStrip } from "../components/promo-strip";
import { SiteFooter } from "../components/site-footer";
import { SiteHeader } from "../components/site-header";
import { ToastArea } from "../components/toast-area";

export function RootLayout() {
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
      <ToastArea />
      {/* New navigations start at the top (or at the #hash target); back/forward restores the old position. */}
      <ScrollRestoration />
    </div>
  );
}
