import { expect, type Page, test } from "@playwright/test";
import { expectAccessible } from "./support/a11y";
import { attachScreenshot, DESKTOP, PHONE, skipSplash } from "./support/shop";

/*
 * The static pages (R-ORD-2 "Static pages", R-ORD-9 policy facts): each opens from
 * the footer's quick links (R-STORE-2 "Footer"), the header or the pages' own menu, with its
 * own title and description, and no serious accessibility problem.
 */

const footerLinks = [
  { link: "PRIVACY POLICY", path: "/privacy-policy", name: "Privacy Policy" },
  { link: "FAQs", path: "/faq", name: "FAQ" },
  { link: "CONTACT US", path: "/contact", name: "Contact Us" },
  { link: "CAREERS", path: "/careers", name: "Careers" },
  { link: "TERMS", path: "/terms-and-conditions", name: "Terms & Conditions" },
  { link: "SHIPPING", path: "/shipping-policies", name: "Shipping Policies" },
] as const;

const allPages = [
  { path: "/about", name: "About Us" },
  ...footerLinks,
  { path: "/terms-of-service", name: "Terms of Service" },
] as const;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

async function expectStaticPage(page: Page, path: string, name: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp(path)}$`));
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^\\S.* \\| ${escapeRegExp(name)}$`));
  const description = await page.locator('meta[name="description"]').getAttribute("content");
  expect(description?.length ?? 0, `meta description of ${path}`).toBeGreaterThan(40);
  const overflow = await page.evaluate("document.documentElement.scrollWidth > window.innerWidth");
  expect(overflow, `no sideways scrolling on ${path}`).toBe(false);
}

test.describe.configure({ timeout: 90_000 });

test("every footer quick link opens its static page on a phone", async ({ page }) => {
  await skipSplash(page);
  await page.setViewportSize(PHONE);
  for (const { link, path, name } of footerLinks) {
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: link, exact: true }).click();
    await expectStaticPage(page, path, name);
    await expectAccessible(page, name);
  }
});

test("About Us opens from the header and Terms of Service from the pages' menu", async ({ page }) => {
  await skipSplash(page);
  await page.setViewportSize(DESKTOP);
  await page.goto("/");
  await page.getByRole("banner").getByRole("link", { name: "ABOUT US" }).click();
  await expectStaticPage(page, "/about", "About Us");
  await expectAccessible(page, "About Us");

  await page
    .getByRole("navigation", { name: "Help and policies" })
    .getByRole("link", { name: "Terms of Service" })
    .click();
  await expectStaticPage(page, "/terms-of-service", "Terms of Service");
  await expectAccessible(page, "Terms of Service");
});

test("the FAQ answers ten questions in an accordion, by pointer and by keyboard", async ({ page }) => {
  await skipSplash(page);
  await page.goto("/faq");
  const questions = page.getByRole("main").getByRole("button", { expanded: false });
  await expect(questions).toHaveCount(10);

  const first = page.getByRole("button", { name: /How long will my order take to arrive/ });
  await first.click();
  await expect(first).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByText(/Delhi-NCR gets it in 1-2 working days/)).toBeVisible();
  await expectAccessible(page, "the FAQ with an answer open");

  const code = page.getByRole("button", { name: /How do I use VAKI10/ });
  await code.focus();
  await page.keyboard.press("Enter");
  await expect(code).toHaveAttribute("aria-expanded", "true");
  await expect(first).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByText(/extra 10% off/).first()).toBeVisible();
});

test("the policy pages state one set of facts", async ({ page }) => {
  await skipSplash(page);
  await page.goto("/shipping-policies");
  const shipping = page.getByRole("main");
  for (const fact of [
    "24 hours",
    "1-2 working days",
    "3-5 business days",
    "5-7 business days (7-14 to some destinations)",
    "48 hours",
  ]) {
    await expect(shipping.getByText(fact).first(), fact).toBeVisible();
  }
  await expect(shipping.getByText(/Cash on Delivery/).first()).toBeVisible();

  await page.goto("/terms-and-conditions");
  const terms = page.getByRole("main");
  for (const fact of ["within 6 days of delivery", "within 6 hours", "5-7 business days", "VAKI10", "48 hours"]) {
    await expect(terms.getByText(fact).first(), fact).toBeVisible();
  }
  await expect(terms.getByText(/3-5 business days of the cancellation|3-5 business days\.$/)).toHaveCount(0);
});

for (const [label, viewport] of [
  ["390", PHONE],
  ["1440", DESKTOP],
] as const) {
  test(`screenshots of every static page at ${label} px`, async ({ page }, testInfo) => {
    await skipSplash(page);
    await page.setViewportSize(viewport);
    for (const { path, name } of allPages) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
      await attachScreenshot(page, testInfo, `static${path.replaceAll("/", "-")}-${label}`);
    }
  });
}
