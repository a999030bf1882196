import type { Rollup } from "vite";
import { describe, expect, it } from "vitest";
import { inlineStylesheets } from "./build-plugins";

function asset(fileName: string, source: string | Uint8Array): Rollup.OutputAsset {
  return { type: "asset", fileName, source } as Rollup.OutputAsset;
}

const HEAD = `<script type="module" crossorigin src="/assets/index-a1.js"></script>
<link rel="stylesheet" crossorigin href="/assets/index-b2.css">
<title>VAKI</title>`;

describe("inlining the entry stylesheet", () => {
  it("puts the stylesheet's rules in the head in place of its link", () => {
    const html = inlineStylesheets(HEAD, { "assets/index-b2.css": asset("assets/index-b2.css", ".splash{color:red}") });
    expect(html).toContain("<style>.splash{color:red}</style>");
    expect(html).not.toContain('rel="stylesheet"');
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-a1.js"></script>');
  });

  it("reads a stylesheet emitted as bytes", () => {
    const bytes = new TextEncoder().encode("body{margin:0}");
    const html = inlineStylesheets(HEAD, { "assets/index-b2.css": asset("assets/index-b2.css", bytes) });
    expect(html).toContain("<style>body{margin:0}</style>");
  });

  it("cannot be closed early by a rule that spells </style", () => {
    const css = '.x::after{content:"</style><script>alert(1)</script>"}';
    const html = inlineStylesheets(HEAD, { "assets/index-b2.css": asset("assets/index-b2.css", css) });
    const doc = new DOMParser().parseFromString(`<html><head>${html}</head></html>`, "text/html");
    expect(doc.querySelectorAll("script")).toHaveLength(1);
    expect(doc.querySelector("style")?.textContent).toContain("alert(1)");
  });

  it("leaves a link to a file the bundle does not hold as it was", () => {
    expect(inlineStylesheets(HEAD, {})).toBe(HEAD);
  });
});
