import { type ComponentProps, lazy, Suspense } from "react";
import { AfterHydration } from "../../../components/after-hydration";
import type { WishlistButton as WishlistButtonType } from "./wishlist-button";

/*
 * The wishlist's code (its hooks, store and calls) stays out of the storefront's shell: the
 * header's count and the cards' hearts load it just after the first render (the bundle budget).
 */
const Button = lazy(async () => ({ default: (await import("./wishlist-button")).WishlistButton }));
const Count = lazy(async () => ({ default: (await import("./wishlist-count")).WishlistCount }));

export function LazyWishlistButton(props: ComponentProps<typeof WishlistButtonType>) {
  return (
    <AfterHydration>
      <Suspense fallback={null}>
        <Button {...props} />
      </Suspense>
    </AfterHydration>
  );
}

export function LazyWishlistCount() {
  return (
    <AfterHydration>
      <Suspense fallback={null}>
        <Count />
      </Suspense>
    </AfterHydration>
  );
}
