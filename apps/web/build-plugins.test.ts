import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { Rollup } from "vite";
import { describe, expect, it } from "vitest";
import { inlineStylesheets, precompressFile, skipInlinedStylesInPreloads } from "./build-plugins";

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

function chunk(fileName: string, code: string, isEntry = false, importedCss: string[] = []): Rollup.OutputChunk {
  return {
    type: "chunk",
    fileName,
    code,
    isEntry,
    viteMetadata: { importedCss: new Set(importedCss) },
  } as Rollup.OutputChunk;
}

describe("lazy chunks' preload lists with the entry stylesheet inline", () => {
  const PRELOADS = `m.f=["assets/modal-c3.js","assets/index-a1.js","assets/index-b2.css","assets/modal-d4.css"]`;

  it("name the entry's script instead of its stylesheet, and keep every other file", () => {
    const bundle = {
      "assets/index-a1.js": chunk("assets/index-a1.js", "import('./home-e5.js')", true, ["assets/index-b2.css"]),
      "assets/home-e5.js": chunk("assets/home-e5.js", PRELOADS),
    };
    skipInlinedStylesInPreloads(bundle);
    expect(bundle["assets/home-e5.js"].code).toBe(
      `m.f=["assets/modal-c3.js","assets/index-a1.js","assets/index-a1.js","assets/modal-d4.css"]`,
    );
    expect(bundle["assets/index-a1.js"].code).toBe("import('./home-e5.js')");
  });

  it("leave a build whose entry has no stylesheet as it was", () => {
    const bundle = {
      "assets/index-a1.js": chunk("assets/index-a1.js", "", true),
      "assets/home-e5.js": chunk("assets/home-e5.js", PRELOADS),
    };
    skipInlinedStylesInPreloads(bundle);
    expect(bundle["assets/home-e5.js"].code).toBe(PRELOADS);
  });
});

describe("precompressing the build's files", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "vaki-precompress-"));

  it("writes brotli and gzip copies that decompress to the file, each smaller than it", async () => {
    const file = path.join(dir, "app-AbCd1234.js");
    const source = `export const names = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `tee-${i}`))};`;
    writeFileSync(file, source);
    expect(await precompressFile(file)).toBe(true);
    const br = readFileSync(`${file}.br`);
    const gz = readFileSync(`${file}.gz`);
    expect(brotliDecompressSync(br).toString()).toBe(source);
    expect(gunzipSync(gz).toString()).toBe(source);
    expect(br.byteLength).toBeLessThan(gz.byteLength);
    expect(gz.byteLength).toBeLessThan(source.length);
  });

  it("leaves a file under a kilobyte as it is", async () => {
    const file = path.join(dir, "tiny-AbCd1234.js");
    writeFileSync(file, "export const x = 1;");
    expect(await precompressFile(file)).toBe(false);
    expect(existsSync(`${file}.br`)).toBe(false);
    expect(existsSync(`${file}.gz`)).toBe(false);
  });
});
