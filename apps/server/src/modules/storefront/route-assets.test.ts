import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { pageAssets, pageModules } from "./route-assets.js";

const webRoot = fileURLToPath(new URL("../../../../web/", import.meta.url));

describe("route assets", () => {
  it("names page modules that exist in the storefront's source (a renamed page would lose its hints)", () => {
    for (const [page, module] of Object.entries(pageModules)) {
      expect(existsSync(`${webRoot}${module}`), `${page}: ${module}`).toBe(true);
    }
  });

  it("lists a page's own chunks and styles, depth first, without what the entry brings or twice", () => {
    const manifest = {
      "index.html": { file: "assets/index.js", isEntry: true, imports: ["_shared.js"], css: ["assets/index.css"] },
      "_shared.js": { file: "assets/shared.js", css: ["assets/index.css"] },
      "_a.js": { file: "assets/a.js", imports: ["_b.js", "_shared.js"], css: ["assets/a.css"] },
      "_b.js": { file: "assets/b.js", imports: ["_a.js"], css: ["assets/b.css"] },
      "src/page.tsx": { file: "assets/page.js", imports: ["index.html", "_a.js", "_b.js"], css: ["assets/page.css"] },
    };
    expect(pageAssets(manifest, "src/page.tsx")).toEqual({
      scripts: ["/assets/page.js", "/assets/a.js", "/assets/b.js"],
      styles: ["/assets/page.css", "/assets/a.css", "/assets/b.css"],
    });
    expect(pageAssets(manifest, "src/missing.tsx")).toEqual({ scripts: [], styles: [] });
  });
});
