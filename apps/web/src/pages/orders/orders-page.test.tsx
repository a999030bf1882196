import { configure, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ORDER_ID, orderFixture } from "../../features/orders/testing/order-fixture";
import { useSessionStore } from "../../lib/session-store";
import { closeOverlay, useUiStore } from "../../lib/ui-store";
import { jsonResponse, renderRoute } from "../../test/render-route";

// The route loads lazily; a busy machine can take more than the default second to show it.
configure({ asyncUtilTimeout: 5_000 });

const ok = (data: unknown) => jsonResponse({ success: true, message: "OK", data });

const USER_ID = "5c2d7b7e-8a61-4f3c-9d0e-2b1a6c4e8f90";

function logIn() {
  useSessionStore.setState({
    session: {
      accessToken: "a.b.c",
      refreshToken: "refresh",
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      user: { id: USER_ID, name: "Riya Sharma", email: "riya@example.com", mobile: null, role: "customer" },
    },
  });
}

const page = (content: unknown[], number: number, hasNext: boolean, totalElements = content.length) => ({
  content,
  page: { number, size: 20, totalElements, totalPages: Math.max(1, Math.ceil(totalElements / 20)) },
  hasNext,
});

let calls: { method: string; path: string; search: URLSearchParams; body: unknown }[];

function serve(handler: (url: URL, method: string) => Response | undefined) {
  calls = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(
        typeof input === "string" ? input : input instanceof URL ? input.href : input.url,
        "http://shop",
      );
      const method = init?.method ?? "GET";
      calls.push({
        method,
        path: url.pathname,
        search: url.searchParams,
        body: init?.body ? JSON.parse(String(init.body)) : null,
      });
      if (url.pathname === "/api/cart") return ok({ items: [], itemCount: 0 });
      return handler(url, method) ?? jsonResponse({ success: false, message: "Not found", error: "NotFound" }, 404);
    }),
  );
}

beforeEach(() => {
  localStorage.clear();
  useSessionStore.setState({ session: null });
});

afterEach(() => {
  vi.unstubAllGlobals();
  useSessionStore.setState({ session: null });
  closeOverlay();
});

describe("My Orders", { timeout: 20_000 }, () => {
  it("asks a guest to log in, and the button opens the login modal", async () => {
    serve(() => undefined);
    const { user } = renderRoute("/orders");
    await user.click(await screen.findByRole("button", { name: "Log In" }));
    expect(useUiStore.getState().overlay).toBe("login");
    expect(calls.some((call) => call.path === "/api/orders/orderHistory")).toBe(false);
  });

  it("shows the empty state linking to /products", async () => {
    logIn();
    serve((url) => (url.pathname === "/api/orders/orderHistory" ? ok(page([], 0, false)) : undefined));
    renderRoute("/orders");
    expect(await screen.findByRole("heading", { name: "No orders yet" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Start Shopping/ })).toHaveAttribute("href", "/products");
  });

  it("lists orders with their badges and pages with Previous and Next", async () => {
    logIn();
    serve((url) => {
      if (url.pathname !== "/api/orders/orderHistory") return undefined;
      const requested = Number(url.searchParams.get("page"));
      return ok(
        requested === 1
          ? page([orderFixture()], 0, true, 21)
          : page(
              [
                orderFixture({
                  id: "other",
                  orderNumber: "VK-100001",
                  paymentStatus: "PENDING",
                  paymentStatusLabel: "",
                }),
              ],
              1,
              false,
              21,
            ),
      );
    });
    const { user } = renderRoute("/orders");

    const card = await screen.findByRole("article", { name: /VK-100042/ });
    expect(within(card).getByText("Confirmed")).toBeInTheDocument();
    expect(within(card).getByText("Paid")).toBeInTheDocument();
    expect(within(card).getByText("₹2,338.20")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Previous/ })).toBeDisabled();
    expect(screen.getByRole("button", { name: /Next/ })).toBeEnabled();
    expect(calls.find((call) => call.path === "/api/orders/orderHistory")?.search.get("limit")).toBe("20");

    await user.click(screen.getByRole("button", { name: /Next/ }));
    const second = await screen.findByRole("article", { name: /VK-100001/ });
    expect(within(second).getByText("Payment Pending")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Next/ })).toBeDisabled();
    expect(screen.getByRole("button", { name: /Previous/ })).toBeEnabled();
  });

  it("opens the details with Size and Color, addresses and totals", async () => {
    logIn();
    serve((url) => (url.pathname === "/api/orders/orderHistory" ? ok(page([orderFixture()], 0, false)) : undefined));
    const { user } = renderRoute("/orders");
    await user.click(await screen.findByRole("button", { name: "View Details" }));

    const dialog = await screen.findByRole("dialog", { name: "Order Details" });
    expect(within(dialog).getByText("Size: M · Color: Acid Lime")).toBeInTheDocument();
    expect(within(dialog).queryByText(/Oversized/)).toBeNull();
    expect(within(dialog).getAllByText("Riya Sharma").length).toBeGreaterThan(0);
    expect(within(dialog).getAllByText(/24 November 2026, \d{1,2}:\d{2} [ap]m/).length).toBeGreaterThan(0);
    expect(within(dialog).getAllByText("₹2,338.20").length).toBeGreaterThan(0);
  });

  it("cancels after confirming, with the refund promise and the paid order's toast", async () => {
    logIn();
    let cancelled = false;
    serve((url, method) => {
      if (url.pathname === "/api/orders/orderHistory") {
        return ok(
          page(
            [
              cancelled
                ? orderFixture({
                    status: "CANCELLED",
                    paymentStatus: "REFUND_PROCESSING",
                    paymentStatusLabel: "Refund Processing",
                    cancellable: false,
                  })
                : orderFixture(),
            ],
            0,
            false,
          ),
        );
      }
      if (url.pathname === "/api/orders/cancel/order" && method === "POST") {
        cancelled = true;
        return ok({
          orderId: ORDER_ID,
          status: "CANCELLED",
          paymentStatus: "REFUND_PROCESSING",
          paymentStatusLabel: "Refund Processing",
          message: "Refund will be processed within 5-7 business days.",
          cancelledAt: "2026-11-24T11:00:00.000Z",
        });
      }
      if (url.pathname === `/api/orders/${ORDER_ID}`) {
        return ok(
          orderFixture({
            status: "CANCELLED",
            paymentStatus: "REFUND_PROCESSING",
            paymentStatusLabel: "Refund Processing",
            cancellable: false,
          }),
        );
      }
      return undefined;
    });
    const { user } = renderRoute("/orders");
    await user.click(await screen.findByRole("button", { name: "Cancel Order" }));

    const dialog = await screen.findByRole("dialog", { name: "Cancel Order" });
    expect(dialog).toHaveTextContent("5-7 business days");
    await user.click(within(dialog).getByRole("button", { name: "Yes, Cancel Order" }));

    expect(await screen.findByText("Refund will be processed within 5-7 business days.")).toBeInTheDocument();
    expect(calls.find((call) => call.path === "/api/orders/cancel/order")?.body).toMatchObject({ orderId: ORDER_ID });
    const card = await screen.findByRole("article", { name: /VK-100042/ });
    expect(await within(card).findByText("Refund Processing")).toBeInTheDocument();
    expect(within(card).queryByRole("button", { name: "Cancel Order" })).toBeNull();
  });

  it("tells why an order can no longer be cancelled", async () => {
    logIn();
    serve((url) =>
      url.pathname === "/api/orders/orderHistory"
        ? ok(
            page(
              [
                orderFixture({
                  cancellable: false,
                  cancelBlockedReason: "Order exceeds cancellation within 6 hours of order creation",
                }),
              ],
              0,
              false,
            ),
          )
        : undefined,
    );
    renderRoute("/orders");
    expect(await screen.findByText("Order exceeds cancellation within 6 hours of order creation")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Cancel Order" })).toBeNull();
  });

  it("offers the invoice once shipped, and a credit note for each refund after it", async () => {
    logIn();
    const shipped = orderFixture({ status: "DELIVERED", trackingNumber: "1490123456789", refundedAmount: 15_000 });
    serve((url) => {
      if (url.pathname === "/api/orders/orderHistory") return ok(page([shipped], 0, false));
      if (url.pathname === `/api/orders/${ORDER_ID}/tax-documents`)
        return ok({
          documents: [
            {
              id: "d1",
              kind: "invoice",
              number: "VK/26-27/000007",
              issuedAt: "2026-11-24T10:00:00.000Z",
              total: 233_820,
              taxAmount: 11_134,
            },
            {
              id: "d2",
              kind: "credit_note",
              number: "CN/26-27/000002",
              issuedAt: "2026-11-25T10:00:00.000Z",
              total: 15_000,
              taxAmount: 714,
            },
          ],
        });
      return undefined;
    });
    renderRoute("/orders");
    const card = await screen.findByRole("article", { name: /VK-100042/ });
    expect(within(card).getByRole("button", { name: "Download invoice" })).toBeInTheDocument();
    expect(
      await within(card).findByRole("button", { name: "Download credit note CN/26-27/000002" }),
    ).toBeInTheDocument();
    expect(within(card).queryByRole("button", { name: /VK\/26-27\/000007/ })).toBeNull();
  });

  it("shows a delivered order's exchange request on its card, asking only about delivered orders", async () => {
    logIn();
    const delivered = orderFixture({ status: "DELIVERED", trackingNumber: "1490123456789" });
    const onItsWay = orderFixture({ id: "on-its-way", orderNumber: "VK-100043", status: "SHIPPED" });
    serve((url) => {
      if (url.pathname === "/api/orders/orderHistory") return ok(page([delivered, onItsWay], 0, false));
      if (url.pathname === "/api/orders/exchanges")
        return ok([{ orderId: ORDER_ID, kind: "exchange", status: "APPROVED", statusLabel: "Approved", open: 1 }]);
      return undefined;
    });
    renderRoute("/orders");
    const card = await screen.findByRole("article", { name: /VK-100042/ });
    expect(await within(card).findByText("Size exchange: Approved")).toBeInTheDocument();
    const other = screen.getByRole("article", { name: /VK-100043/ });
    expect(within(other).queryByText(/Size exchange/)).toBeNull();
    expect(calls.find((call) => call.path === "/api/orders/exchanges")?.search.get("ids")).toBe(ORDER_ID);
  });

  it("asks for no documents when nothing was refunded", async () => {
    logIn();
    serve((url) =>
      url.pathname === "/api/orders/orderHistory"
        ? ok(page([orderFixture({ status: "SHIPPED", trackingNumber: "1490123456789" })], 0, false))
        : undefined,
    );
    renderRoute("/orders");
    const card = await screen.findByRole("article", { name: /VK-100042/ });
    expect(within(card).getByRole("button", { name: "Download invoice" })).toBeInTheDocument();
    expect(calls.some((call) => call.path.endsWith("/tax-documents"))).toBe(false);
  });
});
