/** Checkout toasts (R-STORE-4 "Checkout from the cart", "Buy now"; R-STORE-8 "Checkout toasts"). */
export const checkoutToasts = {
  processing: "Processing your order...",
  redirecting: "Redirecting to payment gateway...",
  emptyCart: "Your cart is empty",
  unknownError: "Unknown error",
  createOrderFailed: (reason: string) => `Failed to create order: ${reason}`,
  initiateFailed: (reason: string) => `Failed to initiate checkout: ${reason}`,
  tokenMissing: "Payment token not found in checkout response",
  notLoaded: "Checkout system not loaded. Please refresh and try again.",
  checkoutFailed: (reason: string) => `Checkout failed: ${reason}`,
  buyNowFailed: (reason: string) => `Buy Now failed: ${reason}`,
  guestBuyNowFailed: (reason: string) => `Guest Buy Now failed: ${reason}`,
} as const;

/** R-STORE-9: where the payment page sends the shopper back (paths of this shop). */
export const checkoutReturnPaths = {
  cart: "/order-confirmation",
  buyNow: "/order-success",
} as const;
