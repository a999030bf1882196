/**
 * Order and checkout calls (R-STORE-7): create the order from the cart (or one
 * Buy Now line), then start the hosted checkout. Amounts never come from the browser.
 */
import type { CheckoutSessionAnswer } from "@vaki/contract/checkout";
import type { BuyNowLine, CreatedOrder } from "@vaki/contract/orders";
import { apiRequest, callerIdentity } from "../../lib/api-client";

export function createOrder(buyNow?: BuyNowLine): Promise<CreatedOrder> {
  const body = buyNow
    ? { ...callerIdentity(), buyNow: { ...buyNow, quantity: buyNow.quantity ?? 1 } }
    : { ...callerIdentity() };
  return apiRequest<CreatedOrder>("/orders/create", { method: "POST", body, asGuest: true });
}

export function initiateCheckout(input: {
  orderId: string;
  redirectUrl: string;
  orderSecret?: string;
  addressId?: string;
}): Promise<CheckoutSessionAnswer> {
  return apiRequest<CheckoutSessionAnswer>("/checkout/initiate", {
    method: "POST",
    body: { ...input, ...callerIdentity() },
    asGuest: true,
  });
}
