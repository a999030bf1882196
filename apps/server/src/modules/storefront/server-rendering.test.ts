import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { insertCategory, insertProduct } from "../../../test/helpers/catalog.js";
import { testEngine } from "../../../test/helpers/database.js";

/** A built storefront's index.html, as Vite writes it: the entry and its preloads in the head. */
const builtIndex = `<!doctype html>
<html lang="en-IN">
  <head>
    <title>VAKI | Streetwear from the Vakiverse</title>
    <script type="module" crossorigin src="/assets/index-AbCd1234.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-Re1234ab.js">
  </head>
  <body><div id="root"></div><div id="splash"></div></body>
</html>`;

const builtManifest = {
  "index.html": { file: "assets/index-AbCd1234.js", isEntry: true, imports: ["_react-Re1234ab.js"] },
  "_react-Re1234ab.js": { file: "assets/react-Re1234ab.js" },
  "src/pages/product/product-page.tsx": {
    file: "assets/product-page-Pp1234ab.js",
    isDynamicEntry: true,
    imports: ["index.html"],
    css: ["assets/product-page-Ps1234ab.css"],
  },
  "src/pages/static/about-page.tsx": { file: "assets/about-page-Aa1234ab.js", isDynamicEntry: true },
};

/**
 * A stand-in for the web app's server build (apps/web/dist-ssr/entry-server.js): it draws a
 * product's name from the API answer it asks the server for, as the real one does through its
 * queries, and fails on a URL that asks it to.
 */
const serverEntry = `
let send;
export function configure(options) { send = options.fetch; }
export async function renderPage(url) {
  const { pathname } = new URL(url);
  if (pathname === "/about") throw new Error("drawing failed");
  const product = pathname.match(/^\\/product\\/(\\d+)$/);
  if (!product) return { html: "<main><h1>Drawn " + pathname + "</h1></main>", state: { queries: [] } };
  const answer = await send("/api/products/fetch/" + product[1], { method: "GET", headers: { Accept: "application/json" } });
  const body = await answer.json();
  const refused = await send("/api/cart", { method: "POST" });
  return {
    html: "<main><h1>" + body.data.name.replace(/</g, "&lt;") + "</h1><p>" + refused.status + "</p></main>",
    state: { queries: [{ queryKey: ["catalogue", "product", product[1]], state: { data: body.data } }] },
  };
}
`;

function builtStorefront(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), "vaki-web-ssr-"));
  const dist = path.join(root, "dist");
  mkdirSync(path.join(dist, ".vite"), { recursive: true });
  writeFileSync(path.join(dist, "index.html"), builtIndex);
  writeFileSync(path.join(dist, ".vite", "manifest.json"), JSON.stringify(builtManifest));
  mkdirSync(path.join(root, "dist-ssr"));
  writeFileSync(path.join(root, "dist-ssr", "entry-server.js"), serverEntry);
  return dist;
}

function appState(html: string): unknown {
  const match = html.match(/<script type="application\/json" id="vaki-app-state">([\s\S]*?)<\/script>/);
  return match ? JSON.parse(match[1] as string) : undefined;
}

describe(`storefront pages drawn on the server (${testEngine})`, () => {
  let shop: TestShop;
  let productId = 0;
  let hostileId = 0;

  beforeAll(async () => {
    shop = await createTestShop({ WEB_DIST_DIR: builtStorefront() });
    const db = shop.database.db;
    const tees = await insertCategory(db, { name: "Tees" });
    productId = (await insertProduct(db, { name: "Drawn Tee", price: 129_900, categoryIds: [tees] })).id;
    hostileId = (await insertProduct(db, { name: `Tee </script><script>alert(1)</script>`, price: 99_900 })).id;
  });

  afterAll(async () => {
    await shop?.close();
  });

  it("sends a product page with its content drawn, its answers, and its code for after the paint", async () => {
    const response = await shop.app.inject({ method: "GET", url: `/product/${productId}` });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('<div id="root" data-server-rendered><main><h1>Drawn Tee</h1>');
    // The drawing asked the API in process, anonymously, and could only read.
    expect(html).toContain("<p>400</p>");
    expect(appState(html)).toMatchObject({ queries: [{ queryKey: ["catalogue", "product", String(productId)] }] });
    // The code is fetched by the loader once the page has painted, not by the head.
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).not.toContain('<script type="module"');
    expect(head).not.toContain("modulepreload");
    const code = JSON.parse(html.match(/id="vaki-code">([\s\S]*?)<\/script>/)?.[1] ?? "null");
    expect(code).toEqual({
      entry: "/assets/index-AbCd1234.js",
      preload: ["/assets/react-Re1234ab.js", "/assets/product-page-Pp1234ab.js"],
    });
    expect(html).toContain('<script async src="/app-loader.js"></script>');
    // The drawing needs the page's styles for its first paint: linked, not preloaded.
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/product-page-Ps1234ab.css" />');
    // The head's first data would repeat the drawn answers.
    expect(html).not.toContain("vaki-first-data");
  });

  it("sends a page compressed once, as the browser accepts, the same page whichever way", async () => {
    const url = `/product/${productId}`;
    const plain = await shop.app.inject({ method: "GET", url, headers: { "accept-encoding": "identity" } });
    const br = await shop.app.inject({ method: "GET", url, headers: { "accept-encoding": "gzip, deflate, br" } });
    const gzip = await shop.app.inject({ method: "GET", url, headers: { "accept-encoding": "gzip" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toContain("accept-encoding");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
  });

  it("keeps what the catalogue holds from closing the state's script", async () => {
    const html = (await shop.app.inject({ method: "GET", url: `/product/${hostileId}` })).body;
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).toContain("<h1>Tee &lt;/script>&lt;script>alert(1)&lt;/script></h1>");
    expect(appState(html)).toMatchObject({
      queries: [{ state: { data: { name: `Tee </script><script>alert(1)</script>` } } }],
    });
  });

  it("sends the page for the browser to draw when the drawing fails", async () => {
    const response = await shop.app.inject({ method: "GET", url: "/about" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).toContain('<script type="module" crossorigin src="/assets/index-AbCd1234.js"></script>');
  });

  it("never draws a shopper's own page", async () => {
    for (const url of ["/profile", "/orders", "/order-confirmation/12", "/wishlist"]) {
      const html = (await shop.app.inject({ method: "GET", url })).body;
      expect(html, url).toContain('<div id="root"></div>');
      expect(html, url).not.toContain("data-server-rendered");
    }
  });

  it("draws a list's own URL, its query included", async () => {
    const html = (await shop.app.inject({ method: "GET", url: "/products?sort=price-asc" })).body;
    expect(html).toContain("<h1>Drawn /products</h1>");
  });
});
