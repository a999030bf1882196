import type { ProductSummary } from "@vaki/contract/catalog";
import { Outlet } from "react-router";
import { PromoStrip } from "../components/promo-strip";
import { ToastArea } from "../components/toast-area";
import { CardActionContext } from "../features/catalog/components/card-action";
import { LazyWishlistButton } from "../features/wishlist/components/lazy-wishlist";
import { Overlays } from "./overlays";
import { ScrollOnNavigate } from "./scroll-on-navigate";
import { SiteFooter } from "./shell/site-footer";
import { SiteHeader } from "./shell/site-header";
import { useLoginRedirect } from "./use-login-redirect";

/** Every product card carries the wishlist's heart. */
function cardHeart(product: ProductSummary) {
  return <LazyWishlistButton productId={product.id} productName={product.name} />;
}

export function RootLayout() {
  useLoginRedirect();
  return (
    <CardActionContext value={cardHeart}>
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
    </CardActionContext>
  );
}
