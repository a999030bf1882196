/**
 * The cart panel's texts (R-STORE-2 "Cart panel", R-STORE-4, R-STORE-8) that the server does not
 * answer itself. The server's own refusals (e.g. "Only 2 left in size L") are shown as it words them.
 */
export const cartPanelMessages = {
  title: "Your items in Cart",
  loading: "Loading your cart...",
  fetchFailed: "Failed to fetch cart",
  emptyTitle: "Your cart is empty",
  emptyText: "Add some products to get started!",
  totalProductPrice: "Total Product Price",
  discount: "Discount",
  amount: "Amount",
  clearCart: "Clear Cart",
  checkout: "Checkout",
  continueShopping: "Continue Shopping",
  clearTitle: "Clear your cart?",
  clearConfirm: (count: number) =>
    count === 1
      ? "Are you sure you want to clear the 1 item from your cart? This action cannot be undone."
      : `Are you sure you want to clear all ${count} items from your cart? This action cannot be undone.`,
  keepItems: "Keep Items",
  confirmClear: "Yes, Clear Cart",
  dismissError: "Dismiss error",
  decrease: (name: string) => `Decrease quantity of ${name}`,
  increase: (name: string) => `Increase quantity of ${name}`,
  remove: (name: string) => `Remove ${name}`,
  updating: "Updating...",
  removing: "Removing...",
  promoLabel: "Promo code",
  promoApply: "Apply",
  promoRemove: (code: string) => `Remove code ${code}`,
} as const;

/** R-STORE-8 — used when the server gives no message. */
export const cartErrorMessages = {
  updateFailed: "Failed to update quantity",
  removeFailed: "Failed to remove item",
  clearFailed: "Failed to clear cart",
  addFailed: (reason: string) => `Failed to add to cart: ${reason}`,
  unknown: "Unknown error",
  promoFailed: "This code is not valid",
} as const;
