import { describe, expect, it } from "vitest";
import { formatRupees, injectHead, notFoundHead, plainText, schemaPrice, scriptSafeJson, truncate } from "./head.js";

describe("page heads", () => {
  it("formats rupees for en-IN whatever the server's locale, and schema.org prices in plain rupees", () => {
    expect(formatRupees(129_900)).toBe("Rs. 1,299");
    expect(formatRupees(12_999_900)).toBe("Rs. 1,29,999");
    expect(schemaPrice(129_950)).toBe("1299.50");
  });

  it("reads sanitised product HTML as plain sentences and cuts long text at a word", () => {
    expect(plainText("<p>Soft &amp; heavy.</p><ul><li>240 GSM</li><li>Boxy fit!</li></ul><p>Made in India</p>")).toBe(
      "Soft & heavy. 240 GSM. Boxy fit! Made in India",
    );
    expect(truncate("one two three four five six", 14)).toBe("one two three…");
  });

  it("keeps JSON from closing its script block", () => {
    const json = scriptSafeJson({ name: "</script><!-- x & y \u2028" });
    expect(json).not.toMatch(/<|>|&|\u2028/);
    expect(JSON.parse(json)).toEqual({ name: "</script><!-- x & y \u2028" });
  });

  it("replaces the template's title and description, and keeps a bare template in standards mode", () => {
    const built =
      '<!doctype html><html><head><meta charset="UTF-8" /><title>Old</title>\n<meta\n name="description"\n content="old" />\n</head><body></body></html>';
    const html = injectHead(built, notFoundHead("VAKI"), "VAKI");
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).not.toContain('content="old"');
    expect(html.indexOf("<title>VAKI | Page not found</title>")).toBeLessThan(html.indexOf("</head>"));
    expect(injectHead("<!doctype html><div id=root></div>", notFoundHead("VAKI"), "VAKI")).toMatch(
      /^<!doctype html>\n<title>/,
    );
  });
});
