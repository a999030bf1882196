/**
 * Admin order inbox benchmark (decision 0022): seeds BENCH_ORDERS synthetic orders (default
 * 100,000) into a fresh SQLite data dir, or into the empty PostgreSQL database DATABASE_URL,
 * signs a staff owner in, starts the built server and drives the inbox's reads with autocannon.
 * Prints requests/s, p50 and p99 per case; exit code 1 when a case's p99 is 50 ms or more.
 *
 *   npm run bench:admin                                  (from the repository root; builds the server)
 *   BENCH_ORDERS=20000 BENCH_SECONDS=2 npm run bench:admin
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/vaki_bench npm run bench:admin
 *   BENCH_REUSE=1 DATABASE_URL=… npm run bench:admin    (PostgreSQL: keeps the orders an earlier run
 *                                                        seeded, if it seeded BENCH_ORDERS of them)
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { openDatabase } from "../src/db/connection.js";
import { migrateToLatest } from "../src/db/migrate.js";
import { type BenchServer, type CaseResult, checkP99, printResults, runCase, startBuiltServer } from "./bench-kit.js";
import { benchAwbOf, benchEmailOf, benchPhoneOf, firstOrderNumber, seedOrders } from "./seed-orders.js";
import { benchOwnerEmail, signInBenchOwner } from "./staff-session.js";

const orderCount = Number(process.env.BENCH_ORDERS ?? 100_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const port = Number(process.env.BENCH_PORT ?? 3901);
const databaseUrl = process.env.DATABASE_URL;
// A PostgreSQL database outlives the run: seeding 100,000 orders again each time takes minutes.
const reuse = process.env.BENCH_REUSE === "1" && databaseUrl !== undefined;
const budgetMs = 50;

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "vaki-bench-admin-"));
  const database = databaseUrl
    ? ({ kind: "postgres", url: databaseUrl } as const)
    : ({ kind: "sqlite", file: path.join(dataDir, "shop.db") } as const);
  let server: BenchServer | undefined;
  const stopAll = () => {
    server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.on("exit", stopAll);

  // Seed before the server starts: migrations, orders, and a signed-in owner (staff-session.ts).
  const handle = openDatabase(database);
  await migrateToLatest(handle.db, handle.dialect);
  const existing = await handle.db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirst();
  const present = Number(existing?.n ?? 0);
  if (reuse && present === orderCount) {
    console.log(`reusing the ${present} orders seeded before (BENCH_REUSE=1)`);
    // The earlier run's owner goes: its session rows, then the account (its e-mail is unique).
    const earlier = handle.db.selectFrom("staff_users").select("id").where("email", "=", benchOwnerEmail);
    await handle.db.deleteFrom("staff_sessions").where("staff_id", "in", earlier).execute();
    await handle.db.deleteFrom("staff_users").where("email", "=", benchOwnerEmail).execute();
  } else {
    if (present > 0) {
      throw new Error(
        `the bench needs an empty database (it seeds its own orders), or BENCH_REUSE=1 with ${orderCount} orders seeded`,
      );
    }
    console.log(`seeding ${orderCount} orders (${handle.dialect})...`);
    const seeded = await seedOrders(handle.db, { orders: orderCount });
    console.log(`seeded in ${(seeded.ms / 1000).toFixed(1)} s`);
    // PostgreSQL's autovacuum would have vacuumed and analysed tables this size by the time a shop
    // has them (the visibility map lets counts read indexes alone).
    if (handle.dialect === "postgres") await sql`vacuum analyze`.execute(handle.db);
  }

  const now = new Date();
  const owner = await signInBenchOwner(handle.db, now);
  await handle.close();

  server = await startBuiltServer({ port, dataDir });
  const { base } = server;
  const headers = owner.readHeaders;
  const getJson = async (url: string) => {
    const response = await fetch(`${base}${url}`, { headers });
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    return (await response.json()) as { data: { items: unknown[]; nextCursor: string | null } };
  };

  // Later keyset pages of the default list: the cursors of pages 5, 10, 20 and 40.
  const laterPages: string[] = [];
  let cursor: string | null = null;
  for (let page = 1; page <= 40 && (page === 1 || cursor); page++) {
    const url: string = `/api/admin/orders${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`;
    if ([5, 10, 20, 40].includes(page)) laterPages.push(url);
    cursor = (await getJson(url)).data.nextCursor;
  }

  // Searches spread over the whole year (old and new orders), each a different order.
  const sample = Array.from({ length: 40 }, (_, k) => Math.floor(((k + 0.5) / 40) * orderCount));
  const q = (values: string[]) => values.map((value) => `/api/admin/orders?q=${encodeURIComponent(value)}`);
  const day = (daysAgo: number) => new Date(now.getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const filtered = [
    `/api/admin/orders?paymentMethod=CASH_ON_DELIVERY&from=${day(90)}&to=${day(30)}&minTotal=100000&maxTotal=200000`,
    `/api/admin/orders?paymentMethod=PREPAID&from=${day(200)}&to=${day(150)}&minTotal=150000`,
  ];
  const tabs = [
    "cod_to_confirm",
    "to_pack",
    "ready_for_pickup",
    "in_transit",
    "delivery_failed",
    "returned_to_origin",
    "cancelled",
  ];
  // An order number with a shipment of a shipped order (every order has contacts; AWBs only once shipped).
  const withAwb = await Promise.all(
    sample.map(async (i) => {
      const found = await getJson(`/api/admin/orders?q=${benchAwbOf(i)}`);
      return found.data.items.length > 0 ? benchAwbOf(i) : null;
    }),
  );
  const awbs = withAwb.filter((awb): awb is string => awb !== null);

  const cases: [string, string[]][] = [
    ["default tab (all), first page", ["/api/admin/orders"]],
    ...tabs.map((tab): [string, string[]] => [`tab ${tab}, first page`, [`/api/admin/orders?tab=${tab}`]]),
    ["all, later keyset pages (5, 10, 20, 40)", laterPages],
    ["counts (no filter)", ["/api/admin/orders/counts"]],
    ["search by order number", q(sample.map((i) => `VK-${firstOrderNumber + i}`))],
    ["search by e-mail", q(sample.map(benchEmailOf))],
    ["search by phone", q(sample.map((i) => benchPhoneOf(i).slice(3)))],
    [`search by AWB (${awbs.length})`, q(awbs)],
    // Delivery names as people type them: a first name, a surname, both, a prefix (1,000+ matches each).
    ["search by name", q(["Kavya Menon", "iyer", "ishaan", "saan patel", "Rohan", "meera nair"])],
    ["filtered: payment method + dates + amount", filtered],
  ];
  const only = process.env.BENCH_CASES ? new RegExp(process.env.BENCH_CASES) : null;

  console.log(`\nautocannon: ${connections} connections, ${seconds} s per case, ${orderCount} orders`);
  const results: CaseResult[] = [];
  for (const [name, paths] of cases) {
    if (only && !only.test(name)) continue;
    results.push(await runCase(name, { base, paths, connections, seconds, headers }));
  }
  printResults(results);
  const pass = checkP99(results, budgetMs);
  console.log(pass ? `PASS  every case p99 < ${budgetMs} ms, no errors` : "FAIL");
  stopAll();
  process.exit(pass ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
