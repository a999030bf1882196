import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { DashboardAnswer, PeriodFigures } from "@vaki/contract/admin/dashboard";
import type { StaffRole } from "@vaki/contract/admin/permissions";
import { describe, expect, it, vi } from "vitest";
import { fakeApi, ok, renderAdmin, staffMember } from "../../test/helpers";

// recharts measures its box, which jsdom cannot: the charts are stand-ins here (the tables are real).
vi.mock("./dashboard-charts", () => ({
  default: ({ kind }: { kind: string }) => <div data-testid={`${kind}-chart`} />,
}));

const figures = (overrides: Partial<PeriodFigures>): PeriodFigures => ({
  from: "2026-11-25T18:30:00.000Z",
  to: "2026-11-26T10:00:00.000Z",
  grossSales: 0,
  refunds: 0,
  revenue: 0,
  orders: 0,
  averageOrderValue: 0,
  units: 0,
  unitsBySize: [],
  topProducts: [],
  series: [],
  returnedToOrigin: { shipped: 0, returned: 0 },
  ...overrides,
});

function answer(period: DashboardAnswer["period"], revenue: number): DashboardAnswer {
  return {
    period,
    bucket: period === "today" ? "hour" : "day",
    generatedAt: "2026-11-26T10:00:00.000Z",
    sales: {
      current: figures({
        grossSales: revenue + 40_000,
        refunds: 40_000,
        revenue,
        orders: 2,
        averageOrderValue: (revenue + 40_000) / 2,
        units: 3,
        unitsBySize: [
          { size: "M", units: 2 },
          { size: "XL", units: 1 },
        ],
        topProducts: [
          { productId: 12, name: "Orbit Tee", units: 2, revenue: 159_800 },
          { productId: 15, name: "Comet Hoodie", units: 1, revenue: 249_900 },
        ],
        series: [
          { start: "2026-11-25T18:30:00.000Z", end: "2026-11-25T19:30:00.000Z", revenue: 254_900, orders: 1 },
          { start: "2026-11-25T19:30:00.000Z", end: "2026-11-25T20:30:00.000Z", revenue: revenue - 254_900, orders: 1 },
        ],
        returnedToOrigin: { shipped: 4, returned: 1 },
      }),
      previous: figures({
        grossSales: 200_000,
        revenue: 200_000,
        orders: 2,
        averageOrderValue: 100_000,
        units: 4,
        unitsBySize: [
          { size: "M", units: 1 },
          { size: null, units: 3 },
        ],
        series: [
          { start: "2026-11-24T18:30:00.000Z", end: "2026-11-24T19:30:00.000Z", revenue: 200_000, orders: 2 },
          { start: "2026-11-24T19:30:00.000Z", end: "2026-11-24T20:30:00.000Z", revenue: 0, orders: 0 },
        ],
      }),
      waitingToShip: { toPack: 3, readyForPickup: 1 },
      codToConfirm: 2,
      codOutstanding: { orders: 2, amount: 754_700 },
    },
    lowStock: {
      items: [
        {
          productId: 15,
          productName: "Nebula Cap",
          sku: "VK-CAP-1",
          color: "Ink",
          size: null,
          stock: 0,
          threshold: 5,
        },
        {
          productId: 12,
          productName: "Orbit Tee",
          sku: "VK-TEE-S",
          color: "Black",
          size: "S",
          stock: 2,
          threshold: 5,
        },
      ],
      more: false,
    },
  };
}

function dashboardApi(role: StaffRole, shape: (answer: DashboardAnswer) => DashboardAnswer = (a) => a) {
  return fakeApi((call) => {
    if (call.path === "/auth/me") return ok({ staff: staffMember(role), csrfToken: "csrf-token-1234" });
    if (call.path === "/dashboard") {
      const period = (call.query.get("period") ?? "today") as DashboardAnswer["period"];
      return ok(shape(answer(period, period === "today" ? 369_700 : 1_000_000)));
    }
    return undefined;
  });
}

describe("the dashboard", () => {
  it("shows the period's figures against the period before, with links to the inbox's tabs", async () => {
    const api = dashboardApi("owner");
    renderAdmin("/");

    const revenue = await screen.findByRole("group", { name: "Revenue" });
    expect(within(revenue).getByText("₹3,697.00")).toBeInTheDocument();
    // 3,697 against 2,000 before: up 85%.
    expect(within(revenue).getByText("↑ 85%")).toBeInTheDocument();
    expect(within(revenue).getByText("Up 85% on yesterday up to this time")).toBeInTheDocument();
    const orders = screen.getByRole("group", { name: "Orders" });
    expect(within(orders).getByText("No change")).toBeInTheDocument();
    const units = screen.getByRole("group", { name: "Units sold" });
    expect(within(units).getByText("↓ 25%")).toBeInTheDocument();

    const waiting = screen.getByRole("group", { name: "Waiting to ship" });
    expect(within(waiting).getByText("4")).toBeInTheDocument();
    expect(within(waiting).getByRole("link", { name: "3 to pack" })).toHaveAttribute("href", "/orders?tab=to_pack");
    expect(within(waiting).getByRole("link", { name: "1 ready for pickup" })).toHaveAttribute(
      "href",
      "/orders?tab=ready_for_pickup",
    );
    const cod = screen.getByRole("group", { name: "COD to confirm" });
    expect(within(cod).getByRole("link", { name: "Open COD to confirm" })).toHaveAttribute(
      "href",
      "/orders?tab=cod_to_confirm",
    );
    const outstanding = screen.getByRole("group", { name: "COD outstanding" });
    expect(within(outstanding).getByText("₹7,547.00")).toBeInTheDocument();
    expect(within(outstanding).getByText("2 confirmed orders, cash not collected yet")).toBeInTheDocument();
    expect(within(screen.getByRole("group", { name: "Returned to origin" })).getByText("25%")).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === "/dashboard")?.query.get("period")).toBe("today");
  });

  it("puts a table with each chart's numbers beside the chart, which screen readers skip", async () => {
    dashboardApi("owner");
    renderAdmin("/");

    const revenueTable = await screen.findByRole("table", { name: /Revenue by hour/ });
    const rows = within(revenueTable).getAllByRole("row");
    expect(rows).toHaveLength(3);
    expect(within(rows[1] as HTMLElement).getByRole("rowheader")).toHaveTextContent("00:00");
    expect(
      within(rows[1] as HTMLElement)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["₹2,549.00", "1", "₹2,000.00"]);
    const chart = await screen.findByTestId("revenue-chart");
    expect(chart.closest("[aria-hidden='true']")).not.toBeNull();

    const sizes = screen.getByRole("table", { name: /Units sold by size/ });
    expect(
      within(sizes)
        .getAllByRole("rowheader")
        .map((cell) => cell.textContent),
    ).toEqual(["M", "XL", "No size"]);
    expect((await screen.findByTestId("size-chart")).closest("[aria-hidden='true']")).not.toBeNull();

    const top = screen.getByRole("table", { name: "Top products by units sold" });
    expect(within(top).getByRole("link", { name: "Orbit Tee" })).toHaveAttribute("href", "/products/12");

    const low = screen.getByRole("table", { name: /low-stock threshold/ });
    expect(within(low).getByRole("link", { name: "Nebula Cap" })).toHaveAttribute("href", "/products/15");
    expect(within(low).getByText("Sold out")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "All low stock" })).toHaveAttribute("href", "/products?stock=low");
  });

  it("switches the period and keeps it in the URL", async () => {
    const api = dashboardApi("owner");
    const user = userEvent.setup();
    const { router } = renderAdmin("/");
    await screen.findByRole("group", { name: "Revenue" });
    const switcher = screen.getByRole("group", { name: "Period" });
    expect(within(switcher).getByRole("button", { name: "Today" })).toHaveAttribute("aria-pressed", "true");

    await user.click(within(switcher).getByRole("button", { name: "7 days" }));
    expect(router.state.location.search).toBe("?period=7d");
    await waitFor(() =>
      expect(within(switcher).getByRole("button", { name: "7 days" })).toHaveAttribute("aria-pressed", "true"),
    );
    const revenue = screen.getByRole("group", { name: "Revenue" });
    expect(await within(revenue).findByText("₹10,000.00")).toBeInTheDocument();
    expect(within(revenue).getByText("Up 400% on the 7 days before")).toBeInTheDocument();
    expect(await screen.findByRole("table", { name: /Revenue by day/ })).toBeInTheDocument();
    expect(api.calls.filter((call) => call.path === "/dashboard").map((call) => call.query.get("period"))).toEqual([
      "today",
      "7d",
    ]);
  });

  it("opens on the period the URL names", async () => {
    const api = dashboardApi("owner");
    renderAdmin("/?period=30d");
    expect(await screen.findByRole("heading", { level: 1, name: "Dashboard" })).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "30 days" })).toHaveAttribute("aria-pressed", "true");
    await screen.findByRole("group", { name: "Revenue" });
    expect(api.calls.find((call) => call.path === "/dashboard")?.query.get("period")).toBe("30d");
  });

  it("shows a role only the sections the server answered", async () => {
    dashboardApi("catalogue", (full) => ({ ...full, sales: null }));
    renderAdmin("/");
    expect(await screen.findByRole("heading", { level: 2, name: "Low stock" })).toBeInTheDocument();
    expect(screen.queryByRole("group", { name: "Revenue" })).not.toBeInTheDocument();
    expect(screen.queryByRole("table", { name: /Revenue by/ })).not.toBeInTheDocument();
  });
});
