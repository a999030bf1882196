import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

let cached: string | null | undefined;

/**
 * The storefront's display face (Anton, latin subset, ~19 KB) as a data: URL for the payment
 * page's @font-face (CSP `font-src 'self' data:`), read once. Null when the font package is not
 * installed: the page then uses the fallback faces of its font stack.
 */
export function displayFontDataUrl(): string | null {
  if (cached !== undefined) return cached;
  try {
    const file = createRequire(import.meta.url).resolve("@fontsource/anton/files/anton-latin-400-normal.woff2");
    cached = `data:font/woff2;base64,${readFileSync(file).toString("base64")}`;
  } catch {
    cached = null;
  }
  return cached;
}
