import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type AdminCustomerProfile, customerMessages } from "@vaki/contract/admin/customers";
import type { StaffRole } from "@vaki/contract/admin/permissions";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setCsrfToken } from "../../lib/api-client";
import { type FakeCall, failure, fakeApi, ok, renderAdmin, staffMember } from "../../test/helpers";

const riya: AdminCustomerProfile = {
  id: "c1",
  name: "Riya Sharma",
  email: "riya@example.com",
  phone: "+919876543210",
  ordersCount: 2,
  createdAt: "2026-10-01T10:00:00.000Z",
  orders: [],
  blockedAt: null,
  blockedReason: null,
  lifetimeValue: 229_800,
  club: {
    id: 7,
    name: "Riya",
    email: "riya@example.com",
    phone: "+919876543210",
    joinedAt: "2026-10-02T10:00:00.000Z",
  },
  addresses: [
    {
      fullName: "Riya Sharma",
      line1: "Flat 4B, Lotus Towers",
      city: "Noida",
      state: "Uttar Pradesh",
      pincode: "201301",
      country: "India",
      source: "order",
      orders: 2,
    },
  ],
};

type Extra = (call: FakeCall) => { status?: number; body: unknown } | undefined;

function customerApi(role: StaffRole, customer: AdminCustomerProfile, extra: Extra = () => undefined) {
  return fakeApi((call) => {
    if (call.path === "/auth/me") return ok({ staff: staffMember(role), csrfToken: "csrf-token-1234" });
    if (call.path === "/customers/c1" && call.method === "GET") return ok(customer);
    if (call.path === "/customers" && call.method === "GET") return ok({ items: [], nextCursor: null });
    return extra(call);
  });
}

afterEach(() => setCsrfToken(null));

describe("the customer page", () => {
  it("shows lifetime value, Club membership, addresses and sign-in state; support sees no actions", async () => {
    customerApi("support", { ...riya, blockedAt: "2026-11-20T10:00:00.000Z", blockedReason: "Chargebacks" });
    renderAdmin("/customers/c1");
    expect(await screen.findByRole("heading", { name: "Riya Sharma" })).toBeInTheDocument();
    expect(screen.getByText("Lifetime value").nextElementSibling).toHaveTextContent("2,298");
    expect(screen.getByText(/^Member since/)).toBeInTheDocument();
    expect(screen.getByText("Blocked")).toBeInTheDocument();
    expect(screen.getByText(/Chargebacks/)).toBeInTheDocument();
    const addresses = screen.getByRole("region", { name: "Addresses used" });
    expect(within(addresses).getByText(/Lotus Towers/)).toBeInTheDocument();
    expect(within(addresses).getByText(/2 orders/)).toBeInTheDocument();
    for (const name of ["Block sign-in", "Unblock sign-in", "Export data", "Erase personal data"]) {
      expect(screen.queryByRole("button", { name })).not.toBeInTheDocument();
    }
  });

  it("blocks sign-in with a reason (asked for beside the field first), then offers to unblock", async () => {
    const api = customerApi("operations", riya, (call) =>
      call.path === "/customers/c1/block"
        ? ok({ blockedAt: "2026-11-21T09:00:00.000Z", blockedReason: (call.body as { reason: string }).reason })
        : undefined,
    );
    const user = userEvent.setup();
    renderAdmin("/customers/c1");
    await screen.findByRole("heading", { name: "Riya Sharma" });
    // Operations holds customers:write but not customers:export.
    expect(screen.queryByRole("button", { name: "Export data" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Erase personal data" })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Block sign-in" }));
    const dialog = await screen.findByRole("dialog", { name: "Block sign-in for Riya Sharma?" });
    await user.click(within(dialog).getByRole("button", { name: "Block sign-in" }));
    expect(await within(dialog).findByText(customerMessages.reasonRequired)).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === "POST")).toBe(false);

    await user.type(within(dialog).getByLabelText("Reason"), "Repeated chargebacks");
    await user.click(within(dialog).getByRole("button", { name: "Block sign-in" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(api.calls.find((call) => call.method === "POST")?.body).toEqual({ reason: "Repeated chargebacks" });
    expect(await screen.findByRole("status")).toHaveTextContent(customerMessages.blocked);
    expect(screen.getByText("Blocked")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Unblock sign-in" })).toBeInTheDocument();
  });

  it("exports the data as a file after step-up", async () => {
    let steppedUp = false;
    const files: string[] = [];
    const api = customerApi("owner", riya);
    const answer = api.fetchMock.getMockImplementation();
    api.fetchMock.mockImplementation(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = new URL(String(input), "http://admin.test").pathname.replace(/^\/api\/admin/, "");
      if (path === "/customers/c1/export") {
        if (!steppedUp) {
          return Response.json(
            failure(403, "step_up_required", "Confirm your password and a fresh code to continue.").body,
            {
              status: 403,
            },
          );
        }
        files.push(path);
        return new Response(JSON.stringify({ account: { id: "c1" } }), {
          headers: { "Content-Type": "application/json", "Content-Disposition": 'attachment; filename="c1.json"' },
        });
      }
      if (path === "/auth/step-up") {
        steppedUp = true;
        return Response.json(ok({ stepUpUntil: "2026-11-21T09:05:00.000Z" }).body);
      }
      return (answer as (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>)(input, init);
    });
    URL.createObjectURL = vi.fn(() => "blob:file");
    URL.revokeObjectURL = vi.fn();
    const user = userEvent.setup();
    renderAdmin("/customers/c1");
    await user.click(await screen.findByRole("button", { name: "Export data" }));
    const stepUp = await screen.findByRole("dialog", { name: "Confirm it is you" });
    await user.type(within(stepUp).getByLabelText("Password"), "correct horse battery");
    await user.type(within(stepUp).getByLabelText("Code from your authenticator app"), "654321");
    await user.click(within(stepUp).getByRole("button", { name: "Confirm" }));
    expect(await screen.findByRole("status")).toHaveTextContent(customerMessages.exported);
    expect(files).toEqual(["/customers/c1/export"]);
    expect(URL.createObjectURL).toHaveBeenCalled();
  });

  it("erases only once the e-mail is typed, shows the server's refusal, then returns to the list", async () => {
    let open = true;
    const api = customerApi("owner", riya, (call) => {
      if (call.path !== "/customers/c1/erase") return undefined;
      if (open) return failure(409, "Conflict", customerMessages.erasePendingOrders(1));
      return ok({ ordersAnonymised: 2, taxDocumentsKept: 2 });
    });
    const user = userEvent.setup();
    const { router } = renderAdmin("/customers/c1");
    await user.click(await screen.findByRole("button", { name: "Erase personal data" }));
    const dialog = await screen.findByRole("dialog", { name: "Erase the personal data of Riya Sharma?" });
    const erase = within(dialog).getByRole("button", { name: "Erase personal data" });
    expect(erase).toBeDisabled();
    await user.type(within(dialog).getByLabelText("Type the customer's e-mail to confirm"), "riya@example.co");
    expect(erase).toBeDisabled();
    await user.type(within(dialog).getByLabelText("Type the customer's e-mail to confirm"), "m");
    expect(erase).toBeEnabled();
    await user.click(erase);
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(customerMessages.erasePendingOrders(1));

    open = false;
    await user.click(erase);
    await waitFor(() => expect(router.state.location.pathname).toBe("/customers"));
    expect(await screen.findByRole("status")).toHaveTextContent(customerMessages.erased);
    expect(api.calls.filter((call) => call.path === "/customers/c1/erase").map((call) => call.body)).toEqual([
      { email: "riya@example.com" },
      { email: "riya@example.com" },
    ]);
  });
});
