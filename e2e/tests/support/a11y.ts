import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * Runs axe on what the page shows now (a page, or a page with a dialog open) and fails on any
 * serious or critical violation, listing each with the elements it found.
 */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  // Colours read mid-transition (a popup fading in, a button easing to its hover colour) are not
  // the ones a shopper reads: let the finite animations finish first (a second at most).
  await page.evaluate(`Promise.race([
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
    new Promise((resolve) => setTimeout(resolve, 1000)),
  ])`);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const blocking = results.violations.filter(
    (violation) => violation.impact === "serious" || violation.impact === "critical",
  );
  const report = blocking.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n  ${violation.nodes
        .slice(0, 5)
        .map((node) => node.target.join(" "))
        .join("\n  ")}`,
  );
  expect(report, `axe on ${what}`).toEqual([]);
}
