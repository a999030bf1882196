#!/usr/bin/env node
/**
 * The storefront speed gate (issue 14): Lighthouse with its default mobile emulation and
 * throttling against the built shop, the median of LIGHTHOUSE_RUNS runs (default 3) per page and
 * of LIGHTHOUSE_KEY_RUNS (default 5) for the home and product pages, the two most visited.
 * A page whose performance median is under budget is measured that many times again and judged on
 * the median of all its runs: one noisy set on a shared host does not decide (decision 0020).
 * Prints the four category scores and LCP, TBT and CLS per page; exits 1 below the budgets.
 *
 *   npm run lighthouse                          every main page
 *   LIGHTHOUSE_PAGES=home,product npm run lighthouse   some of them
 *   LIGHTHOUSE_PERFORMANCE=report npm run lighthouse   performance printed, not enforced
 *   LIGHTHOUSE_MIN_PERFORMANCE=90 npm run lighthouse   a lower performance budget (default 95)
 *   LIGHTHOUSE_CPU_SLOWDOWN=calibrated npm run lighthouse   the CPU slowdown fitted to this host's
 *     speed in each run, so every host emulates the same phone (what CI runs; see the README)
 *   LIGHTHOUSE_REPORTS=/tmp/lh npm run lighthouse   every run's full report and trace kept there as JSON
 *     (`node e2e/lighthouse/tasks.mjs /tmp/lh/product-1` lists that run's main-thread tasks)
 *
 * It starts `node apps/server/dist/main.js` on a throwaway data folder (build first: `npm run build`),
 * unless LIGHTHOUSE_URL points at a shop that is already running.
 */
import { spawn } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { cpuSlowdown, DEFAULT_CPU_SLOWDOWN, EMULATED_PHONE_INDEX } from "./cpu-slowdown.mjs";
import { cpuTimes, loadBetween, waitForQuietHost } from "./host-load.mjs";

const ROOT = path.resolve(fileURLToPath(new URL("../..", import.meta.url)));
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const KEY_RUNS = Number(process.env.LIGHTHOUSE_KEY_RUNS ?? 5);
const KEY_PAGES = new Set(["home", "product"]);
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3400);
/** "enforce" (the default): a performance score under budget fails the run; "report": it is printed only. */
const PERFORMANCE_MODE = process.env.LIGHTHOUSE_PERFORMANCE ?? "enforce";
if (!["enforce", "report"].includes(PERFORMANCE_MODE))
  throw new Error(`LIGHTHOUSE_PERFORMANCE is "enforce" or "report", not "${PERFORMANCE_MODE}"`);
const CPU_SLOWDOWN = process.env.LIGHTHOUSE_CPU_SLOWDOWN ?? String(DEFAULT_CPU_SLOWDOWN);
if (CPU_SLOWDOWN !== "calibrated" && !(Number(CPU_SLOWDOWN) >= 1))
  throw new Error(`LIGHTHOUSE_CPU_SLOWDOWN is a number ≥ 1 or "calibrated", not "${CPU_SLOWDOWN}"`);

/** Issue 26's bar; LIGHTHOUSE_MIN_PERFORMANCE lowers the performance one (CI's, on hosts that vary: see .ci/run). */
const MIN_PERFORMANCE = Number(process.env.LIGHTHOUSE_MIN_PERFORMANCE ?? 95);
if (!(MIN_PERFORMANCE >= 0 && MIN_PERFORMANCE <= 100))
  throw new Error(
    `LIGHTHOUSE_MIN_PERFORMANCE is a score from 0 to 100, not "${process.env.LIGHTHOUSE_MIN_PERFORMANCE}"`,
  );

export const BUDGETS = {
  performance: MIN_PERFORMANCE,
  accessibility: 100,
  "best-practices": 100,
  seo: 100,
  cls: 0.02,
};

/** Starts the built shop on a fresh data folder; answers its base URL and a stop function. */
async function startShop() {
  if (process.env.LIGHTHOUSE_URL)
    return { baseUrl: process.env.LIGHTHOUSE_URL.replace(/\/$/, ""), stop: async () => {} };
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "vaki-lighthouse-"));
  const baseUrl = `http://127.0.0.1:${PORT}`;
  const server = spawn(process.execPath, [path.join(ROOT, "apps/server/dist/main.js")], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      RATE_LIMIT_EXEMPT_ADDRESSES: "127.0.0.1,::1",
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error("the shop did not start within 60 s");
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return {
    baseUrl,
    stop: async () => {
      server.kill("SIGTERM");
      await new Promise((resolve) => server.once("exit", resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function api(baseUrl, pathname, init) {
  const response = await fetch(`${baseUrl}${pathname}`, {
    ...init,
    headers: { "content-type": "application/json", ...init?.headers },
  });
  const body = await response.json();
  if (!response.ok) throw new Error(`${pathname}: ${response.status} ${body.message}`);
  return body.data;
}

/** A guest's paid order through the sandbox gateway: answers its confirmation page's path. */
async function paidOrderPath(baseUrl) {
  const guestSessionId = crypto.randomUUID();
  const products = (await api(baseUrl, "/api/products?page=1&limit=20")).content;
  const product = products.find((p) => p.variants.some((v) => v.inStock && v.inventoryQuantity >= 2));
  const variant = product.variants.find((v) => v.inStock && v.inventoryQuantity >= 2);
  await api(baseUrl, "/api/cart/item/add", {
    method: "POST",
    body: JSON.stringify({ productId: product.id, variantId: variant.id, quantity: 1, guestSessionId }),
  });
  const order = await api(baseUrl, "/api/orders/create", { method: "POST", body: JSON.stringify({ guestSessionId }) });
  const { token } = await api(baseUrl, "/api/checkout/initiate", {
    method: "POST",
    body: JSON.stringify({
      orderId: order.id,
      guestSessionId,
      orderSecret: order.orderSecret,
      redirectUrl: "/order-confirmation",
    }),
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ["--no-sandbox", "--disable-gpu"] });
  try {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/sandbox/pay/${token}`);
    const fields = {
      "#f-contact-email": "lighthouse@example.com",
      "#f-contact-phone": "9876543210",
      "#f-shippingAddress-fullName": "Riya Sharma",
      "#f-shippingAddress-line1": "Flat 4B, Lotus Towers",
      "#f-shippingAddress-pincode": "201301",
      "#f-shippingAddress-city": "Noida",
      "#f-shippingAddress-state": "Uttar Pradesh",
      "#f-shippingAddress-phone": "9876543210",
    };
    for (const [selector, value] of Object.entries(fields)) await page.locator(selector).fill(value);
    await page.locator("label[for=method-upi]").click();
    await page.getByRole("button", { name: /Pay ₹/ }).click();
    await page.waitForURL(/\/order-confirmation\//);
    const url = new URL(page.url());
    // The guest's own link (the one in the e-mail): the order with its secret.
    return `${url.pathname}?orderSecret=${encodeURIComponent(order.orderSecret)}`;
  } finally {
    await browser.close();
  }
}

async function pagesToAudit(baseUrl) {
  const categories = (await api(baseUrl, "/api/categories?page=1&limit=10")).content;
  const product = (await api(baseUrl, "/api/products?page=1&limit=1")).content[0];
  const all = {
    home: () => "/",
    products: () => "/products",
    category: () => `/products/${categories[0].id}`,
    product: () => `/product/${product.id}`,
    vakiverse: () => "/vakiverse",
    about: () => "/about",
    confirmation: () => paidOrderPath(baseUrl),
  };
  const wanted = (process.env.LIGHTHOUSE_PAGES ?? Object.keys(all).join(",")).split(",").map((name) => name.trim());
  const pages = [];
  for (const name of wanted) {
    if (!all[name]) throw new Error(`unknown page "${name}": one of ${Object.keys(all).join(", ")}`);
    pages.push({ name, path: await all[name]() });
  }
  return pages;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * SEO audits that do not apply to a page, by page: the order confirmation is a shopper's own page,
 * kept out of search engines on purpose (robots.txt disallows /order-confirmation), so "page is
 * blocked from indexing" is the intended answer there. Its SEO score is taken without that audit.
 */
const SEO_NOT_APPLICABLE = { confirmation: ["is-crawlable"] };

/** A category's score (0–100) without some of its audits, re-weighted as Lighthouse weighs them. */
function scoreWithout(category, audits, skipped) {
  const refs = category.auditRefs.filter((ref) => ref.weight > 0 && !skipped.includes(ref.id));
  const weight = refs.reduce((total, ref) => total + ref.weight, 0);
  const score = refs.reduce((total, ref) => total + ref.weight * (audits[ref.id].score ?? 0), 0);
  return Math.round((score / weight) * 100);
}

/** One Lighthouse run; a run Lighthouse could not complete (no LCP recorded, say) is tried again, twice at most. */
async function audit(url, page, attempt = 1) {
  const result = await auditOnce(url, page);
  if (result || attempt >= 3) return result ?? Promise.reject(new Error(`Lighthouse could not measure ${url}`));
  return audit(url, page, attempt + 1);
}

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

/**
 * Loads the page once (Lighthouse's gather step: the trace, the host's benchmark index), then
 * scores that load with the run's CPU slowdown (its audit step). Lighthouse's simulated
 * throttling computes the metrics from the trace afterwards, so the slowdown can follow the
 * speed the host showed in this very run.
 */
async function lighthouseRun(url, keepTraceAs) {
  const saved = mkdtempSync(path.join(os.tmpdir(), "vaki-lighthouse-run-"));
  try {
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
    });
    try {
      await lighthouse(url, { port: chrome.port, logLevel: "error", onlyCategories: CATEGORIES, gatherMode: saved });
    } finally {
      await chrome.kill();
    }
    const artifactsFile = path.join(saved, "artifacts.json");
    const artifacts = JSON.parse(readFileSync(artifactsFile, "utf8"));
    const throttling = {
      ...artifacts.settings.throttling,
      cpuSlowdownMultiplier: cpuSlowdown(artifacts.BenchmarkIndex, CPU_SLOWDOWN),
    };
    // The audit step insists on the settings the load was gathered with.
    artifacts.settings.throttling = throttling;
    writeFileSync(artifactsFile, JSON.stringify(artifacts));
    if (keepTraceAs) copyFileSync(path.join(saved, "trace.json"), keepTraceAs);
    return await lighthouse(undefined, {
      output: "json",
      logLevel: "error",
      onlyCategories: CATEGORIES,
      auditMode: saved,
      throttling,
    });
  } finally {
    rmSync(saved, { recursive: true, force: true });
  }
}

/** LIGHTHOUSE_REPORTS=<folder>: each run's full report is written there as JSON, to see what a score is made of. */
const REPORTS_DIR = process.env.LIGHTHOUSE_REPORTS;
if (REPORTS_DIR) mkdirSync(REPORTS_DIR, { recursive: true });
let reportCount = 0;

async function auditOnce(url, page) {
  const name = REPORTS_DIR && path.join(REPORTS_DIR, `${page}-${++reportCount}`);
  const result = await lighthouseRun(url, name && `${name}.trace.json`);
  if (name) writeFileSync(`${name}.json`, JSON.stringify(result.lhr));
  const { categories, audits } = result.lhr;
  if (categories.performance.score === null || !Number.isFinite(audits["largest-contentful-paint"].numericValue))
    return undefined;
  const seoSkipped = SEO_NOT_APPLICABLE[page] ?? [];
  return {
    performance: Math.round(categories.performance.score * 100),
    accessibility: Math.round(categories.accessibility.score * 100),
    "best-practices": Math.round(categories["best-practices"].score * 100),
    seo:
      seoSkipped.length > 0 ? scoreWithout(categories.seo, audits, seoSkipped) : Math.round(categories.seo.score * 100),
    lcp: audits["largest-contentful-paint"].numericValue,
    tbt: audits["total-blocking-time"].numericValue,
    cls: audits["cumulative-layout-shift"].numericValue,
    // Lighthouse's own measure of the host's CPU, and the slowdown the run applied to it.
    benchmark: result.lhr.environment.benchmarkIndex,
    cpu: result.lhr.configSettings.throttling.cpuSlowdownMultiplier,
    failing: Object.values(audits)
      .filter(
        (a) =>
          a.score !== null &&
          a.score < 0.9 &&
          a.scoreDisplayMode !== "informative" &&
          a.scoreDisplayMode !== "notApplicable" &&
          !seoSkipped.includes(a.id),
      )
      .map((a) => a.id),
  };
}

async function main() {
  const started = Date.now();
  const quiet = await waitForQuietHost();
  if (quiet.busy !== null)
    console.log(`host quiet after ${quiet.seconds} s (CPU ${Math.round(quiet.busy * 100)}% busy over the last 2 s)`);
  const shop = await startShop();
  const failures = [];
  const reported = [];
  const rows = [];
  try {
    const pages = await pagesToAudit(shop.baseUrl);
    for (const page of pages) {
      const runs = [];
      // One unmeasured visit first, so every measured run sees a warm server (its caches) as a shopper would.
      await fetch(`${shop.baseUrl}${page.path}`);
      const planned = KEY_PAGES.has(page.name) ? KEY_RUNS : RUNS;
      const cpuBefore = cpuTimes();
      for (let run = 0; run < planned; run++) runs.push(await audit(`${shop.baseUrl}${page.path}`, page.name));
      const remeasure = PERFORMANCE_MODE === "enforce" && median(runs.map((r) => r.performance)) < BUDGETS.performance;
      if (remeasure) {
        console.log(`${page.name}: performance median under ${BUDGETS.performance}; measuring ${planned} more runs`);
        for (let run = 0; run < planned; run++) runs.push(await audit(`${shop.baseUrl}${page.path}`, page.name));
      }
      const row = { page: page.name, runs: runs.length, load: loadBetween(cpuBefore, cpuTimes()) };
      const measures = [
        "performance",
        "accessibility",
        "best-practices",
        "seo",
        "lcp",
        "tbt",
        "cls",
        "benchmark",
        "cpu",
      ];
      for (const key of measures) {
        row[key] = median(runs.map((r) => r[key]));
      }
      rows.push(row);
      const below = ["performance", "accessibility", "best-practices", "seo"].filter((key) => row[key] < BUDGETS[key]);
      if (row.cls >= BUDGETS.cls) below.push("cls");
      const audits = [...new Set(runs.flatMap((r) => r.failing))].join(", ");
      const enforced = below.filter((key) => key !== "performance" || PERFORMANCE_MODE === "enforce");
      if (enforced.length > 0)
        failures.push(
          `${page.name} (${page.path}): below budget on ${enforced.join(", ")}; audits under 0.9: ${audits}`,
        );
      else if (below.length > 0)
        reported.push(`${page.name} (${page.path}): ${row.performance}; audits under 0.9: ${audits}`);
    }
  } finally {
    await shop.stop();
  }
  console.log(`\nLighthouse, mobile emulation and throttling, the median of each page's runs`);
  console.log("page          runs  perf  a11y  best   seo   LCP ms   TBT ms    CLS   host   cpu  steal");
  for (const r of rows) {
    console.log(
      `${r.page.padEnd(12)} ${String(r.runs).padStart(5)} ${String(r.performance).padStart(5)} ${String(r.accessibility).padStart(5)} ${String(r["best-practices"]).padStart(5)} ${String(r.seo).padStart(5)} ${String(Math.round(r.lcp)).padStart(8)} ${String(Math.round(r.tbt)).padStart(8)} ${r.cls.toFixed(3).padStart(6)} ${String(Math.round(r.benchmark)).padStart(6)} ${`${r.cpu.toFixed(1)}×`.padStart(5)} ${(r.load ? `${Math.round(r.load.steal * 100)}%` : "–").padStart(6)}`,
    );
  }
  console.log(
    `budgets: performance ≥ ${BUDGETS.performance}, accessibility ≥ ${BUDGETS.accessibility}, best practices ≥ ${BUDGETS["best-practices"]}, SEO ≥ ${BUDGETS.seo}, CLS < ${BUDGETS.cls}`,
  );
  console.log("host: Lighthouse's benchmark index of this machine (median); higher is faster");
  console.log(
    CPU_SLOWDOWN === "calibrated"
      ? `cpu: the CPU slowdown (median), fitted in each run to the host's index: the phone of a ${EMULATED_PHONE_INDEX}-index CPU`
      : `cpu: the CPU slowdown, ${CPU_SLOWDOWN}× whatever the host (LIGHTHOUSE_CPU_SLOWDOWN=calibrated fits it to the host)`,
  );
  console.log(
    "steal: the share of this machine's CPU time the hypervisor gave to other guests during the page's runs (/proc/stat); a slow score beside a high one is the host's",
  );
  console.log(`took ${Math.round((Date.now() - started) / 1000)} s`);
  if (reported.length > 0)
    console.log(
      `\nPerformance below ${BUDGETS.performance}, reported, not enforced (LIGHTHOUSE_PERFORMANCE=report):\n- ${reported.join("\n- ")}`,
    );
  if (failures.length > 0) {
    console.error(`\nOver budget:\n- ${failures.join("\n- ")}`);
    process.exit(1);
  }
}

await main();
