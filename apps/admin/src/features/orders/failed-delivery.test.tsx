import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { addIndiaDays, failedDeliveryMessages as fm, indiaDayOf } from "@vaki/contract/admin/failed-delivery";
import type { StaffRole } from "@vaki/contract/admin/permissions";
import type { AdminOrderDetail } from "@vaki/contract/admin/schemas";
import { describe, expect, it } from "vitest";
import { fakeApi, ok, renderAdmin, staffMember } from "../../test/helpers";

function detail(actions: Partial<NonNullable<AdminOrderDetail["actions"]>>): AdminOrderDetail {
  return {
    id: "order-1",
    orderNumber: "VK1001",
    createdAt: "2026-11-20T10:00:00.000Z",
    updatedAt: "2026-11-21T10:00:00.000Z",
    status: "SHIPPED",
    paymentStatus: "SUCCESS",
    paymentMethod: "PREPAID",
    customer: null,
    email: "riya@example.com",
    phone: "9876543210",
    shippingMethod: "Standard",
    shippingAddress: { fullName: "Riya FAIL DELIVERY", line1: "Flat 4B", city: "Noida", phone: "9876543210" },
    billingAddress: null,
    lines: [
      {
        id: 11,
        productId: 1,
        variantId: 101,
        sku: "VK-TEE-M",
        name: "Moon Tee",
        imageUrl: null,
        size: "M",
        color: null,
        unitPrice: 99_900,
        quantity: 2,
        lineTotal: 199_800,
      },
    ],
    totals: { subtotal: 199_800, discount: 0, tax: 0, shipping: 0, total: 199_800 },
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
      pack: false,
      ship: false,
      label: true,
      cancel: false,
      refundable: 199_800,
      refundMethod: "gateway",
      resendConfirmation: false,
      ...actions,
    },
  };
}

function orderApi(role: StaffRole, order: AdminOrderDetail) {
  return fakeApi((call) => {
    if (call.path === "/auth/me") return ok({ staff: staffMember(role), csrfToken: "csrf-token-1234" });
    if (call.path === "/orders/order-1" && call.method === "GET") return ok(order);
    if (call.method === "POST" && call.path.startsWith("/orders/order-1/")) {
      const answer = { id: "order-1", orderNumber: "VK1001", status: "SHIPPED", paymentStatus: "SUCCESS" };
      return ok(call.path.endsWith("receive-return") ? { order: answer, refunded: 199_800 } : answer);
    }
    return undefined;
  });
}

describe("a failed delivery on the order page", () => {
  it("asks for a re-attempt with a day within a week and the customer's phone", async () => {
    const api = orderApi("operations", detail({ reattempt: true, returnToOrigin: true }));
    const user = userEvent.setup();
    renderAdmin("/orders/order-1");
    await user.click(await screen.findByRole("button", { name: "Re-attempt delivery" }));
    const dialog = await screen.findByRole("dialog", { name: "Re-attempt delivery of #VK1001" });
    const day = within(dialog).getByLabelText("Delivery day");
    const today = indiaDayOf(new Date());
    expect(day).toHaveAttribute("min", today);
    expect(day).toHaveAttribute("max", addIndiaDays(today, 7));
    const phone = within(dialog).getByLabelText("Customer's phone");
    expect(phone).toHaveValue("9876543210");

    await user.clear(phone);
    await user.type(phone, "123");
    await user.click(within(dialog).getByRole("button", { name: "Request re-attempt" }));
    expect(await within(dialog).findByText(fm.phone)).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === "POST")).toEqual([]);

    await user.clear(phone);
    await user.type(phone, "98765 00000");
    await user.click(within(dialog).getByRole("button", { name: "Request re-attempt" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const sent = api.calls.find((call) => call.path === "/orders/order-1/reattempt");
    expect(sent?.body).toEqual({ date: addIndiaDays(today, 1), phone: "98765 00000" });
    expect(await screen.findByRole("status")).toHaveTextContent(fm.reattemptRequested(addIndiaDays(today, 1)));
  });

  it("asks before returning to origin, which cannot be undone", async () => {
    const api = orderApi("operations", detail({ reattempt: false, returnToOrigin: true }));
    const user = userEvent.setup();
    renderAdmin("/orders/order-1");
    expect(await screen.findByRole("button", { name: "Return to origin" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Re-attempt delivery" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Return to origin" }));
    const dialog = await screen.findByRole("dialog", { name: "Return order #VK1001 to origin?" });
    await user.click(within(dialog).getByRole("button", { name: "Return to origin" }));
    await waitFor(() => expect(api.calls.some((call) => call.path === "/orders/order-1/return-to-origin")).toBe(true));
  });

  it("receives the return with the units that passed the check per line", async () => {
    const api = orderApi("operations", detail({ receiveReturn: true }));
    const user = userEvent.setup();
    renderAdmin("/orders/order-1");
    await user.click(await screen.findByRole("button", { name: "Receive return" }));
    const dialog = await screen.findByRole("dialog", { name: "Receive the return of #VK1001" });
    expect(dialog).toHaveTextContent(/refunded through the payment gateway/);
    const units = within(dialog).getByLabelText("Moon Tee · M: units that passed the check");
    expect(units).toHaveValue(2);
    await user.clear(units);
    await user.type(units, "3");
    await user.click(within(dialog).getByRole("button", { name: "Receive and restock" }));
    expect(await within(dialog).findByText(fm.tooManyUnits(2))).toBeInTheDocument();

    await user.clear(units);
    await user.type(units, "1");
    await user.type(within(dialog).getByLabelText("Note (optional)"), "Seam torn");
    await user.click(within(dialog).getByRole("button", { name: "Receive and restock" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const sent = api.calls.find((call) => call.path === "/orders/order-1/receive-return");
    expect(sent?.body).toEqual({ lines: [{ itemId: 11, restock: 1 }], note: "Seam torn" });
    expect(await screen.findByText(fm.returnReceivedRefunded)).toBeInTheDocument();
  });

  it("shows the support role none of these actions", async () => {
    orderApi("support", detail({ reattempt: true, returnToOrigin: true, receiveReturn: true }));
    renderAdmin("/orders/order-1");
    expect(await screen.findByRole("heading", { name: "Order #VK1001" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Re-attempt delivery" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Return to origin" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Receive return" })).not.toBeInTheDocument();
  });
});
