import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { orderAddressMessages } from "@vaki/contract/admin/order-addresses";
import type { StaffRole } from "@vaki/contract/admin/permissions";
import type { AdminOrderDetail, AdminOrderSummary } from "@vaki/contract/admin/schemas";
import { describe, expect, it } from "vitest";
import { fakeApi, ok, renderAdmin, staffMember } from "../../test/helpers";

function detail(actions: Partial<NonNullable<AdminOrderDetail["actions"]>>): AdminOrderDetail {
  const line = (id: number, name: string, quantity: number) => ({
    id,
    productId: id,
    variantId: id + 100,
    sku: `VK-${id}`,
    name,
    imageUrl: null,
    size: "M",
    color: null,
    unitPrice: 99_900,
    quantity,
    lineTotal: 99_900 * quantity,
  });
  return {
    id: "order-1",
    orderNumber: "VK1001",
    createdAt: "2026-11-20T10:00:00.000Z",
    updatedAt: "2026-11-21T10:00:00.000Z",
    status: "CONFIRMED",
    paymentStatus: "SUCCESS",
    paymentMethod: "PREPAID",
    customer: null,
    email: "riya@example.com",
    phone: "9876543210",
    shippingMethod: "Standard",
    shippingAddress: {
      fullName: "Riya Sharma",
      line1: "Flat 4B, Lotus Towers",
      line2: "Sector 62",
      city: "Noida",
      state: "Uttar Pradesh",
      pincode: "201301",
      country: "India",
      phone: "9876543210",
    },
    billingAddress: null,
    lines: [line(11, "Moon Tee", 2), line(12, "Star Tee", 1)],
    totals: { subtotal: 299_700, discount: 0, tax: 0, shipping: 0, total: 299_700 },
    promoCode: null,
    reviewNote: null,
    payments: [],
    shipments: [],
    notes: [],
    timeline: [],
    packedAt: null,
    refundedAmount: 0,
    refunds: [],
    actions: {
      pack: true,
      ship: true,
      label: false,
      cancel: true,
      refundable: 299_700,
      refundMethod: "gateway",
      resendConfirmation: false,
      editAddresses: true,
      refundLines: [
        { orderItemId: 11, quantity: 2, paidPerUnit: 99_900 },
        { orderItemId: 12, quantity: 1, paidPerUnit: 99_900 },
      ],
      ...actions,
    },
  };
}

const answer = { id: "order-1", orderNumber: "VK1001", status: "CONFIRMED", paymentStatus: "SUCCESS" };

function orderApi(role: StaffRole, order: AdminOrderDetail, addresses?: () => { status?: number; body: unknown }) {
  return fakeApi((call) => {
    if (call.path === "/auth/me") return ok({ staff: staffMember(role), csrfToken: "csrf-token-1234" });
    if (call.path === "/orders/order-1" && call.method === "GET") return ok(order);
    if (call.path === "/orders/order-1/addresses" && call.method === "PUT") return addresses ? addresses() : ok(answer);
    if (call.method === "POST" && call.path.startsWith("/orders/order-1/")) return ok(answer);
    return undefined;
  });
}

describe("Edit addresses on the order page", () => {
  it("sends only the changed address and shows the server's field errors beside their fields", async () => {
    let calls = 0;
    const api = orderApi("operations", detail({}), () => {
      calls += 1;
      return calls === 1
        ? {
            status: 400,
            body: {
              success: false,
              message: orderAddressMessages.invalid,
              error: "InvalidInput",
              fieldErrors: { "shipping.pincode": ["Enter a 6-digit pincode"] },
            },
          }
        : ok(answer);
    });
    const user = userEvent.setup();
    renderAdmin("/orders/order-1");
    await user.click(await screen.findByRole("button", { name: "Edit addresses" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit addresses of order #VK1001" });
    const shipping = within(dialog).getByRole("group", { name: "Shipping address" });
    expect(within(shipping).getByLabelText("City")).toHaveValue("Noida");
    // Billing starts as the shipping address (the order has none of its own).
    expect(within(within(dialog).getByRole("group", { name: "Billing address" })).getByLabelText("City")).toHaveValue(
      "Noida",
    );

    await user.click(within(dialog).getByRole("button", { name: "Save addresses" }));
    expect(await within(dialog).findByText(orderAddressMessages.nothingToSave)).toBeInTheDocument();

    const pincode = within(shipping).getByLabelText("Pincode");
    await user.clear(pincode);
    await user.type(pincode, "12");
    await user.click(within(dialog).getByRole("button", { name: "Save addresses" }));
    expect(await within(shipping).findByText("Enter a 6-digit pincode")).toBeInTheDocument();
    expect(pincode).toHaveAttribute("aria-invalid", "true");

    await user.clear(pincode);
    await user.type(pincode, "201303");
    await user.click(within(dialog).getByRole("button", { name: "Save addresses" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(await screen.findByText(orderAddressMessages.saved)).toBeInTheDocument();
    const put = api.calls.filter((call) => call.method === "PUT").at(-1);
    expect(put?.body).toEqual({ shipping: expect.objectContaining({ pincode: "201303", city: "Noida" }) });
  });

  it("is not offered once a shipment exists, nor to support", async () => {
    orderApi("operations", detail({ editAddresses: false }));
    renderAdmin("/orders/order-1");
    expect(await screen.findByRole("button", { name: "Mark packed" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Edit addresses" })).not.toBeInTheDocument();
  });

  it("is hidden from support, who cannot write orders", async () => {
    orderApi("support", detail({}));
    renderAdmin("/orders/order-1");
    expect(await screen.findByRole("heading", { name: "Order #VK1001" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Edit addresses" })).not.toBeInTheDocument();
  });
});

describe("the refund dialog: by line or by amount", () => {
  it("refunds units of a line, then by amount", async () => {
    const api = orderApi("owner", detail({}));
    const user = userEvent.setup();
    renderAdmin("/orders/order-1");
    await user.click(await screen.findByRole("button", { name: "Refund" }));
    const dialog = await screen.findByRole("dialog", { name: "Refund order #VK1001" });
    expect(within(dialog).getByRole("radio", { name: "By amount" })).toBeChecked();
    await user.click(within(dialog).getByRole("radio", { name: "By line" }));

    const moon = within(dialog).getByLabelText("Moon Tee (M): units to refund");
    await user.type(moon, "3");
    await user.type(within(dialog).getByLabelText("Reason"), "Torn seam");
    await user.click(within(dialog).getByRole("button", { name: "Refund" }));
    expect(await within(dialog).findByText("At most 2 of this line can still be refunded.")).toBeInTheDocument();
    await user.clear(moon);
    await user.type(moon, "1");
    await user.click(within(dialog).getByRole("button", { name: "Refund" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const byLine = api.calls.filter((call) => call.path === "/orders/order-1/refunds").at(-1);
    expect(byLine?.body).toEqual({ lines: [{ orderItemId: 11, quantity: 1 }], reason: "Torn seam" });

    await user.click(screen.getByRole("button", { name: "Refund" }));
    const again = await screen.findByRole("dialog", { name: "Refund order #VK1001" });
    await user.click(within(again).getByRole("radio", { name: "By amount" }));
    await user.type(within(again).getByLabelText("Amount (Rs)"), "250");
    await user.type(within(again).getByLabelText("Reason"), "Late");
    await user.click(within(again).getByRole("button", { name: "Refund" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const byAmount = api.calls.filter((call) => call.path === "/orders/order-1/refunds").at(-1);
    expect(byAmount?.body).toEqual({ amount: 25_000, reason: "Late" });
  });
});

describe("Create shipments in the inbox's selection bar", () => {
  const summary = (number: number): AdminOrderSummary => ({
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
  });

  it("creates the selection's shipments and says which were skipped", async () => {
    const api = fakeApi((call) => {
      if (call.path === "/auth/me") return ok({ staff: staffMember("operations"), csrfToken: "csrf-token-1234" });
      if (call.path === "/orders/counts")
        return ok({
          cod_to_confirm: 0,
          to_pack: 2,
          ready_for_pickup: 0,
          in_transit: 0,
          delivery_failed: 0,
          returned_to_origin: 0,
          cancelled: 0,
          all: 2,
        });
      if (call.path === "/orders") return ok({ items: [summary(1), summary(2)], nextCursor: null });
      if (call.path === "/orders/bulk/shipments") {
        return ok({ created: ["order-1"], skipped: [{ id: "order-2", reason: "This order already has its AWB." }] });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderAdmin("/orders");
    await user.click(await screen.findByRole("checkbox", { name: "Select order #VK1" }));
    await user.click(screen.getByRole("checkbox", { name: "Select order #VK2" }));
    await user.click(
      within(screen.getByRole("region", { name: "Selected orders" })).getByRole("button", {
        name: "Create shipments",
      }),
    );
    expect(
      await screen.findByText("1 shipment created, 1 skipped (This order already has its AWB.)"),
    ).toBeInTheDocument();
    const call = api.calls.find((entry) => entry.path === "/orders/bulk/shipments");
    expect(call?.body).toEqual({ ids: ["order-1", "order-2"] });
  });

  it("is not offered to a role without shipments:write", async () => {
    fakeApi((call) => {
      if (call.path === "/auth/me") return ok({ staff: staffMember("support"), csrfToken: "csrf-token-1234" });
      if (call.path === "/orders/counts")
        return ok({
          cod_to_confirm: 0,
          to_pack: 2,
          ready_for_pickup: 0,
          in_transit: 0,
          delivery_failed: 0,
          returned_to_origin: 0,
          cancelled: 0,
          all: 2,
        });
      if (call.path === "/orders") return ok({ items: [summary(1)], nextCursor: null });
      return undefined;
    });
    renderAdmin("/orders");
    expect(await screen.findByRole("link", { name: "#VK1" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Create shipments" })).not.toBeInTheDocument();
  });
});
