import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3100);
// E2E_BASE_URL runs the tests against a shop that is already running (for example the Vite dev
// server in front of a dev API) instead of starting the built one.
const externalBaseURL = process.env.E2E_BASE_URL;
const baseURL = externalBaseURL ?? `http://127.0.0.1:${port}`;
// Made once and shared through the environment, so the test workers (which load this file again)
// know the started server's data folder: the account tests read its e-mails from DATA_DIR/mail.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), "vaki-e2e-"));
if (!externalBaseURL) process.env.E2E_DATA_DIR = dataDir;

// A second shop whose sandbox courier takes 3 s a step (shipped 9 s after the AWB, delivered at
// 21 s) and is asked about parcels every second: for the tests of what happens once an order ships.
const courierPort = Number(process.env.E2E_COURIER_PORT ?? port + 100);
const courierBaseURL = `http://127.0.0.1:${courierPort}`;
const courierDataDir = process.env.E2E_COURIER_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), "vaki-e2e-courier-"));
if (!externalBaseURL) process.env.E2E_COURIER_DATA_DIR = courierDataDir;
const courierTests = /(shipped-orders|exchanges|admin\/(failed-delivery|delivered-refund))\.spec\.ts$/;

// Debian's Chromium; test tools never download a browser of their own here.
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const launchOptions = {
  executablePath: chromiumPath,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

function shopServer(serverPort: number, folder: string, env: Record<string, string>) {
  const url = `http://127.0.0.1:${serverPort}`;
  return {
    command: "node ../apps/server/dist/main.js",
    url: `${url}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(serverPort),
      HOST: "127.0.0.1",
      // The address the browser uses, so payment redirects and e-mail links stay on it.
      PUBLIC_URL: url,
      DATA_DIR: folder,
      // The tests drive the shop from this machine; the COD spec's limits use other 127.0.0.x addresses.
      RATE_LIMIT_EXEMPT_ADDRESSES: "127.0.0.1,::1",
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      // A registered shop's invoices (the invoices spec reads it back from the PDF).
      SHOP_GSTIN: "29ABCDE1234F1Z5",
      ...env,
    },
  };
}

export default defineConfig({
  testDir: "./tests",
  fullyParallel: false,
  // One file at a time per shop: the files of a shop share its database and run in order. The
  // courier shop's files mostly wait on its 3 s steps, so they run beside the main shop's (two
  // workers, one per project) instead of after them.
  workers: externalBaseURL ? 1 : 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  timeout: 30_000,
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "chromium",
      testIgnore: courierTests,
      workers: 1,
      use: { ...devices["Desktop Chrome"], launchOptions },
    },
    ...(externalBaseURL
      ? []
      : [
          {
            name: "chromium-fast-courier",
            testMatch: courierTests,
            workers: 1,
            use: { ...devices["Desktop Chrome"], launchOptions, baseURL: courierBaseURL },
          },
        ]),
  ],
  webServer: externalBaseURL
    ? undefined
    : [
        // The real built shop (npm run build first), on a throwaway data folder with the demo catalogue.
        shopServer(port, dataDir, {}),
        shopServer(courierPort, courierDataDir, {
          SANDBOX_COURIER_MINUTES_PER_STEP: "0.05",
          COURIER_SYNC_INTERVAL_MS: "1000",
        }),
      ],
});
