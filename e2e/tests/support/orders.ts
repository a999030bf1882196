import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { CLUB_POPUP_SEEN, PASSWORD, stockedProduct } from "./shop";

/* Signed-in shoppers and their orders, through the API the storefront uses. */

export interface LoggedIn {
  accessToken: string;
  refreshToken: string;
  expiresAt: string;
  user: { id: string; name: string; email: string };
}

export interface Started {
  orderId: string;
  orderNumber: string;
  checkoutToken: string;
  checkoutId: string;
  orderSecret?: string;
}

export async function logIn(request: APIRequestContext, email: string): Promise<LoggedIn> {
  const csrf = (await (await request.get("/api/auth/csrfToken")).json()).data.csrfToken as string;
  const response = await request.post("/api/auth/login", {
    data: { emailOrPhone: email, password: PASSWORD },
    headers: { "X-CSRF-Token": csrf },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).data as LoggedIn;
}

/** The browser starts with this session stored, as the login modal leaves it. */
export async function withSession(page: Page, session: LoggedIn): Promise<void> {
  const entries: [string, string][] = [
    ["token", session.accessToken],
    ["refreshToken", session.refreshToken],
    ["sessionExpiry", session.expiresAt],
    ["user", JSON.stringify(session.user)],
  ];
  await page.addInitScript(
    // Splash and today's Club pop-up seen: after a logout the shopper is a guest on home, where the
    // pop-up would open over what these tests look at.
    `for (const [key, value] of ${JSON.stringify(entries)}) localStorage.setItem(key, value); sessionStorage.setItem("vaki:splashShown", "1"); ${CLUB_POPUP_SEEN}`,
  );
}

/** Cart → order → checkout for a logged-in customer, through the API. */
export async function startCustomerCheckout(request: APIRequestContext, session: LoggedIn): Promise<Started> {
  const headers = { Authorization: `Bearer ${session.accessToken}` };
  const product = await stockedProduct(request);
  const added = await request.post("/api/cart/item/add", {
    data: { productId: product.id, variantId: product.variantId, quantity: 1 },
    headers,
  });
  expect(added.status(), await added.text()).toBe(200);
  const created = await request.post("/api/orders/create", { data: {}, headers });
  expect(created.status(), await created.text()).toBe(201);
  const order = (await created.json()).data;
  const initiated = await request.post("/api/checkout/initiate", {
    data: { orderId: order.id, redirectUrl: "/order-confirmation" },
    headers,
  });
  expect(initiated.status(), await initiated.text()).toBe(200);
  const checkout = (await initiated.json()).data;
  return {
    orderId: order.id,
    orderNumber: order.orderNumber,
    checkoutToken: checkout.token,
    checkoutId: checkout.checkoutId,
  };
}
