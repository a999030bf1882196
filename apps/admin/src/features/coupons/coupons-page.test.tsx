import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type Coupon, couponFieldMessages } from "@vaki/contract/admin/coupons";
import type { StaffRole } from "@vaki/contract/admin/permissions";
import { describe, expect, it } from "vitest";
import { fakeApi, ok, renderAdmin, staffMember } from "../../test/helpers";

const vaki10: Coupon = {
  id: 1,
  code: "VAKI10",
  description: "10% off your first order",
  kind: "percentage",
  value: 10,
  minOrderAmount: 0,
  firstOrderOnly: true,
  perCustomerLimit: null,
  usageLimit: null,
  startsAt: null,
  endsAt: null,
  active: true,
  timesUsed: 12,
  paidOrders: 9,
  discountGiven: 1_234_500,
  createdAt: "2026-11-01T10:00:00.000Z",
  updatedAt: "2026-11-01T10:00:00.000Z",
};

function couponsApi(role: StaffRole, coupons: Coupon[]) {
  return fakeApi((call) => {
    if (call.path === "/auth/me") return ok({ staff: staffMember(role), csrfToken: "csrf-token-1234" });
    if (call.path === "/coupons" && call.method === "GET") return ok({ coupons });
    if (call.path === "/coupons" && call.method === "POST") {
      const body = call.body as Coupon;
      const created = { ...vaki10, ...body, id: 2, code: body.code.toUpperCase(), timesUsed: 0, paidOrders: 0 };
      coupons.unshift(created);
      return { status: 201, body: { success: true, message: "Coupon created", data: created } };
    }
    return undefined;
  });
}

describe("the coupons page", () => {
  it("is closed to a role without coupons:read", async () => {
    couponsApi("support", [vaki10]);
    renderAdmin("/coupons");
    // Support may not open it at all (coupons:read).
    expect(await screen.findByText("You do not have permission to open this page.")).toBeInTheDocument();
  });

  it("creates a coupon in rupees, sent in paise, with messages beside the fields first", async () => {
    const api = couponsApi("catalogue", [vaki10]);
    const user = userEvent.setup();
    renderAdmin("/coupons");
    const row = (await screen.findByText("VAKI10")).closest("tr") as HTMLElement;
    expect(within(row).getByText("10% off")).toBeInTheDocument();
    expect(within(row).getByText("first order only")).toBeInTheDocument();
    expect(within(row).getByText("Live")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "New coupon" }));
    const dialog = await screen.findByRole("dialog", { name: "New coupon" });
    await user.type(within(dialog).getByLabelText("Code"), "drop 25");
    await user.type(within(dialog).getByLabelText("Description"), "Rs. 250 off the winter drop");
    await user.selectOptions(within(dialog).getByLabelText("Discount type"), "fixed");
    await user.type(within(dialog).getByLabelText("Amount off (Rs.)"), "250");
    await user.type(within(dialog).getByLabelText("Minimum order (Rs.)"), "1,999");
    await user.type(within(dialog).getByLabelText("Uses per customer"), "0");
    await user.click(within(dialog).getByRole("button", { name: "Create coupon" }));
    expect(await within(dialog).findByText(couponFieldMessages.code)).toBeInTheDocument();
    expect(within(dialog).getByText(couponFieldMessages.limit)).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === "POST")).toBe(false);

    await user.clear(within(dialog).getByLabelText("Code"));
    await user.type(within(dialog).getByLabelText("Code"), "drop25");
    await user.clear(within(dialog).getByLabelText("Uses per customer"));
    await user.type(within(dialog).getByLabelText("Uses per customer"), "1");
    await user.click(within(dialog).getByRole("button", { name: "Create coupon" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const sent = api.calls.find((call) => call.method === "POST")?.body;
    expect(sent).toMatchObject({
      code: "drop25",
      kind: "fixed",
      value: 25_000,
      minOrderAmount: 199_900,
      perCustomerLimit: 1,
      usageLimit: null,
      startsAt: null,
      active: true,
    });
    expect(await screen.findByText("DROP25")).toBeInTheDocument();
  });
});
