import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { CodBlock, CodOrderToConfirm, PaymentToReview } from "@vaki/contract/admin/cod";
import type { StaffRole } from "@vaki/contract/admin/permissions";
import { describe, expect, it } from "vitest";
import { failure, fakeApi, ok, renderAdmin, staffMember } from "../../test/helpers";
import { whatsAppLink } from "./cod-page";

const waiting: CodOrderToConfirm = {
  id: "order-1",
  orderNumber: "VK1001",
  createdAt: "2026-11-25T10:00:00.000Z",
  customerName: "Riya Sen",
  email: "riya@example.com",
  phone: "+919700033333",
  phoneVerified: false,
  total: 399_600,
  itemCount: 4,
  holdExpiresAt: "2026-11-26T10:00:00.000Z",
};

const flagged: PaymentToReview = {
  paymentId: "pay-1",
  orderId: "order-9",
  checkoutId: "chk-1",
  reason: "Paid 100 paise for an order of 99900",
  orderAmount: 99_900,
  gatewayAmount: 100,
  flaggedAt: "2026-11-25T09:00:00.000Z",
};

function codApi(role: StaffRole, state: { orders: CodOrderToConfirm[]; blocks?: CodBlock[] }) {
  return fakeApi((call) => {
    if (call.path === "/auth/me") return ok({ staff: staffMember(role), csrfToken: "csrf-token-1234" });
    if (call.path === "/cod/orders") return ok({ items: state.orders });
    if (call.path === "/cod/orders/order-1/confirm" && call.method === "POST") {
      state.orders = [];
      return ok({ id: "order-1", orderNumber: "VK1001", status: "CONFIRMED", paymentStatus: "COD_PENDING" });
    }
    if (call.path === "/cod/orders/order-1/cancel" && call.method === "POST") {
      return failure(409, "Conflict", "This order is not a cash-on-delivery order waiting to be confirmed.");
    }
    if (call.path === "/payments/review") return ok({ items: [flagged] });
    if (call.path === "/payments/review/pay-1/resolve") return ok({});
    if (call.path === "/cod/blocks" && call.method === "GET") return ok({ items: state.blocks ?? [] });
    if (call.path === "/cod/blocks" && call.method === "POST") {
      const block: CodBlock = {
        id: "block-1",
        kind: "phone",
        value: "+919600012345",
        reason: "Returned twice",
        createdAt: "2026-11-25T11:00:00.000Z",
      };
      state.blocks = [block];
      return { status: 201, body: { success: true, message: "OK", data: block } };
    }
    if (call.path === "/cod/blocks/block-1" && call.method === "DELETE") {
      const [removed] = state.blocks ?? [];
      state.blocks = [];
      return ok(removed);
    }
    return undefined;
  });
}

describe("COD to confirm", () => {
  it("lists each order with a call link, a WhatsApp link and whether the phone was verified", async () => {
    codApi("operations", { orders: [waiting] });
    renderAdmin("/cod");
    expect(await screen.findByRole("heading", { name: "COD to confirm", level: 1 })).toBeInTheDocument();
    const row = (await screen.findByRole("link", { name: "#VK1001" })).closest("tr")!;
    expect(within(row).getByRole("link", { name: "Call Riya Sen on +919700033333" })).toHaveAttribute(
      "href",
      "tel:+919700033333",
    );
    expect(within(row).getByRole("link", { name: "Message Riya Sen on WhatsApp" })).toHaveAttribute(
      "href",
      "https://wa.me/919700033333",
    );
    expect(within(row).getByText("Not verified")).toBeInTheDocument();
    expect(within(row).getByText("₹3,996.00")).toBeInTheDocument();
    expect(whatsAppLink("+91 97000-33333")).toBe("https://wa.me/919700033333");
  });

  it("confirms an order after asking, and the list empties", async () => {
    const api = codApi("operations", { orders: [waiting] });
    const user = userEvent.setup();
    renderAdmin("/cod");
    await user.click(await screen.findByRole("button", { name: "Confirm order #VK1001" }));
    const dialog = await screen.findByRole("dialog", { name: "Confirm order #VK1001?" });
    await user.click(within(dialog).getByRole("button", { name: "Confirm order" }));
    expect(await screen.findByText("Order #VK1001 confirmed: its shipment is being booked.")).toBeInTheDocument();
    expect(await screen.findByText("No cash-on-delivery orders are waiting.")).toBeInTheDocument();
    const confirm = api.calls.find((call) => call.path === "/cod/orders/order-1/confirm")!;
    expect(confirm.headers["X-CSRF-Token"]).toBe("csrf-token-1234");
  });

  it("keeps the cancel dialog open with the server's words when the order moved meanwhile", async () => {
    codApi("operations", { orders: [waiting] });
    const user = userEvent.setup();
    renderAdmin("/cod");
    await user.click(await screen.findByRole("button", { name: "Cancel order #VK1001" }));
    const dialog = await screen.findByRole("dialog", { name: "Cancel order #VK1001?" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel order" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "This order is not a cash-on-delivery order waiting to be confirmed.",
    );
  });

  it("shows support the list without the buttons or the payments to refund", async () => {
    const api = codApi("support", { orders: [waiting] });
    renderAdmin("/cod");
    await screen.findByRole("link", { name: "#VK1001" });
    expect(screen.queryByRole("button", { name: /Confirm order/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Payments with the wrong amount" })).not.toBeInTheDocument();
    expect(api.calls.some((call) => call.path === "/payments/review")).toBe(false);
  });

  it("refunds a payment taken for the wrong amount", async () => {
    const api = codApi("owner", { orders: [] });
    const user = userEvent.setup();
    renderAdmin("/cod");
    expect(await screen.findByRole("heading", { name: "Payments with the wrong amount" })).toBeInTheDocument();
    await user.click(await screen.findByRole("button", { name: /^Refund the payment flagged/ }));
    const dialog = await screen.findByRole("dialog", { name: "Refund ₹1.00?" });
    await user.click(within(dialog).getByRole("button", { name: "Refund" }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.path === "/payments/review/pay-1/resolve")?.body).toEqual({
        decision: "refund",
      }),
    );
  });
});

describe("COD blocks", () => {
  it("checks the number before asking the server, adds a block and removes it", async () => {
    const api = codApi("operations", { orders: [] });
    const user = userEvent.setup();
    renderAdmin("/cod/blocks");
    expect(await screen.findByText("Nothing is blocked.")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Phone number"), "12345");
    await user.click(screen.getByRole("button", { name: "Add block" }));
    expect(await screen.findByText("Enter a 10-digit Indian mobile number.")).toBeInTheDocument();
    expect(api.calls.some((call) => call.path === "/cod/blocks" && call.method === "POST")).toBe(false);

    await user.clear(screen.getByLabelText("Phone number"));
    await user.type(screen.getByLabelText("Phone number"), "96000 12345");
    await user.type(screen.getByLabelText("Reason"), "Returned twice");
    await user.click(screen.getByRole("button", { name: "Add block" }));
    expect(await screen.findByText("+919600012345", { selector: "td span" })).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === "/cod/blocks" && call.method === "POST")?.body).toEqual({
      kind: "phone",
      value: "96000 12345",
      reason: "Returned twice",
    });

    await user.click(screen.getByRole("button", { name: "Remove the block on +919600012345" }));
    const dialog = await screen.findByRole("dialog", { name: "Remove the block on +919600012345?" });
    await user.click(within(dialog).getByRole("button", { name: "Remove block" }));
    expect(await screen.findByText("Nothing is blocked.")).toBeInTheDocument();
  });

  it("is not opened by a role that may only read orders", async () => {
    const api = codApi("support", { orders: [] });
    renderAdmin("/cod/blocks");
    expect(await screen.findByText("You do not have permission to open this page.")).toBeInTheDocument();
    expect(api.calls.some((call) => call.path === "/cod/blocks")).toBe(false);
  });
});
