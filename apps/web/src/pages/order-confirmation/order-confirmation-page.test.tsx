import { configure, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { checkoutDetailsFixture, ORDER_ID, orderFixture } from "../../features/orders/testing/order-fixture";
import { jsonResponse, renderRoute } from "../../test/render-route";

type Handler = (url: URL, init: RequestInit | undefined) => Response | undefined | Promise<Response | undefined>;

// The route loads lazily; a busy machine can take more than the default second to show it.
configure({ asyncUtilTimeout: 5_000 });

const ok = (data: unknown) => jsonResponse({ success: true, message: "OK", data });
const fail = (status: number, message: string, error = "Error") =>
  jsonResponse({ success: false, message, error }, status);

let calls: { method: string; path: string; search: URLSearchParams }[];

/** Answers the page's calls by path; anything unexpected is a 404. */
function serve(handler: Handler) {
  calls = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(
        typeof input === "string" ? input : input instanceof URL ? input.href : input.url,
        "http://shop",
      );
      calls.push({ method: init?.method ?? "GET", path: url.pathname, search: url.searchParams });
      if (url.pathname === "/api/cart") return ok({ items: [], itemCount: 0 });
      return (await handler(url, init)) ?? fail(404, "Not found", "NotFound");
    }),
  );
}

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("order confirmation", { timeout: 20_000 }, () => {
  it("checks the payment by checkout id, then loads the order and shows it confirmed", async () => {
    let answerPayment: () => void = () => undefined;
    const paymentChecked = new Promise<void>((resolve) => {
      answerPayment = resolve;
    });
    serve(async (url) => {
      if (url.pathname === "/api/checkout/chk_1/details") {
        await paymentChecked;
        return ok(checkoutDetailsFixture());
      }
      if (url.pathname === `/api/orders/${ORDER_ID}`) return ok(orderFixture());
      if (url.pathname === "/api/orders/create/shiprocket") return ok({ courierId: 3 });
      if (url.pathname === "/api/orders/generate/awb") return ok({ trackingNumber: "SBX123456" });
      if (url.pathname === `/api/orders/${ORDER_ID}/track`) return fail(404, "Tracking not yet");
      return undefined;
    });
    renderRoute(`/order-confirmation/${ORDER_ID}?oid=chk_1&ost=SUCCESS`);

    expect(await screen.findByText("Checking payment status...")).toBeInTheDocument();
    answerPayment();
    expect(await screen.findByRole("heading", { level: 1, name: "Order Confirmed" })).toBeInTheDocument();
    expect(screen.getByText("Your order is confirmed. We'll let you know when it ships.")).toBeInTheDocument();
    expect(screen.getAllByText("Completed").length).toBeGreaterThan(0);
    for (const name of ["Order Information", "Contact Information", "Shipping Address", "Order Summary"]) {
      expect(screen.getByRole("heading", { level: 2, name })).toBeInTheDocument();
    }
    const table = screen.getByRole("table");
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((cell) => cell.textContent),
    ).toEqual(["Product", "Quantity", "Price", "Subtotal"]);
    expect(screen.getByText("riya@example.com")).toBeInTheDocument();

    // The idempotent "ensure" calls for a paid order without a shipment (R-ORD-4 step 2).
    await vi.waitFor(() => expect(calls.some((call) => call.path === "/api/orders/generate/awb")).toBe(true));
    const shipment = calls.find((call) => call.path === "/api/orders/create/shiprocket");
    expect(shipment?.method).toBe("POST");
  });

  it("shows what the server says, not the ost in the address", async () => {
    serve((url) => {
      if (url.pathname === "/api/checkout/chk_2/details") {
        return ok(
          checkoutDetailsFixture({
            status: "FAILED",
            orderStatus: "CREATED",
            paymentDetails: { ...checkoutDetailsFixture().paymentDetails, status: "FAILED" },
          }),
        );
      }
      if (url.pathname === `/api/orders/${ORDER_ID}`) {
        return ok(
          orderFixture({ status: "CREATED", paymentStatus: "FAILED", message: "Your payment did not go through." }),
        );
      }
      return undefined;
    });
    renderRoute(`/order-confirmation/${ORDER_ID}?oid=chk_2&ost=SUCCESS`);

    expect(await screen.findByRole("heading", { level: 1, name: "Payment Failed" })).toBeInTheDocument();
    expect(screen.queryByText("Order Confirmed")).toBeNull();
    expect(calls.some((call) => call.path === "/api/orders/create/shiprocket")).toBe(false);
  });

  it("loads the order by id alone, with the secret from the query for a guest", async () => {
    let answerOrder: () => void = () => undefined;
    const orderRead = new Promise<void>((resolve) => {
      answerOrder = resolve;
    });
    serve(async (url) => {
      if (url.pathname === `/api/orders/${ORDER_ID}` && url.searchParams.get("orderSecret") === "s3cret-value") {
        await orderRead;
        return ok(orderFixture({ shiprocketOrderId: "SR1", trackingNumber: "SBX1" }));
      }
      return undefined;
    });
    renderRoute(`/order-confirmation?orderId=${ORDER_ID}&secret=s3cret-value`);

    expect(await screen.findByText("Loading your order details...")).toBeInTheDocument();
    answerOrder();
    expect(await screen.findByRole("heading", { level: 1, name: "Order Confirmed" })).toBeInTheDocument();
  });

  it("tells a shopper who may not see the checkout to check their email", async () => {
    serve((url) =>
      url.pathname === "/api/checkout/chk_3/details"
        ? fail(403, "Not authorized to access this checkout session", "Unauthorised")
        : undefined,
    );
    renderRoute("/order-confirmation?oid=chk_3&ost=SUCCESS");

    expect(await screen.findByRole("heading", { level: 1, name: "Order Information" })).toBeInTheDocument();
    expect(screen.getByText(/check your email/i)).toBeInTheDocument();
  });

  it("sends a guest without the order's secret to their email, even when the payment is known", async () => {
    serve((url) => {
      if (url.pathname === "/api/checkout/chk_7/details") return ok(checkoutDetailsFixture());
      if (url.pathname === `/api/orders/${ORDER_ID}`)
        return fail(404, "Order not found or no data returned", "NotFound");
      return undefined;
    });
    renderRoute(`/order-confirmation/${ORDER_ID}?oid=chk_7&ost=SUCCESS`);

    expect(await screen.findByRole("heading", { level: 1, name: "Order Information" })).toBeInTheDocument();
  });

  it("says 'Order Not Found' without an order or checkout id, with Try Again and Go to Home", async () => {
    serve(() => undefined);
    renderRoute("/order-confirmation");

    expect(await screen.findByRole("heading", { level: 1, name: "Order Not Found" })).toBeInTheDocument();
    expect(screen.getByText("No order ID or checkout ID provided")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try Again" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to Home" })).toHaveAttribute("href", "/");
  });

  it("says 'Payment Status Error' when the payment cannot be checked", async () => {
    serve((url) => (url.pathname === "/api/checkout/chk_4/details" ? fail(500, "Something went wrong") : undefined));
    renderRoute("/order-confirmation?oid=chk_4");

    expect(await screen.findByRole("heading", { level: 1, name: "Payment Status Error" })).toBeInTheDocument();
    expect(screen.getByText("Failed to check payment status")).toBeInTheDocument();
  });

  it("shows the payment alone while the order cannot be read yet", async () => {
    serve((url) => {
      if (url.pathname === "/api/checkout/chk_5/details") return ok(checkoutDetailsFixture());
      if (url.pathname === `/api/orders/${ORDER_ID}`) return fail(500, "Something went wrong");
      return undefined;
    });
    renderRoute("/order-confirmation?oid=chk_5");

    expect(await screen.findByText("Your order details will be available shortly")).toBeInTheDocument();
    expect(screen.getByText("₹2,338.20")).toBeInTheDocument();
  });

  it("serves the Buy Now return address /order-success with the same views", async () => {
    serve((url) => {
      if (url.pathname === "/api/checkout/chk_6/details") return ok(checkoutDetailsFixture());
      if (url.pathname === `/api/orders/${ORDER_ID}`) return ok(orderFixture({ paymentStatus: "COD_PENDING" }));
      return undefined;
    });
    renderRoute(`/order-success?orderId=${ORDER_ID}&oid=chk_6&ost=SUCCESS`);

    expect(await screen.findByRole("heading", { level: 1, name: "Order Confirmed" })).toBeInTheDocument();
    expect(screen.getAllByText("Pending").length).toBeGreaterThan(0);
  });
});
