import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { AdminAfterSalesList, AdminAfterSalesRequest } from "@vaki/contract/admin/exchanges";
import type { StaffRole } from "@vaki/contract/admin/permissions";
import type { AdminOrderDetail } from "@vaki/contract/admin/schemas";
import { afterSalesMessages as am } from "@vaki/contract/exchanges";
import { describe, expect, it } from "vitest";
import { type FakeCall, failure, fakeApi, ok, renderAdmin, staffMember } from "../../test/helpers";
import { exchangeTexts } from "./labels";

function exchange(overrides: Partial<AdminAfterSalesRequest> = {}): AdminAfterSalesRequest {
  return {
    id: 12,
    orderId: "order-1",
    itemId: 11,
    kind: "exchange",
    resolution: null,
    status: "REQUESTED",
    statusLabel: "Requested",
    returnStatus: null,
    replacementStatus: null,
    quantity: 1,
    productName: "Moon Tee",
    fromSize: "M",
    toSize: "L",
    toVariantId: 102,
    description: null,
    photos: [],
    refusalReason: null,
    returnAwb: null,
    replacementAwb: null,
    refundedAmount: 0,
    steps: [
      { label: "Requested", done: true, at: "2026-11-22T09:00:00.000Z" },
      { label: "Pickup booked", done: false, at: null },
    ],
    message: "Waiting for the shop.",
    withdrawable: true,
    createdAt: "2026-11-22T09:00:00.000Z",
    updatedAt: "2026-11-22T09:00:00.000Z",
    orderNumber: "VK1001",
    customerName: "Riya Sen",
    customerEmail: "riya@example.com",
    country: "IN",
    sku: "VK-TEE-M",
    toSku: "VK-TEE-L",
    unitPaid: 99_900,
    returnCondition: null,
    actions: ["approve", "refuse", "size_unavailable"],
    ...overrides,
  };
}

function defect(overrides: Partial<AdminAfterSalesRequest> = {}): AdminAfterSalesRequest {
  return exchange({
    id: 14,
    kind: "defect",
    toSize: null,
    toVariantId: null,
    toSku: null,
    country: "GB",
    description: "The seam on the left sleeve came apart.",
    photos: [
      { id: 1, url: "/api/admin/exchanges/14/photos/1" },
      { id: 2, url: "/api/admin/exchanges/14/photos/2" },
    ],
    actions: ["approve", "refuse", "refund"],
    ...overrides,
  });
}

const counts = { to_decide: 2, in_progress: 1, closed: 5, all: 8 };

/** The admin's API with the given requests; a POST answers `after` (or the request unchanged). */
function exchangesApi(
  role: StaffRole,
  requests: AdminAfterSalesRequest[],
  options: { after?: AdminAfterSalesRequest; fail?: { status: number; message: string }; permissions?: string[] } = {},
) {
  return fakeApi((call) => {
    if (call.path === "/auth/me") {
      const staff = staffMember(role);
      return ok({
        staff: options.permissions ? { ...staff, permissions: options.permissions } : staff,
        csrfToken: "csrf-token-1234",
      });
    }
    if (call.path === "/orders/counts")
      return ok({
        cod_to_confirm: 0,
        to_pack: 0,
        ready_for_pickup: 0,
        in_transit: 0,
        delivery_failed: 0,
        returned_to_origin: 0,
        cancelled: 0,
        all: 1,
      });
    if (call.path === "/orders") return ok({ items: [], nextCursor: null });
    if (call.path === "/exchanges") {
      const view = call.query.get("view");
      const items = view === "in_progress" ? requests.filter((item) => item.status === "APPROVED") : requests;
      return ok({ items, nextCursor: null, counts } satisfies AdminAfterSalesList);
    }
    if (call.path === "/orders/order-1" && call.method === "GET") return ok(orderDetail());
    if (call.path === "/orders/order-1/exchanges") return ok({ items: requests });
    const match = /^\/exchanges\/(\d+)(?:\/([a-z-]+))?$/.exec(call.path);
    const request = requests.find((item) => item.id === Number(match?.[1]));
    if (!match || !request) return undefined;
    if (call.method === "GET") return ok(request);
    if (options.fail) return failure(options.fail.status, "Conflict", options.fail.message);
    return ok(options.after ?? request);
  });
}

const lastListQuery = (calls: FakeCall[]) => calls.filter((call) => call.path === "/exchanges").at(-1)!.query;
const posts = (calls: FakeCall[]) => calls.filter((call) => call.method === "POST");

describe("the inbox's Exchanges & returns tab", () => {
  it("lists the requests to decide with the tab's count, and keeps the chosen view in the URL", async () => {
    const api = exchangesApi("operations", [
      exchange(),
      defect(),
      exchange({ id: 15, status: "APPROVED", returnStatus: "PICKUP_BOOKED", actions: [] }),
    ]);
    const user = userEvent.setup();
    const { router } = renderAdmin("/orders");
    await user.click(await screen.findByRole("button", { name: "Exchanges & returns 2" }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get("tab")).toBe("exchanges"));
    expect(await screen.findByRole("link", { name: "#12" })).toHaveAttribute("href", "/exchanges/12");
    expect(lastListQuery(api.calls).get("view")).toBe("to_decide");

    const table = screen.getByRole("table", { name: "Exchange and defect requests" });
    const row = within(table).getByRole("link", { name: "#12" }).closest("tr")!;
    expect(within(row).getByRole("link", { name: "#VK1001" })).toHaveAttribute("href", "/orders/order-1");
    expect(row).toHaveTextContent("Riya Sen");
    expect(row).toHaveTextContent("Moon Tee");
    expect(row).toHaveTextContent("M → L");
    expect(row).toHaveTextContent("Size exchange");
    expect(row).toHaveTextContent("Requested");
    expect(row).toHaveTextContent("Approve or refuse");
    const defectRow = within(table).getByRole("link", { name: "#14" }).closest("tr")!;
    expect(defectRow).toHaveTextContent("Defect report");
    expect(screen.getByRole("button", { name: "To decide 2" })).toHaveAttribute("aria-current", "page");
    // The orders' own filters belong to the other tabs.
    expect(screen.queryByLabelText("Search orders")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "In progress 1" }));
    await waitFor(() => expect(lastListQuery(api.calls).get("view")).toBe("in_progress"));
    expect(new URLSearchParams(router.state.location.search).get("view")).toBe("in_progress");
    const inProgress = (await screen.findByRole("link", { name: "#15" })).closest("tr")!;
    expect(inProgress).toHaveTextContent("Pickup booked");
    expect(inProgress).toHaveTextContent("Waiting for the courier's pickup");

    await user.selectOptions(screen.getByLabelText("Kind"), "defect");
    await waitFor(() => expect(lastListQuery(api.calls).get("kind")).toBe("defect"));

    // Back to an orders tab: the exchange filters leave the URL.
    await user.click(screen.getByRole("button", { name: "All 1" }));
    await waitFor(() => expect(router.state.location.search).toBe(""));
    expect(await screen.findByLabelText("Search orders")).toBeInTheDocument();
  });

  it("opens straight from a shared address at the view it names", async () => {
    const api = exchangesApi("support", [exchange({ status: "COMPLETED", statusLabel: "Completed", actions: [] })]);
    renderAdmin("/orders?tab=exchanges&view=closed");
    expect(await screen.findByRole("link", { name: "#12" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Closed 5" })).toHaveAttribute("aria-current", "page");
    expect(api.calls.find((call) => call.path === "/exchanges" && call.query.get("view") === "closed")).toBeDefined();
    expect(api.calls.some((call) => call.path === "/orders")).toBe(false);
  });
});

describe("a request's page", () => {
  it("shows a defect's description and photos, a photo enlarged in a dialog", async () => {
    exchangesApi("operations", [defect()]);
    const user = userEvent.setup();
    renderAdmin("/exchanges/14");
    expect(await screen.findByRole("heading", { name: "Defect report #14" })).toBeInTheDocument();
    expect(screen.getByText("The seam on the left sleeve came apart.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "#VK1001" })).toHaveAttribute("href", "/orders/order-1");
    await user.click(screen.getByRole("button", { name: "Enlarge photo 2 of 2" }));
    const dialog = await screen.findByRole("dialog", { name: "Photo 2 of 2" });
    expect(within(dialog).getByRole("img")).toHaveAttribute("src", "/api/admin/exchanges/14/photos/2");
  });

  it("approves a defect only with a refund or a replacement chosen", async () => {
    const api = exchangesApi("operations", [defect()], {
      after: defect({
        status: "APPROVED",
        statusLabel: "Approved",
        resolution: "replace",
        actions: ["ship_replacement"],
      }),
    });
    const user = userEvent.setup();
    renderAdmin("/exchanges/14");
    await user.click(await screen.findByRole("button", { name: "Approve" }));
    const dialog = await screen.findByRole("dialog", { name: "Approve Defect report #14" });
    expect(within(dialog).getByRole("radio", { name: "Refund the item" })).toBeEnabled();
    await user.click(within(dialog).getByRole("button", { name: "Approve" }));
    expect(await within(dialog).findByText(am.resolutionRequired)).toBeInTheDocument();
    expect(posts(api.calls)).toEqual([]);

    await user.click(within(dialog).getByRole("radio", { name: "Send a replacement" }));
    await user.click(within(dialog).getByRole("button", { name: "Approve" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(posts(api.calls).map((call) => [call.path, call.body])).toEqual([
      ["/exchanges/14/approve", { resolution: "replace" }],
    ]);
    expect(await screen.findByRole("status")).toHaveTextContent(am.approved);
    expect(await screen.findByRole("button", { name: "Ship replacement now" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Refuse" })).not.toBeInTheDocument();
  });

  it("offers the refund of a defect only to a role that may refund", async () => {
    exchangesApi("operations", [defect()], {
      permissions: ["dashboard:read", "orders:read", "returns:write"],
    });
    const user = userEvent.setup();
    renderAdmin("/exchanges/14");
    await user.click(await screen.findByRole("button", { name: "Approve" }));
    const dialog = await screen.findByRole("dialog", { name: "Approve Defect report #14" });
    expect(within(dialog).getByRole("radio", { name: "Refund the item" })).toBeDisabled();
    expect(dialog).toHaveTextContent(exchangeTexts.refundNotAllowed);
  });

  it("approves a size exchange after confirming that it books a reverse pickup", async () => {
    const api = exchangesApi("operations", [exchange()], {
      after: exchange({ status: "APPROVED", returnStatus: "PICKUP_BOOKED", returnAwb: "AWB777", actions: [] }),
    });
    const user = userEvent.setup();
    renderAdmin("/exchanges/12");
    await user.click(await screen.findByRole("button", { name: "Approve" }));
    const dialog = await screen.findByRole("dialog", { name: "Approve Exchange request #12?" });
    expect(dialog).toHaveTextContent(exchangeTexts.approveExchange);
    await user.click(within(dialog).getByRole("button", { name: "Approve and book pickup" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(posts(api.calls).map((call) => [call.path, call.body])).toEqual([["/exchanges/12/approve", {}]]);
    expect(await screen.findByRole("status")).toHaveTextContent(am.approvedPickup("AWB777"));
    expect(screen.getByText("AWB777")).toBeInTheDocument();
  });

  it("keeps the dialog open with the server's words when it refuses the change", async () => {
    exchangesApi("operations", [exchange()], { fail: { status: 409, message: am.notOpen } });
    const user = userEvent.setup();
    renderAdmin("/exchanges/12");
    await user.click(await screen.findByRole("button", { name: "Size not available" }));
    const dialog = await screen.findByRole("dialog", { name: "Size L not available?" });
    expect(dialog).toHaveTextContent(exchangeTexts.sizeUnavailable);
    await user.click(within(dialog).getByRole("button", { name: "Ask the customer to choose" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(am.notOpen);
  });

  it("refuses only with a reason for the customer", async () => {
    const api = exchangesApi("operations", [exchange()], {
      after: exchange({ status: "REFUSED", statusLabel: "Refused", refusalReason: "Worn and washed", actions: [] }),
    });
    const user = userEvent.setup();
    renderAdmin("/exchanges/12");
    await user.click(await screen.findByRole("button", { name: "Refuse" }));
    const dialog = await screen.findByRole("dialog", { name: "Refuse Exchange request #12" });
    await user.type(within(dialog).getByLabelText("Reason for the customer"), "   ");
    await user.click(within(dialog).getByRole("button", { name: "Refuse request" }));
    expect(await within(dialog).findByText(am.reasonRequired)).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Reason for the customer")).toHaveAttribute("aria-invalid", "true");
    expect(posts(api.calls)).toEqual([]);

    await user.type(within(dialog).getByLabelText("Reason for the customer"), "Worn and washed");
    await user.click(within(dialog).getByRole("button", { name: "Refuse request" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(posts(api.calls).map((call) => [call.path, call.body])).toEqual([
      ["/exchanges/12/refuse", { reason: "Worn and washed" }],
    ]);
    expect(await screen.findByRole("status")).toHaveTextContent(am.refused);
    expect(screen.getByText("Worn and washed")).toBeInTheDocument();
  });

  it("receives the returned piece with its condition and a note", async () => {
    const approved = exchange({
      status: "APPROVED",
      statusLabel: "Approved",
      returnStatus: "AT_WAREHOUSE",
      returnAwb: "AWB777",
      replacementStatus: "SHIPPED",
      replacementAwb: "AWB888",
      actions: ["receive"],
    });
    const api = exchangesApi("operations", [approved], {
      after: { ...approved, returnStatus: "RECEIVED", returnCondition: "damaged", actions: [] },
    });
    const user = userEvent.setup();
    renderAdmin("/exchanges/12");
    expect(await screen.findByText("AWB888")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Receive return" }));
    const dialog = await screen.findByRole("dialog", { name: "Receive the return of Exchange request #12" });
    await user.click(within(dialog).getByRole("button", { name: "Receive return" }));
    expect(await within(dialog).findByText(exchangeTexts.conditionRequired)).toBeInTheDocument();
    expect(posts(api.calls)).toEqual([]);

    await user.click(within(dialog).getByRole("radio", { name: "Damaged — write off" }));
    await user.type(within(dialog).getByLabelText("Note (optional)"), "Torn seam");
    await user.click(within(dialog).getByRole("button", { name: "Receive return" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(posts(api.calls).map((call) => [call.path, call.body])).toEqual([
      ["/exchanges/12/receive", { condition: "damaged", note: "Torn seam" }],
    ]);
    expect(await screen.findByRole("status")).toHaveTextContent(am.received);
    expect(screen.getByText("Damaged — written off")).toBeInTheDocument();
  });

  it("shows a role without returns:write the request but none of the decisions", async () => {
    exchangesApi("support", [exchange({ actions: ["approve", "refuse", "size_unavailable", "ship_replacement"] })]);
    renderAdmin("/exchanges/12");
    expect(await screen.findByRole("heading", { name: "Exchange request #12" })).toBeInTheDocument();
    for (const name of ["Approve", "Refuse", "Size not available", "Ship replacement now", "Receive return"]) {
      expect(screen.queryByRole("button", { name })).not.toBeInTheDocument();
    }
  });
});

describe("the order page", () => {
  it("lists the order's requests in an Exchanges & returns section, each opening its page", async () => {
    exchangesApi("operations", [exchange(), defect({ status: "REFUSED", statusLabel: "Refused", actions: [] })]);
    renderAdmin("/orders/order-1");
    const section = await screen.findByRole("region", { name: "Exchanges & returns" });
    expect(within(section).getByRole("link", { name: "Exchange request #12" })).toHaveAttribute(
      "href",
      "/exchanges/12",
    );
    expect(within(section).getByRole("link", { name: "Defect report #14" })).toBeInTheDocument();
    expect(section).toHaveTextContent("M → L");
    expect(section).toHaveTextContent("Refused");
  });
});

function orderDetail(): AdminOrderDetail {
  return {
    id: "order-1",
    orderNumber: "VK1001",
    createdAt: "2026-11-20T10:00:00.000Z",
    updatedAt: "2026-11-21T10:00:00.000Z",
    status: "DELIVERED",
    paymentStatus: "SUCCESS",
    paymentMethod: "PREPAID",
    customer: null,
    email: "riya@example.com",
    phone: "9876543210",
    shippingMethod: "Standard",
    shippingAddress: { fullName: "Riya Sen", line1: "Flat 4B", city: "Noida", phone: "9876543210" },
    billingAddress: null,
    lines: [],
    totals: { subtotal: 99_900, discount: 0, tax: 0, shipping: 0, total: 99_900 },
    promoCode: null,
    reviewNote: null,
    payments: [],
    shipments: [],
    notes: [],
    timeline: [],
    packedAt: null,
    refundedAmount: 0,
    refunds: [],
    actions: null,
  };
}
