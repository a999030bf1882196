/**
 * Catalogue benchmark: starts the built server (apps/server/dist) on a temporary SQLite
 * database with SEED_SCALE products, drives it with autocannon on 127.0.0.1 and prints
 * requests/s, p50 and p99 per case, then checks the budgets. Exit code 1 if a budget fails.
 *
 *   npm run bench                      (from the repository root; builds the server first)
 *   BENCH_SECONDS=5 SEED_SCALE=2000 npm run bench
 *   npm run bench:scale                (`--scale`: 100,000 products, the search case alone, with
 *                                       budgets on readiness and the server's memory; decision 0024)
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { serverNodeArgs } from "./bench-kit.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** The catalogue at scale: seeded at 100,000 products, measured on search, readiness and memory. */
const scaleRun = process.argv.includes("--scale");
const seedScale = Number(process.env.SEED_SCALE ?? (scaleRun ? 100_000 : 10_000));
const port = Number(process.env.BENCH_PORT ?? 3900);

interface CaseResult {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

function startProcess(command: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"] });
  child.on("exit", (code, signal) => {
    if (code !== 0 && signal !== "SIGTERM" && !stopping) {
      console.error(`${command} ${args.join(" ")} exited with ${code ?? signal}`);
      process.exit(1);
    }
  });
  return child;
}

let stopping = false;

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`timed out waiting for ${url}`);
}

/** What a browser sends: catalogue cases are measured with the compressed answers browsers get. */
const browserHeaders = { "accept-encoding": "gzip, deflate, br, zstd" };

async function run(name: string, base: string, paths: string[]): Promise<CaseResult> {
  let next = 0;
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    headers: browserHeaders,
    requests: [
      {
        method: "GET",
        setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] ?? "/" }),
      },
    ],
  });
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** Words shoppers type, typos included: the search case cycles through them, two pages each. */
const searchWords = [
  "hoodie",
  "hodie",
  "oversized",
  "ovrsized",
  "over",
  "tee",
  "joggers",
  "jogers",
  "cap",
  "black",
  "blak",
  "sweatshirt",
  "swetshirt",
  "tote",
  "socks",
  "lime",
  "moon",
  "vakiverse",
  "shorts",
  "grey",
];

function searchPathsOf(words: readonly string[]): string[] {
  return words.flatMap((word) => [1, 2].map((page) => `/api/products/search?keyword=${word}&page=${page}&limit=10`));
}

/**
 * The catalogue at 100,000 products (decision 0024): how soon the server serves a search, then
 * the search case with the server's resident memory sampled throughout. Budgets: search p99 under
 * 20 ms, peak resident memory under 800 MB, ready (health, and the first search) under 30 s.
 */
async function scaleCases(
  base: string,
  pid: number | undefined,
  started: number,
  readySeconds: number,
): Promise<boolean> {
  const searchPaths = searchPathsOf(searchWords);
  await fetch(`${base}${searchPaths[0]}`);
  const searchReadySeconds = (Date.now() - started) / 1000;
  console.log(`first search answered ${searchReadySeconds.toFixed(1)} s after start (the index built)`);
  const idle = memoryOf(pid);
  // Each word once before measuring: a shop that has been open has ranked its common words.
  for (const searchPath of searchPaths) await fetch(`${base}${searchPath}`);
  const { result, peakMb } = await peakRssWhile(pid, () =>
    run(`GET /api/products/search (${searchPaths.length} queries, ${seedScale} products)`, base, searchPaths),
  );
  const after = memoryOf(pid);
  console.log("");
  console.table([
    {
      case: result.name,
      "req/s": result.requestsPerSecond,
      "p50 ms": result.p50,
      "p99 ms": result.p99,
      errors: result.errors,
      non2xx: result.non2xx,
    },
  ]);
  console.log(
    `server memory: idle ${idle.rss.toFixed(0)} MB, peak under search ${peakMb.toFixed(0)} MB, highest since start (VmHWM) ${after.peak.toFixed(0)} MB`,
  );
  const budgets = [
    { name: `search p99 = ${result.p99} ms (budget < 20 ms)`, pass: result.p99 < 20 },
    { name: `peak memory under search = ${peakMb.toFixed(0)} MB (budget < 800 MB)`, pass: peakMb < 800 },
    { name: `ready = ${readySeconds.toFixed(1)} s (budget < 30 s)`, pass: readySeconds < 30 },
    { name: `first search = ${searchReadySeconds.toFixed(1)} s (budget < 30 s)`, pass: searchReadySeconds < 30 },
    { name: `errors = ${result.errors + result.non2xx} (budget 0)`, pass: result.errors + result.non2xx === 0 },
  ];
  for (const budget of budgets) console.log(`${budget.pass ? "PASS" : "FAIL"}  ${budget.name}`);
  return budgets.every((budget) => budget.pass);
}

/** A process's resident memory now and at its peak (MB), from /proc (Linux). */
function memoryOf(pid: number | undefined): { rss: number; peak: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
    return { rss: field("VmRSS"), peak: field("VmHWM") };
  } catch {
    return { rss: 0, peak: 0 };
  }
}

/** Samples a process's resident memory while `during` runs; answers its highest sample (MB). */
async function peakRssWhile<T>(
  pid: number | undefined,
  during: () => Promise<T>,
): Promise<{ result: T; peakMb: number }> {
  let peakMb = memoryOf(pid).rss;
  const sampler = setInterval(() => {
    peakMb = Math.max(peakMb, memoryOf(pid).rss);
  }, 100);
  try {
    const result = await during();
    return { result, peakMb: Math.max(peakMb, memoryOf(pid).rss) };
  } finally {
    clearInterval(sampler);
  }
}

/** A variant a shopper can buy: stock of at least `minimumStock` so the run does not sell it out. */
interface Buyable {
  productId: number;
  variantId: number;
}

/**
 * Cart and checkout cases: each connection is one shopper with its own guest session id (a new
 * one every time its request sequence restarts), adding variants spread over many products.
 */
async function runShopper(name: string, base: string, buyable: Buyable[], steps: ("add" | "order")[]) {
  let next = 0;
  const json = { "content-type": "application/json" };
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    requests: steps.map((step, index) => ({
      method: "POST" as const,
      setupRequest: (request: autocannon.Request, context: object) => {
        const shopper = context as { guestSessionId?: string };
        if (index === 0) shopper.guestSessionId = randomUUID();
        const guestSessionId = shopper.guestSessionId;
        if (step === "order") {
          return { ...request, path: "/api/orders/create", headers: json, body: JSON.stringify({ guestSessionId }) };
        }
        const item = buyable[next++ % buyable.length]!;
        return {
          ...request,
          path: "/api/cart/item/add",
          headers: json,
          body: JSON.stringify({ ...item, guestSessionId }),
        };
      },
    })),
  });
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "vaki-bench-"));
  const serverEntry = path.resolve(here, "../dist/main.js");
  const base = `http://127.0.0.1:${port}`;
  const children: ChildProcess[] = [];
  const floorDir = mkdtempSync(path.join(os.tmpdir(), "vaki-floor-"));
  const stopAll = () => {
    stopping = true;
    for (const child of children) child.kill("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(floorDir, { recursive: true, force: true });
  };
  process.on("exit", stopAll);

  console.log(`seeding ${seedScale} products and starting the built server...`);
  const started = Date.now();
  const server = startProcess("node", [...serverNodeArgs, serverEntry], {
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    SEED_SCALE: String(seedScale),
    // Every bench connection comes from this machine: the write cases would hit the per-address hold limit.
    RATE_LIMIT_EXEMPT_ADDRESSES: "127.0.0.1,::1",
    LOG_LEVEL: "warn",
    NODE_ENV: "production",
    // The built storefront, for case 6 (a product page drawn on the server).
    WEB_DIST_DIR: path.resolve(here, "../../web/dist"),
  });
  children.push(server);
  await waitFor(`${base}/api/health`, 180_000);
  const readySeconds = (Date.now() - started) / 1000;
  console.log(`server ready in ${readySeconds.toFixed(1)} s`);

  if (scaleRun) {
    const passed = await scaleCases(base, server.pid, started, readySeconds);
    stopAll();
    process.exit(passed ? 0 : 1);
  }

  const listPath = "/api/products?page=1&limit=20";
  const listBody = await (await fetch(`${base}${listPath}`)).text();
  const productIds: number[] = [];
  for (let page = 1; page <= 20; page++) {
    const answer = (await (await fetch(`${base}/api/products?page=${page}&limit=100&sort=popular`)).json()) as {
      data: { content: { id: number }[] };
    };
    productIds.push(...answer.data.content.map((product) => product.id));
  }

  // The floor serves this very answer, compressed the same way, so case 2 / floor compares like with like.
  const floorBody = path.join(floorDir, "list.json");
  writeFileSync(floorBody, listBody);
  const floor = startProcess("node", [path.join(here, "floor-server.mjs"), floorBody], {});
  children.push(floor);
  const floorPort = await new Promise<number>((resolve) => {
    floor.stdout?.once("data", (chunk: Buffer) => resolve(JSON.parse(chunk.toString()).port));
  });

  const searchPaths = searchPathsOf(searchWords);

  const results: CaseResult[] = [];
  console.log(
    `\nautocannon: ${connections} connections, ${seconds} s per case, body of case 2: ${listBody.length} bytes`,
  );
  results.push(
    await run("1. floor: bare Fastify, the same answer and compressed bytes", `http://127.0.0.1:${floorPort}`, [
      "/floor",
    ]),
  );
  results.push(await run("2. GET /api/products?page=1&limit=20", base, [listPath]));
  results.push(
    await run(
      `3. GET /api/products/fetch/{id} (${productIds.length} ids)`,
      base,
      productIds.map((id) => `/api/products/fetch/${id}`),
    ),
  );
  results.push(await run(`4. GET /api/products/search (${searchPaths.length} queries)`, base, searchPaths));
  results.push(await run("5. GET /api/categories", base, ["/api/categories"]));
  // A product page's HTML, drawn on the server and kept compressed (decision 0020): what a
  // browser opening a shared link gets, measured like case 2 against the floor.
  const productPage = `/product/${productIds[0]}`;
  const productPageHtml = await (await fetch(`${base}${productPage}`)).text();
  if (!productPageHtml.includes("data-server-rendered"))
    throw new Error(`${productPage} is not drawn on the server: run npm run build first`);
  results.push(await run(`6. GET ${productPage} (the page's HTML, drawn)`, base, [productPage]));

  // Cases 7-8 write: carts of 5 lines per guest session; orders of one line each, which hold
  // stock. Only variants with at least 5 in stock are used, cycled over ~2,000 products, so a
  // normal run never sells one out (a 409 here counts as a failure, like any non-2xx).
  const buyable: Buyable[] = [];
  for (let page = 1; page <= 20; page++) {
    const answer = (await (await fetch(`${base}/api/products?page=${page}&limit=100&sort=popular`)).json()) as {
      data: { content: { id: number; variants: { id: number; inventoryQuantity: number }[] }[] };
    };
    for (const product of answer.data.content) {
      for (const variant of product.variants) {
        if (variant.inventoryQuantity >= 5) buyable.push({ productId: product.id, variantId: variant.id });
      }
    }
  }
  results.push(await runShopper("7. POST /api/cart/item/add", base, buyable, ["add", "add", "add", "add", "add"]));
  results.push(await runShopper("8. POST /api/orders/create (after an add)", base, buyable, ["add", "order"]));

  console.log("");
  console.table(
    results.map((r) => ({
      case: r.name,
      "req/s": r.requestsPerSecond,
      "p50 ms": r.p50,
      "p99 ms": r.p99,
      errors: r.errors,
      non2xx: r.non2xx,
    })),
  );

  const [floorResult, listResult, , searchResult, , pageResult] = results;
  const ratio = (listResult?.requestsPerSecond ?? 0) / (floorResult?.requestsPerSecond ?? 1);
  const pageRatio = (pageResult?.requestsPerSecond ?? 0) / (floorResult?.requestsPerSecond ?? 1);
  const budgets = [
    { name: `case 2 / floor = ${(ratio * 100).toFixed(1)}% (budget >= 80%)`, pass: ratio >= 0.8 },
    { name: `case 6 / floor = ${(pageRatio * 100).toFixed(1)}% (budget >= 50%)`, pass: pageRatio >= 0.5 },
    { name: `search p99 = ${searchResult?.p99} ms (budget < 20 ms)`, pass: (searchResult?.p99 ?? Infinity) < 20 },
    {
      name: `errors = ${results.reduce((n, r) => n + r.errors + r.non2xx, 0)} (budget 0)`,
      pass: results.every((r) => r.errors === 0 && r.non2xx === 0),
    },
  ];
  for (const budget of budgets) console.log(`${budget.pass ? "PASS" : "FAIL"}  ${budget.name}`);
  stopAll();
  process.exit(budgets.every((budget) => budget.pass) ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
