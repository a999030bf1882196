import { randomUUID } from "node:crypto";
import type { DashboardAnswer, DashboardPeriod, PeriodFigures } from "@vaki/contract/admin/dashboard";
import type { OrderStatus, PaymentStatus } from "@vaki/contract/orders";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { insertProduct } from "../../../test/helpers/catalog.js";
import { testEngine } from "../../../test/helpers/database.js";
import { addStaff, asStaff, type StaffSession, setUpOwner } from "../../../test/helpers/staff.js";
import { ManualClock } from "../../lib/clock.js";
import { dashboardWindows, indiaMidnight } from "./dashboard.js";

/** Now: 26 Nov 2026, 15:30 in India. India's midnight was 2026-11-25T18:30Z. */
const NOW = new Date("2026-11-26T10:00:00.000Z");
const INDIA_MIDNIGHT = "2026-11-25T18:30:00.000Z";
const at = (iso: string) => new Date(iso).toISOString();
const daysAgo = (days: number, time = "06:00:00.000Z") =>
  `${new Date(NOW.getTime() - days * 86_400_000).toISOString().slice(0, 10)}T${time}`;

interface Line {
  product: "tee" | "hoodie" | "cap";
  size: string | null;
  quantity: number;
  unitPrice: number;
  discount?: number;
}

interface SeededOrder {
  key: string;
  placedAt: string;
  status: OrderStatus;
  payment: PaymentStatus;
  lines: Line[];
  shipping?: number;
  codState?: "to_confirm" | "confirmed";
  courierCode?: number;
  shippedAt?: string;
  packedAt?: string;
  refunds?: { at: string; amount: number; status?: "processing" | "completed" | "failed" }[];
  /** The test's own word on whether it is a sale (the rule in words: contract/admin/dashboard.ts). */
  sale: boolean;
  /** Shipped, and its parcel is coming back. */
  returned?: boolean;
}

const orders: SeededOrder[] = [
  // Today.
  {
    key: "today-paid",
    placedAt: at("2026-11-26T09:00:00.000Z"),
    status: "CONFIRMED",
    payment: "SUCCESS",
    lines: [{ product: "tee", size: "M", quantity: 2, unitPrice: 79_900 }],
    sale: true,
  },
  {
    key: "today-cod-at-midnight",
    placedAt: INDIA_MIDNIGHT,
    status: "CONFIRMED",
    payment: "COD_PENDING",
    codState: "confirmed",
    lines: [{ product: "hoodie", size: "XL", quantity: 1, unitPrice: 249_900 }],
    shipping: 5_000,
    sale: true,
  },
  {
    key: "today-cancelled",
    placedAt: at("2026-11-26T03:00:00.000Z"),
    status: "CANCELLED",
    payment: "REFUNDED",
    lines: [{ product: "tee", size: "L", quantity: 1, unitPrice: 79_900 }],
    sale: false,
  },
  {
    key: "today-cod-to-confirm",
    placedAt: at("2026-11-26T04:00:00.000Z"),
    status: "CREATED",
    payment: "COD_PENDING",
    codState: "to_confirm",
    lines: [{ product: "cap", size: null, quantity: 1, unitPrice: 49_900 }],
    sale: false,
  },
  {
    key: "today-unpaid",
    placedAt: at("2026-11-26T05:00:00.000Z"),
    status: "CREATED",
    payment: "PENDING",
    lines: [{ product: "hoodie", size: "M", quantity: 1, unitPrice: 249_900 }],
    sale: false,
  },
  // One millisecond before India's midnight: yesterday (the 7 days, not today).
  {
    key: "before-midnight",
    placedAt: at("2026-11-25T18:29:59.999Z"),
    status: "DELIVERED",
    payment: "SUCCESS",
    lines: [{ product: "tee", size: "S", quantity: 1, unitPrice: 79_900 }],
    shippedAt: at("2026-11-25T18:40:00.000Z"),
    sale: true,
  },
  // Yesterday morning, before this time of day: today's comparison.
  {
    key: "yesterday-shipped",
    placedAt: at("2026-11-25T05:00:00.000Z"),
    status: "SHIPPED",
    payment: "SUCCESS",
    courierCode: 20,
    shippedAt: at("2026-11-25T08:00:00.000Z"),
    lines: [
      { product: "hoodie", size: "M", quantity: 1, unitPrice: 249_900 },
      { product: "cap", size: null, quantity: 2, unitPrice: 49_900 },
    ],
    sale: true,
  },
  // Yesterday after this time of day: in neither today nor its comparison.
  {
    key: "yesterday-evening",
    placedAt: at("2026-11-25T12:00:00.000Z"),
    status: "CONFIRMED",
    payment: "COMPLETED",
    lines: [{ product: "cap", size: null, quantity: 1, unitPrice: 49_900 }],
    sale: true,
  },
  // Three days ago, partly refunded today (and a failed refund that does not count).
  {
    key: "refunded-partly",
    placedAt: daysAgo(3),
    status: "DELIVERED",
    payment: "PARTIALLY_REFUNDED",
    shippedAt: daysAgo(2),
    lines: [{ product: "tee", size: "L", quantity: 3, unitPrice: 79_900, discount: 23_970 }],
    refunds: [
      { at: at("2026-11-26T08:00:00.000Z"), amount: 30_000 },
      { at: at("2026-11-26T08:30:00.000Z"), amount: 5_000, status: "failed" },
    ],
    sale: true,
  },
  // Packed two days ago, waiting for pickup.
  {
    key: "ready",
    placedAt: daysAgo(2),
    status: "PROCESSING",
    payment: "SUCCESS",
    packedAt: daysAgo(1),
    lines: [{ product: "tee", size: "XS", quantity: 1, unitPrice: 79_900 }],
    sale: true,
  },
  // Five days ago, COD in transit: cash outstanding.
  {
    key: "cod-in-transit",
    placedAt: daysAgo(5),
    status: "SHIPPED",
    payment: "COD_PENDING",
    codState: "confirmed",
    courierCode: 18,
    shippedAt: daysAgo(4),
    lines: [{ product: "hoodie", size: "XL", quantity: 2, unitPrice: 249_900 }],
    sale: true,
  },
  // Ten days ago (the 7 days' comparison): a prepaid parcel and a COD one returned to origin.
  {
    key: "prepaid-rto",
    placedAt: daysAgo(10),
    status: "SHIPPED",
    payment: "SUCCESS",
    courierCode: 15,
    shippedAt: daysAgo(9),
    lines: [{ product: "tee", size: "M", quantity: 1, unitPrice: 79_900 }],
    sale: true,
    returned: true,
  },
  {
    key: "cod-rto",
    placedAt: daysAgo(10, "07:00:00.000Z"),
    status: "SHIPPED",
    payment: "COD_PENDING",
    codState: "confirmed",
    courierCode: 87,
    shippedAt: daysAgo(9, "07:00:00.000Z"),
    lines: [{ product: "hoodie", size: "L", quantity: 1, unitPrice: 249_900 }],
    sale: false,
    returned: true,
  },
  {
    key: "delivered-week-before",
    placedAt: daysAgo(12),
    status: "DELIVERED",
    payment: "COD_COMPLETED",
    codState: "confirmed",
    shippedAt: daysAgo(11),
    lines: [{ product: "tee", size: "XXL", quantity: 4, unitPrice: 79_900 }],
    sale: true,
  },
  // Twenty days ago: the 30 days.
  {
    key: "twenty-days",
    placedAt: daysAgo(20),
    status: "DELIVERED",
    payment: "SUCCESS",
    shippedAt: daysAgo(19),
    lines: [
      { product: "cap", size: null, quantity: 5, unitPrice: 49_900 },
      { product: "tee", size: "S", quantity: 2, unitPrice: 79_900 },
    ],
    sale: true,
  },
  // Forty days ago: the 30 days' comparison, refunded in full five days later.
  {
    key: "forty-days",
    placedAt: daysAgo(40),
    status: "DELIVERED",
    payment: "REFUNDED",
    shippedAt: daysAgo(39),
    lines: [{ product: "hoodie", size: "M", quantity: 1, unitPrice: 249_900 }],
    refunds: [{ at: daysAgo(35), amount: 249_900, status: "completed" }],
    sale: true,
  },
  // Long ago, but refunded today: the refund lowers today's revenue.
  {
    key: "long-ago",
    placedAt: daysAgo(80),
    status: "DELIVERED",
    payment: "PARTIALLY_REFUNDED",
    shippedAt: daysAgo(79),
    lines: [{ product: "cap", size: null, quantity: 1, unitPrice: 49_900 }],
    refunds: [{ at: at("2026-11-26T07:15:00.000Z"), amount: 10_000, status: "completed" }],
    sale: true,
  },
];

const totalOf = (order: SeededOrder) =>
  order.lines.reduce((sum, line) => sum + line.unitPrice * line.quantity - (line.discount ?? 0), 0) +
  (order.shipping ?? 0);

/** The figures worked out from the seeded list alone, the plain way. */
function expected(range: { from: string; to: string }) {
  const inRange = (iso: string | undefined) => iso !== undefined && iso >= range.from && iso < range.to;
  const sales = orders.filter((order) => order.sale && inRange(order.placedAt));
  const grossSales = sales.reduce((sum, order) => sum + totalOf(order), 0);
  const refunds = orders
    .filter((order) => order.sale)
    .flatMap((order) => order.refunds ?? [])
    .filter((refund) => refund.status !== "failed" && inRange(refund.at))
    .reduce((sum, refund) => sum + refund.amount, 0);
  const units = new Map<string | null, number>();
  const products = new Map<string, { units: number; revenue: number }>();
  for (const line of sales.flatMap((order) => order.lines)) {
    units.set(line.size, (units.get(line.size) ?? 0) + line.quantity);
    const product = products.get(line.product) ?? { units: 0, revenue: 0 };
    product.units += line.quantity;
    product.revenue += line.unitPrice * line.quantity - (line.discount ?? 0);
    products.set(line.product, product);
  }
  const shipped = orders.filter((order) => inRange(order.shippedAt));
  return {
    grossSales,
    refunds,
    revenue: grossSales - refunds,
    orders: sales.length,
    averageOrderValue: sales.length === 0 ? 0 : Math.floor(grossSales / sales.length),
    units,
    products,
    returnedToOrigin: { shipped: shipped.length, returned: shipped.filter((order) => order.returned).length },
  };
}

describe(`the owner's dashboard: every figure adds up to its orders (${testEngine})`, () => {
  let shop: TestShop;
  const clock = new ManualClock(new Date(NOW.getTime() - 10 * 60_000));
  let owner: StaffSession;
  let support: StaffSession;
  let catalogue: StaffSession;
  const productIds: Record<Line["product"], number> = { tee: 0, hoodie: 0, cap: 0 };
  const productNames: Record<Line["product"], string> = {
    tee: "Orbit Tee",
    hoodie: "Comet Hoodie",
    cap: "Nebula Cap",
  };

  beforeAll(async () => {
    shop = await createTestShop(
      { HOLD_SWEEP_INTERVAL_MS: "0", OUTBOX_INTERVAL_MS: "0", SEED_ON_START: "false" },
      { clock },
    );
    owner = await setUpOwner(shop.app, clock);
    support = await addStaff(shop.app, clock, "support");
    catalogue = await addStaff(shop.app, clock, "catalogue");
    clock.set(NOW);
    const db = shop.database.db;
    const tee = await insertProduct(db, {
      name: productNames.tee,
      price: 79_900,
      // S at 2 (under the threshold of 5), the rest plenty.
      variants: ["XS", "S", "M", "L", "XL", "XXL"].map((size) => ({
        size,
        color: "Black",
        stock: size === "S" ? 2 : 40,
      })),
    });
    const hoodie = await insertProduct(db, {
      name: productNames.hoodie,
      price: 249_900,
      variants: ["M", "L", "XL"].map((size) => ({ size, color: "Grey", stock: 30 })),
    });
    const cap = await insertProduct(db, { name: productNames.cap, price: 49_900, variants: [{ stock: 0 }] });
    productIds.tee = tee.id;
    productIds.hoodie = hoodie.id;
    productIds.cap = cap.id;
    const variantOf = (line: Line) => {
      const product = { tee, hoodie, cap }[line.product];
      const sizes = { tee: ["XS", "S", "M", "L", "XL", "XXL"], hoodie: ["M", "L", "XL"], cap: [null] }[line.product];
      return product.variantIds[sizes.indexOf(line.size as never)] ?? 0;
    };

    for (const [index, order] of orders.entries()) {
      const id = randomUUID();
      const subtotal = order.lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
      const discount = order.lines.reduce((sum, line) => sum + (line.discount ?? 0), 0);
      const refunded = (order.refunds ?? [])
        .filter((refund) => refund.status !== "failed")
        .reduce((sum, refund) => sum + refund.amount, 0);
      await db
        .insertInto("orders")
        .values({
          id,
          order_number: `DASH-${1000 + index}`,
          user_id: null,
          guest_session_id: randomUUID(),
          cart_id: null,
          order_secret_hash: null,
          status: order.status,
          payment_status: order.payment,
          currency: "INR",
          subtotal,
          discount_amount: discount,
          tax_amount: 0,
          shipping_amount: order.shipping ?? 0,
          total: totalOf(order),
          promo_code: null,
          contact_email: `${order.key}@example.com`,
          contact_phone: null,
          shipping_method: null,
          shipping_address: null,
          billing_address: null,
          tracking_number: null,
          shiprocket_order_id: null,
          hold_expires_at: null,
          created_at: order.placedAt,
          updated_at: order.placedAt,
          confirmed_at: order.status === "CREATED" || order.status === "CANCELLED" ? null : order.placedAt,
          shipped_at: order.shippedAt ?? null,
          delivered_at: order.status === "DELIVERED" ? (order.shippedAt ?? null) : null,
          cancelled_at: order.status === "CANCELLED" ? order.placedAt : null,
          courier_status_code: order.courierCode ?? null,
          cod_state: order.codState ?? null,
          packed_at: order.packedAt ?? null,
          refunded_amount: refunded,
        })
        .execute();
      for (const line of order.lines) {
        await db
          .insertInto("order_items")
          .values({
            order_id: id,
            product_id: productIds[line.product],
            variant_id: variantOf(line),
            sku: `SKU-${line.product}-${line.size ?? "one"}`,
            product_name: productNames[line.product],
            image_url: null,
            size: line.size,
            color: null,
            unit_price: line.unitPrice,
            quantity: line.quantity,
            line_total: line.unitPrice * line.quantity,
            discount_amount: line.discount ?? 0,
          })
          .execute();
      }
      for (const refund of order.refunds ?? []) {
        await db
          .insertInto("order_refunds")
          .values({
            order_id: id,
            amount: refund.amount,
            reason: "Test refund",
            method: "gateway",
            reference: null,
            status: refund.status ?? "processing",
            staff_user_id: null,
            created_at: refund.at,
          })
          .execute();
      }
    }
  });
  afterAll(async () => shop.close());

  const dashboard = async (who: StaffSession, period: DashboardPeriod): Promise<DashboardAnswer> => {
    const response = await asStaff(shop.app, who, { method: "GET", url: `/api/admin/dashboard?period=${period}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };

  /** Every figure of one window against the seeded orders. */
  function checkWindow(figures: PeriodFigures) {
    const want = expected(figures);
    expect(figures).toMatchObject({
      grossSales: want.grossSales,
      refunds: want.refunds,
      revenue: want.revenue,
      orders: want.orders,
      averageOrderValue: want.averageOrderValue,
      returnedToOrigin: want.returnedToOrigin,
    });
    expect(new Map(figures.unitsBySize.map((row) => [row.size, row.units]))).toEqual(want.units);
    expect(figures.units).toBe([...want.units.values()].reduce((sum, units) => sum + units, 0));
    const top = [...want.products.entries()]
      .map(([product, totals]) => ({
        productId: productIds[product as Line["product"]],
        name: productNames[product as Line["product"]],
        ...totals,
      }))
      .sort((a, b) => b.units - a.units || b.revenue - a.revenue || a.productId - b.productId)
      .slice(0, 5);
    expect(figures.topProducts).toEqual(top);
    // The chart's bars cover the window without gaps and add up to its figures.
    expect(figures.series[0]?.start ?? figures.to).toBe(figures.from);
    expect(figures.series.at(-1)?.end ?? figures.from).toBe(figures.to);
    for (const [index, point] of figures.series.entries()) {
      if (index > 0) expect(point.start).toBe(figures.series[index - 1]?.end);
      const bar = expected({ from: point.start, to: point.end });
      expect(point).toMatchObject({ revenue: bar.revenue, orders: bar.orders });
    }
    expect(figures.series.reduce((sum, point) => sum + point.revenue, 0)).toBe(figures.revenue);
    expect(figures.series.reduce((sum, point) => sum + point.orders, 0)).toBe(figures.orders);
  }

  it.each(["today", "7d", "30d"] as const)("adds up for %s and the period before it", async (period) => {
    const answer = await dashboard(owner, period);
    const windows = dashboardWindows(period, NOW);
    expect(answer.period).toBe(period);
    expect(answer.bucket).toBe(period === "today" ? "hour" : "day");
    const sales = answer.sales;
    if (!sales) throw new Error("the owner reads orders");
    expect(sales.current).toMatchObject({ from: new Date(windows.current.from).toISOString(), to: NOW.toISOString() });
    expect(sales.previous.from).toBe(new Date(windows.previous.from).toISOString());
    checkWindow(sales.current);
    checkWindow(sales.previous);
  });

  it("starts today at India's midnight and compares it with yesterday up to this time", async () => {
    expect(new Date(indiaMidnight(NOW.getTime())).toISOString()).toBe(INDIA_MIDNIGHT);
    const sales = (await dashboard(owner, "today")).sales;
    if (!sales) throw new Error("the owner reads orders");
    // The paid order and the COD order placed at midnight exactly; the one a millisecond before is yesterday's.
    expect(sales.current).toMatchObject({
      from: INDIA_MIDNIGHT,
      to: NOW.toISOString(),
      orders: 2,
      grossSales: 159_800 + 254_900,
      refunds: 30_000 + 10_000,
      revenue: 159_800 + 254_900 - 40_000,
      averageOrderValue: Math.floor((159_800 + 254_900) / 2),
    });
    // 00:00 to 15:30 India: 16 hourly bars, the last one half an hour long.
    expect(sales.current.series).toHaveLength(16);
    expect(sales.current.series[0]).toMatchObject({ start: INDIA_MIDNIGHT, orders: 1, revenue: 254_900 });
    expect(sales.current.series[14]).toMatchObject({ start: "2026-11-26T08:30:00.000Z", orders: 1, revenue: 159_800 });
    // The refunds made at 12:45 and 13:30 India lower those hours.
    expect(sales.current.series[12]?.revenue).toBe(-10_000);
    expect(sales.current.series[13]?.revenue).toBe(-30_000);
    expect(sales.current.series.at(-1)).toEqual({
      start: "2026-11-26T09:30:00.000Z",
      end: NOW.toISOString(),
      revenue: 0,
      orders: 0,
    });
    expect(sales.previous).toMatchObject({
      from: "2026-11-24T18:30:00.000Z",
      to: "2026-11-25T10:00:00.000Z",
      orders: 1,
      grossSales: 249_900 + 99_800,
      revenue: 249_900 + 99_800,
      unitsBySize: [
        { size: "M", units: 1 },
        { size: null, units: 2 },
      ],
    });
    expect(sales.previous.returnedToOrigin).toEqual({ shipped: 1, returned: 0 });
  });

  it("lists sizes in size order and the week's returned-to-origin parcels", async () => {
    const sales = (await dashboard(owner, "30d")).sales;
    if (!sales) throw new Error("the owner reads orders");
    expect(sales.current.unitsBySize.map((row) => row.size)).toEqual(["XS", "S", "M", "L", "XL", "XXL", null]);
    const week = (await dashboard(owner, "7d")).sales;
    // Ten days ago, the prepaid parcel (a sale) and the COD one (never paid) came back: 2 of 3 shipped.
    expect(week?.previous.returnedToOrigin).toEqual({ shipped: 3, returned: 2 });
    expect(week?.current.returnedToOrigin).toEqual({ shipped: 4, returned: 0 });
  });

  it("counts what waits now as the inbox's tabs do", async () => {
    const sales = (await dashboard(support, "today")).sales;
    const counts = (await asStaff(shop.app, support, { method: "GET", url: "/api/admin/orders/counts" })).json().data;
    expect(sales?.waitingToShip).toEqual({ toPack: counts.to_pack, readyForPickup: counts.ready_for_pickup });
    expect(sales?.waitingToShip).toEqual({ toPack: 3, readyForPickup: 1 });
    expect(sales?.codToConfirm).toBe(counts.cod_to_confirm);
    expect(sales?.codToConfirm).toBe(1);
    // Confirmed COD not delivered and not coming back: today's (with its shipping) and the one in transit.
    expect(sales?.codOutstanding).toEqual({ orders: 2, amount: 254_900 + 2 * 249_900 });
  });

  it("shows each role the sections it may read: low stock with products:read, orders with orders:read", async () => {
    const forCatalogue = await dashboard(catalogue, "7d");
    expect(forCatalogue.sales).toBeNull();
    expect(forCatalogue.lowStock?.items.map((item) => [item.productName, item.size, item.stock])).toEqual([
      [productNames.cap, null, 0],
      [productNames.tee, "S", 2],
    ]);
    expect(forCatalogue.lowStock).toMatchObject({ more: false });
    expect(forCatalogue.lowStock?.items[1]).toMatchObject({ productId: productIds.tee, threshold: 5 });
    const forSupport = await dashboard(support, "7d");
    expect(forSupport.lowStock).toBeNull();
    expect(forSupport.sales).not.toBeNull();
    const forOwner = await dashboard(owner, "7d");
    expect(forOwner.sales).not.toBeNull();
    expect(forOwner.lowStock?.items).toHaveLength(2);
  });

  it("reads a handful of grouped statements, whatever the number of orders", async () => {
    const before = shop.database.statements.length;
    await dashboard(owner, "30d");
    const dashboardStatements = shop.database.statements
      .slice(before)
      .filter(
        (statement) => /order_items|order_refunds|"?variants"?/.test(statement) || /from "orders"/.test(statement),
      );
    // Sales by bucket, refunds by bucket, units by size, products, what waits now; the low-stock list.
    expect(dashboardStatements).toHaveLength(6);
    expect(shop.database.statements.length - before).toBeLessThanOrEqual(10);
  });

  it("refuses an unknown period with 400, and anyone signed out with 401", async () => {
    const bad = await asStaff(shop.app, owner, { method: "GET", url: "/api/admin/dashboard?period=year" });
    expect(bad.statusCode).toBe(400);
    expect((await shop.app.inject({ method: "GET", url: "/api/admin/dashboard" })).statusCode).toBe(401);
  });
});
