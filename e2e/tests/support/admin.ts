import { execFile } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { expect, type Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { expectAccessible } from "./a11y";
import { DESKTOP, PHONE } from "./shop";

const run = promisify(execFile);
const CREATE_ADMIN_CLI = fileURLToPath(new URL("../../../apps/server/dist/create-admin-cli.js", import.meta.url));

/** A strong staff password (zxcvbn score 4) the server accepts. */
export const STAFF_PASSWORD = "lantern-otter-quarry-velvet-92";

/**
 * An invitation link minted by the real create-admin CLI against the e2e server's data folder
 * (E2E_DATA_DIR, set by playwright.config.ts), as the README tells a shop owner to do.
 */
export async function mintSetupLink(
  baseURL: string,
  email: string,
  name: string,
  role = "owner",
  // The fast-courier shop (playwright.config.ts) keeps its staff in its own data folder.
  dataDir = process.env.E2E_DATA_DIR,
): Promise<string> {
  const { stdout } = await run(process.execPath, [CREATE_ADMIN_CLI, "--email", email, "--name", name, "--role", role], {
    env: { ...process.env, DATA_DIR: dataDir, PUBLIC_URL: baseURL, LOG_LEVEL: "warn" },
  });
  const link = stdout.match(/https?:\/\/\S+\/admin\/setup\?token=[\w.-]+/)?.[0];
  if (!link) throw new Error(`create-admin printed no setup link:\n${stdout}`);
  return link;
}

/**
 * The authenticator's code `stepsAhead` 30-second steps from now. The server accepts the step
 * before and after the current one and never the same step twice, so a second sign-in within
 * the same half minute uses the next step's code instead of waiting for it.
 */
export function totpCode(secret: string, stepsAhead = 0): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: "SHA1",
    digits: 6,
    period: 30,
    timestamp: Date.now() + stepsAhead * 30_000,
  });
}

const screenshotDir = process.env.ADMIN_SCREENSHOTS;

/**
 * Runs axe on what the page shows at 390 px and at 1440 px (no serious or critical violation),
 * and, when ADMIN_SCREENSHOTS names a folder, saves a full-page screenshot at each width there.
 */
export async function checkView(page: Page, name: string, widths = [PHONE, DESKTOP]): Promise<void> {
  for (const size of widths) {
    await page.setViewportSize(size);
    await expectAccessible(page, `${name} at ${size.width} px`);
    if (screenshotDir) {
      mkdirSync(screenshotDir, { recursive: true });
      await page.screenshot({ path: path.join(screenshotDir, `${name}-${size.width}.png`), fullPage: true });
    }
  }
  await page.setViewportSize(DESKTOP);
}

/** Signs in on the sign-in page with e-mail, password and then `code` (app code or recovery code). */
export async function signIn(page: Page, email: string, code: string, options: { recovery?: boolean } = {}) {
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(STAFF_PASSWORD);
  await page.getByRole("button", { name: "Continue" }).click();
  if (options.recovery) await page.getByRole("button", { name: "Use a recovery code" }).click();
  await page.getByLabel(options.recovery ? "Recovery code" : "6-digit code").fill(code);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Completes the setup page from its first step; answers the TOTP secret and the recovery codes. */
export async function completeSetup(
  page: Page,
  details: { name?: string; email?: string },
  onStep?: (step: "account" | "authenticator" | "recovery") => Promise<void>,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  await expect(page.getByRole("heading", { level: 1, name: "Set up your account" })).toBeVisible();
  if (details.name !== undefined) await page.getByLabel("Your name").fill(details.name);
  // Only the first-owner link of a fresh shop has no e-mail; an invitation carries one.
  const emailField = page.getByLabel("E-mail");
  if (details.email !== undefined && (await emailField.isVisible())) await emailField.fill(details.email);
  await page.getByLabel("Password").fill(STAFF_PASSWORD);
  await expect(page.getByText("Strength: Very strong")).toBeVisible();
  await onStep?.("account");
  await page.getByRole("button", { name: "Continue" }).click();

  const secret = (await page.getByTestId("totp-secret").textContent())?.trim() ?? "";
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  await expect(page.getByRole("img", { name: /QR code/ })).toBeVisible();
  await onStep?.("authenticator");
  await page.getByLabel("6-digit code from the app").fill(totpCode(secret));
  await page.getByRole("button", { name: "Confirm code" }).click();

  const codes = page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  const recoveryCodes = (await codes.allTextContents()).map((code) => code.trim());
  await onStep?.("recovery");
  await page.getByLabel("I have saved these codes").check();
  await page.getByRole("button", { name: "Continue to the admin" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  return { secret, recoveryCodes };
}
