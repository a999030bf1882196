import { lazy, Suspense, useEffect, useState } from "react";
import { type Overlay, useUiStore } from "../lib/ui-store";

const CartPanel = lazy(async () => ({
  default: (await import("../features/checkout/components/cart-panel")).CartPanel,
}));
const LoginModal = lazy(async () => ({
  default: (await import("../features/accounts/components/login-modal")).LoginModal,
}));
const SearchPopup = lazy(async () => ({
  default: (await import("../features/search/components/search-popup")).SearchPopup,
}));

/**
 * The shell's overlays (cart panel, login modal, search popup). Each one's code loads the first
 * time it opens and then stays mounted, so it can animate out and keep its state.
 */
export function Overlays() {
  const overlay = useUiStore((state) => state.overlay);
  const [loaded, setLoaded] = useState<ReadonlySet<Exclude<Overlay, null>>>(new Set());

  useEffect(() => {
    if (overlay && !loaded.has(overlay)) setLoaded((previous) => new Set(previous).add(overlay));
  }, [overlay, loaded]);

  return (
    <Suspense fallback={null}>
      {loaded.has("cart") || overlay === "cart" ? <CartPanel /> : null}
      {loaded.has("login") || overlay === "login" ? <LoginModal /> : null}
      {loaded.has("search") || overlay === "search" ? <SearchPopup /> : null}
    </Suspense>
  );
}
