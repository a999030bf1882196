import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { BackInStockDemand, BackInStockDemandAnswer } from "@vaki/contract/admin/back-in-stock";
import type { StaffRole } from "@vaki/contract/admin/permissions";
import { describe, expect, it } from "vitest";
import { fakeApi, ok, renderAdmin, staffMember } from "../../test/helpers";

const hoodieSmall: BackInStockDemand = {
  variantId: 31,
  productId: 12,
  productName: "Orbit Hoodie",
  productStatus: "active",
  color: "Acid Lime",
  size: "S",
  sku: "VK-ORB-AL-S",
  stock: 0,
  availability: "sold-out",
  waiting: 7,
  notified: 2,
  oldestRequestAt: "2026-03-02T09:00:00.000Z",
  newestRequestAt: "2026-03-04T18:30:00.000Z",
};

const archivedCap: BackInStockDemand = {
  ...hoodieSmall,
  variantId: 40,
  productId: 15,
  productName: "Comet Cap",
  productStatus: "archived",
  color: "Ink",
  size: null,
  sku: "VK-CMT-INK-FS",
  stock: 4,
  availability: "not-on-sale",
  waiting: 1,
  notified: 0,
};

function demandApi(role: StaffRole, pages: Record<string, BackInStockDemandAnswer>) {
  return fakeApi((call) => {
    if (call.path === "/auth/me") return ok({ staff: staffMember(role), csrfToken: "csrf-token-1234" });
    if (call.path === "/back-in-stock") return ok(pages[call.query.get("cursor") ?? ""]);
    return undefined;
  });
}

describe("the back-in-stock page", () => {
  it("is closed to a role without products:read, without asking the server", async () => {
    const api = demandApi("support", {});
    renderAdmin("/back-in-stock");
    expect(await screen.findByText("You do not have permission to open this page.")).toBeInTheDocument();
    expect(api.calls.some((call) => call.path === "/back-in-stock")).toBe(false);
  });

  it("lists the waiting count per variant with a link to the product, and pages on", async () => {
    const api = demandApi("catalogue", {
      "": { items: [hoodieSmall], nextCursor: "WzcsMzFd", totals: { waiting: 8, variants: 2 } },
      WzcsMzFd: { items: [archivedCap], nextCursor: null, totals: { waiting: 8, variants: 2 } },
    });
    const user = userEvent.setup();
    renderAdmin("/back-in-stock");

    expect(await screen.findByRole("heading", { level: 1, name: "Back in stock" })).toBeInTheDocument();
    const table = await screen.findByRole("table", { name: "Back-in-stock requests per variant" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((header) => header.textContent),
    ).toEqual(["Product", "Waiting", "Stock", "Asked", "Already e-mailed"]);
    const row = (await within(table).findByRole("link", { name: "Orbit Hoodie" })).closest("tr") as HTMLElement;
    expect(within(row).getByRole("link", { name: "Orbit Hoodie" })).toHaveAttribute("href", "/products/12");
    const cells = within(row).getAllByRole("cell");
    expect(cells[1]).toHaveTextContent("7");
    expect(within(row).getByText("Acid Lime, size S")).toBeInTheDocument();
    expect(within(row).getByText("VK-ORB-AL-S")).toBeInTheDocument();
    expect(within(row).getByText("Sold out")).toBeInTheDocument();
    expect(cells[4]).toHaveTextContent("2");
    expect(screen.getByText("8 requests")).toBeInTheDocument();
    expect(screen.getByText(/waiting for 2 variants/)).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Next" }));
    const next = (await screen.findByRole("link", { name: "Comet Cap" })).closest("tr") as HTMLElement;
    expect(within(next).getByText("Ink")).toBeInTheDocument();
    expect(within(next).getByText("Archived")).toBeInTheDocument();
    expect(within(next).getByText("Not on sale: no e-mails")).toBeInTheDocument();
    expect(
      api.calls
        .filter((call) => call.path === "/back-in-stock")
        .at(-1)
        ?.query.get("cursor"),
    ).toBe("WzcsMzFd");
    expect(screen.getByRole("button", { name: "Previous" })).toBeEnabled();
  });

  it("says so when no one is waiting", async () => {
    demandApi("owner", { "": { items: [], nextCursor: null, totals: { waiting: 0, variants: 0 } } });
    renderAdmin("/back-in-stock");
    expect(await screen.findByText("No one is waiting for a restock")).toBeInTheDocument();
    expect(screen.queryByText(/requests? waiting for/)).not.toBeInTheDocument();
  });
});
