import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { AdminOrderSummary } from "@vaki/contract/admin/schemas";
import { describe, expect, it } from "vitest";
import { type FakeCall, fakeApi, ok, renderAdmin, staffMember } from "../../test/helpers";

function order(number: number): AdminOrderSummary {
  return {
    id: `order-${number}`,
    orderNumber: `VK${number}`,
    createdAt: "2026-11-20T10:00:00.000Z",
    customerName: "Riya Sen",
    email: "riya@example.com",
    total: 129_900,
    status: "CONFIRMED",
    paymentStatus: "PAID",
    paymentMethod: "PREPAID",
    awb: null,
    packedAt: null,
    refundedAmount: 0,
  };
}

function ordersApi() {
  return fakeApi((call) => {
    if (call.path === "/auth/me") return ok({ staff: staffMember("operations"), csrfToken: "csrf-token-1234" });
    if (call.path === "/orders/counts") {
      return ok({
        cod_to_confirm: 1,
        to_pack: 4,
        ready_for_pickup: 2,
        in_transit: 0,
        delivery_failed: 0,
        returned_to_origin: 0,
        cancelled: 3,
        all: 10,
      });
    }
    if (call.path === "/orders") {
      const cursor = call.query.get("cursor");
      if (call.query.get("q") === "nobody") return ok({ items: [], nextCursor: null });
      return cursor === "c2"
        ? ok({ items: [order(3)], nextCursor: null })
        : ok({ items: [order(1), order(2)], nextCursor: "c2" });
    }
    return undefined;
  });
}

const orderCalls = (calls: FakeCall[]) => calls.filter((call) => call.path === "/orders");

describe("the orders table", () => {
  it("asks the server for the sort, filters and page the URL names", async () => {
    const api = ordersApi();
    renderAdmin("/orders?status=CONFIRMED&sort=total&dir=asc&cursor=c1.c2");
    expect(await screen.findByRole("link", { name: "#VK3" })).toBeInTheDocument();
    const query = orderCalls(api.calls).at(-1)!.query;
    expect(Object.fromEntries(query)).toEqual({ status: "CONFIRMED", sort: "total", dir: "asc", cursor: "c2" });
    expect(screen.getByRole("columnheader", { name: /Total/ })).toHaveAttribute("aria-sort", "ascending");
    expect(screen.getByLabelText("Status")).toHaveValue("CONFIRMED");
  });

  it("shows each inbox tab's count and keeps the chosen tab and filters in the URL", async () => {
    const api = ordersApi();
    const user = userEvent.setup();
    const { router } = renderAdmin("/orders?paymentMethod=CASH_ON_DELIVERY");
    const toPack = await screen.findByRole("button", { name: "To pack 4" });
    await user.click(toPack);
    await waitFor(() => expect(orderCalls(api.calls).at(-1)!.query.get("tab")).toBe("to_pack"));
    expect(orderCalls(api.calls).at(-1)!.query.get("paymentMethod")).toBe("CASH_ON_DELIVERY");
    expect(new URLSearchParams(router.state.location.search).get("tab")).toBe("to_pack");
    expect(screen.getByRole("button", { name: "To pack 4" })).toHaveAttribute("aria-current", "page");
    const counts = api.calls.filter((call) => call.path === "/orders/counts").at(-1)!;
    expect(counts.query.get("tab")).toBeNull();
    await user.type(screen.getByLabelText("Total from (Rs)"), "1500");
    await user.click(screen.getByRole("button", { name: "Apply" }));
    await waitFor(() => expect(orderCalls(api.calls).at(-1)!.query.get("minTotal")).toBe("150000"));
    expect(new URLSearchParams(router.state.location.search).get("min")).toBe("1500");
  });

  it("keeps the keyset trail in the URL: Next adds the cursor, Previous goes back", async () => {
    const api = ordersApi();
    const user = userEvent.setup();
    const { router } = renderAdmin("/orders");
    await screen.findByRole("link", { name: "#VK1" });
    expect(screen.getByRole("button", { name: "Previous" })).toBeDisabled();

    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByRole("link", { name: "#VK3" })).toBeInTheDocument();
    expect(router.state.location.search).toBe("?cursor=c2");
    expect(orderCalls(api.calls).at(-1)!.query.get("cursor")).toBe("c2");
    expect(screen.getByRole("button", { name: "Next" })).toBeDisabled();

    await user.click(screen.getByRole("button", { name: "Previous" }));
    expect(await screen.findByRole("link", { name: "#VK1" })).toBeInTheDocument();
    expect(router.state.location.search).toBe("");
  });

  it("sorts on the server from a header, starting again at the first page", async () => {
    const api = ordersApi();
    const user = userEvent.setup();
    const { router } = renderAdmin("/orders?cursor=c2");
    await screen.findByRole("link", { name: "#VK3" });
    await user.click(within(screen.getByRole("columnheader", { name: /Total/ })).getByRole("button"));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get("sort")).toBe("total"));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get("cursor")).toBeNull();
    await waitFor(() => expect(orderCalls(api.calls).at(-1)!.query.get("sort")).toBe("total"));
    expect(orderCalls(api.calls).at(-1)!.query.get("cursor")).toBeNull();
  });

  it("shows an empty state for a search that finds nothing", async () => {
    ordersApi();
    const user = userEvent.setup();
    const { router } = renderAdmin("/orders");
    await screen.findByRole("link", { name: "#VK1" });
    await user.type(screen.getByLabelText("Search orders"), "nobody");
    await user.click(screen.getByRole("button", { name: "Search" }));
    expect(await screen.findByText("No orders match these filters.")).toBeInTheDocument();
    expect(router.state.location.search).toBe("?q=nobody");
  });

  it("shows the server's error with a way to try again", async () => {
    fakeApi((call) => {
      if (call.path === "/auth/me") return ok({ staff: staffMember("owner"), csrfToken: "csrf-token-1234" });
      if (call.path === "/orders")
        return {
          status: 400,
          body: {
            success: false,
            message: "This list position is not valid. Start from the first page.",
            error: "InvalidInput",
          },
        };
      return undefined;
    });
    renderAdmin("/orders?cursor=bad");
    expect(await screen.findByText("This list position is not valid. Start from the first page.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});
