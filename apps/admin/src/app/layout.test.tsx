import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { failure, fakeApi, ok, renderAdmin, staffMember } from "../test/helpers";

function signedInAs(role: Parameters<typeof staffMember>[0]) {
  return fakeApi((call) => {
    if (call.path === "/auth/me") return ok({ staff: staffMember(role), csrfToken: "csrf-token-1234" });
    if (call.path === "/orders") return ok({ items: [], nextCursor: null });
    if (call.path === "/staff") return failure(403, "forbidden", "You do not have permission to do this.");
    return undefined;
  });
}

describe("the signed-in layout", () => {
  it("shows in the navigation only the pages the role may open", async () => {
    signedInAs("support");
    renderAdmin("/");
    const nav = within((await screen.findAllByRole("navigation", { name: "Admin" }))[0]!);
    const links = nav.getAllByRole("link").map((link) => link.textContent);
    expect(links).toEqual(["Dashboard", "Orders", "COD to confirm", "Customers", "Club"]);
  });

  it("gives the owner every page", async () => {
    signedInAs("owner");
    renderAdmin("/");
    const nav = within((await screen.findAllByRole("navigation", { name: "Admin" }))[0]!);
    expect(nav.getAllByRole("link").map((link) => link.textContent)).toEqual([
      "Dashboard",
      "Orders",
      "COD to confirm",
      "COD blocks",
      "Products",
      "Categories",
      "Back in stock",
      "Customers",
      "Club",
      "Coupons",
      "GST returns",
      "Staff",
      "Audit log",
      "Settings",
    ]);
  });

  it("marks Orders as the current page on an exchange, which opens from the order inbox", async () => {
    signedInAs("owner");
    renderAdmin("/exchanges/42");
    const nav = within((await screen.findAllByRole("navigation", { name: "Admin" }))[0]!);
    expect(nav.getByRole("link", { name: "Orders" })).toHaveAttribute("aria-current", "page");
    expect(nav.getByRole("link", { name: "Dashboard" })).not.toHaveAttribute("aria-current");
  });

  it("says so when a role opens a page it may not, without asking the server for it", async () => {
    const api = signedInAs("catalogue");
    renderAdmin("/staff");
    expect(await screen.findByText("You do not have permission to open this page.")).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Staff" })).not.toBeInTheDocument();
    expect(api.calls.some((call) => call.path === "/staff")).toBe(false);
  });

  it("shows the person's name and role in the top bar", async () => {
    signedInAs("accountant");
    renderAdmin("/");
    expect(
      await screen.findByRole("button", { name: "Asha accountant, Accountant: account menu" }),
    ).toBeInTheDocument();
  });

  it("opens the sign-in page when a signed-in call finds the session ended", async () => {
    fakeApi((call) => {
      if (call.path === "/auth/me") return ok({ staff: staffMember("owner"), csrfToken: "csrf-token-1234" });
      if (call.path === "/orders") return failure(401, "unauthenticated", "Your session has ended. Sign in again.");
      return undefined;
    });
    const { router } = renderAdmin("/orders");
    // The sign-in page's code loads on first use: give it longer than a render.
    expect(await screen.findByRole("heading", { name: "Sign in" }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Your session has ended. Sign in again.");
    expect(router.state.location.search).toBe("?next=%2Forders&notice=ended");
  });
});
