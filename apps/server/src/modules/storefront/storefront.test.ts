import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { cardImage, firstListPagePath } from "@vaki/contract/product-list";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { insertCategory, insertProduct } from "../../../test/helpers/catalog.js";
import { testEngine } from "../../../test/helpers/database.js";
import { systemClock } from "../../lib/clock.js";
import { createCatalogModule } from "../catalog/module.js";

/** A built storefront's index.html, as Vite writes it. */
const builtIndex = `<!doctype html>
<html lang="en-IN">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Default description" />
    <title>VAKI | Streetwear from the Vakiverse</title>
    <script type="module" crossorigin src="/assets/index-AbCd1234.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

/** Its Vite manifest: the entry, and page modules with their own chunks and styles. */
const builtManifest = {
  "index.html": {
    file: "assets/index-AbCd1234.js",
    isEntry: true,
    imports: ["_react-Re1234ab.js"],
    css: ["assets/index-Ss1234ab.css"],
  },
  "_react-Re1234ab.js": { file: "assets/react-Re1234ab.js" },
  "_card-Cc1234ab.js": {
    file: "assets/card-Cc1234ab.js",
    imports: ["_react-Re1234ab.js"],
    css: ["assets/card-Cs1234ab.css"],
  },
  "src/pages/home/home-page.tsx": {
    file: "assets/home-page-Hh1234ab.js",
    isDynamicEntry: true,
    imports: ["index.html", "_card-Cc1234ab.js"],
    css: ["assets/home-page-Hs1234ab.css"],
  },
  "src/pages/product/product-page.tsx": {
    file: "assets/product-page-Pp1234ab.js",
    isDynamicEntry: true,
    imports: ["index.html", "_react-Re1234ab.js", "_card-Cc1234ab.js"],
  },
  "src/pages/static/about-page.tsx": {
    file: "assets/about-page-Aa1234ab.js",
    isDynamicEntry: true,
    imports: ["index.html"],
  },
  "src/pages/order-confirmation/order-confirmation-page.tsx": {
    file: "assets/order-confirmation-page-Oo1234ab.js",
    isDynamicEntry: true,
    imports: ["index.html"],
  },
};

function builtStorefront(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "vaki-web-"));
  writeFileSync(path.join(dir, "index.html"), builtIndex);
  mkdirSync(path.join(dir, ".vite"));
  writeFileSync(path.join(dir, ".vite", "manifest.json"), JSON.stringify(builtManifest));
  return dir;
}

describe(`storefront pages answered by the server (${testEngine})`, () => {
  let shop: TestShop;
  const ids = { tees: 0, product: 0, hostile: 0, soldOut: 0 };
  let productSlug = "";
  let categorySlug = "";

  beforeAll(async () => {
    shop = await createTestShop({
      WEB_DIST_DIR: builtStorefront(),
      CATALOGUE_POLL_MS: "100",
      ALLOWED_HOSTS: "localhost,192.168.1.20",
    });
    const db = shop.database.db;
    ids.tees = await insertCategory(db, { name: "Tees" });
    const product = await insertProduct(db, {
      name: "Page Tee",
      price: 129_900,
      categoryIds: [ids.tees],
      descriptionHtml: "<p>Heavy cotton &amp; a <strong>moon</strong> print.</p>",
      variants: [{ size: "M", color: "Sand", stock: 4 }],
    });
    ids.hostile = (
      await insertProduct(db, {
        name: `Tee "</script><script>alert(1)</script>" & <b>`,
        price: 99_900,
        categoryIds: [ids.tees],
      })
    ).id;
    ids.soldOut = (
      await insertProduct(db, { name: "Gone Tee", price: 250_000, variants: [{ size: "L", color: "Sand", stock: 0 }] })
    ).id;
    ids.product = product.id;
    productSlug = product.slug;
    categorySlug = (
      await db.selectFrom("categories").select("slug").where("id", "=", ids.tees).executeTakeFirstOrThrow()
    ).slug;
    await createCatalogModule({ db, clock: systemClock, cataloguePollMs: 0 }).catalog.catalogueChanged();
    await new Promise((resolve) => setTimeout(resolve, 250));
  });
  afterAll(async () => shop.close());

  const page = (url: string) => shop.app.inject({ method: "GET", url, headers: { accept: "text/html" } });

  it("answers a product or category that exists with 200 and the storefront's page", async () => {
    for (const url of [
      `/product/${ids.product}`,
      `/product/${productSlug}`,
      `/products/${ids.tees}`,
      `/products/${categorySlug}`,
      `/category-products/${ids.tees}?name=Tees`,
    ]) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"]).toContain("text/html");
      expect(response.body).toContain('<div id="root"></div>');
    }
  });

  it("answers a product or category that does not exist with 404 and the same page, for the app's not-found view", async () => {
    for (const url of [
      "/product/987654",
      "/product/no-such-tee",
      "/product/Not_A_Key",
      "/products/4242",
      "/products/no-such-category",
      "/category-products/4242",
    ]) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers["content-type"]).toContain("text/html");
      expect(response.body).toContain('<div id="root"></div>');
    }
  });

  it("answers a path no page has with 404 and the app (its not-found view), and the app's own pages with 200", async () => {
    for (const url of ["/no-such-page", "/products/tees/extra", "/profile/settings", "/search/tee"]) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers["content-type"]).toContain("text/html");
      expect(response.body).toContain('<div id="root"></div>');
      expect(response.body, url).toContain('<meta name="robots" content="noindex"');
    }
    for (const url of [
      "/profile",
      "/orders",
      "/order-success?oid=1",
      "/reset-password?fpt=abc",
      "/search?q=tee",
      "/wishlist",
      "/back-in-stock/unsubscribe?token=abc",
    ]) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<div id="root"></div>');
    }
    // Not a navigation: the API's JSON 404.
    const api = await shop.app.inject({ method: "GET", url: "/api/no-such-thing" });
    expect([api.statusCode, api.json().error]).toEqual([404, "NotFound"]);
  });

  /** The JSON-LD blocks of a page, parsed (each must be valid JSON). */
  const jsonLd = (html: string) =>
    [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) =>
      JSON.parse(match[1] ?? ""),
    );
  const metaContent = (html: string, key: string) =>
    html.match(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`))?.[1];

  describe("what search engines and link previews read", () => {
    it("gives a product page its title, description, canonical URL, Open Graph tags and Product JSON-LD in INR", async () => {
      const response = await page(`/product/${ids.product}`);
      expect(response.statusCode).toBe(200);
      const html = response.body;
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(html).toContain("<title>VAKI | Page Tee</title>");
      expect(html).not.toContain("Default description");
      expect(metaContent(html, "description")).toBe(
        "Page Tee — Rs. 1,299 inclusive of all taxes. Heavy cotton &amp; a moon print.",
      );
      expect(html).toContain(`<link rel="canonical" href="http://localhost/product/${ids.product}" />`);
      expect(metaContent(html, "og:title")).toBe("VAKI | Page Tee");
      expect(metaContent(html, "og:type")).toBe("product");
      expect(metaContent(html, "og:url")).toBe(`http://localhost/product/${ids.product}`);
      expect(metaContent(html, "og:image")).toMatch(/^http:\/\/localhost\/media\/test\/page-tee-/);
      expect(metaContent(html, "product:price:amount")).toBe("1299.00");

      const [product, breadcrumb] = jsonLd(html);
      expect(product).toMatchObject({
        "@context": "https://schema.org",
        "@type": "Product",
        name: "Page Tee",
        description: "Heavy cotton & a moon print.",
        brand: { "@type": "Brand", name: "VAKI" },
        offers: {
          "@type": "Offer",
          priceCurrency: "INR",
          price: "1299.00",
          availability: "https://schema.org/InStock",
          url: `http://localhost/product/${ids.product}`,
        },
      });
      expect(product.image[0]).toMatch(/^http:\/\/localhost\/media\//);
      expect(breadcrumb).toMatchObject({
        "@type": "BreadcrumbList",
        itemListElement: [
          { position: 1, name: "VAKI", item: "http://localhost/" },
          { position: 2, name: "Tees", item: `http://localhost/products/${ids.tees}` },
          { position: 3, name: "Page Tee", item: `http://localhost/product/${ids.product}` },
        ],
      });
    });

    it("carries the product's first data as the page would fetch it", async () => {
      const html = (await page(`/product/${productSlug}`)).body;
      const raw = html.match(/<script type="application\/json" id="vaki-first-data">([\s\S]*?)<\/script>/)?.[1];
      const first = JSON.parse(raw ?? "");
      const api = (await shop.app.inject({ method: "GET", url: `/api/products/fetch/${productSlug}` })).json();
      expect(first).toEqual({ path: `/api/products/fetch/${productSlug}`, data: api.data });
    });

    it("carries a list's first page as the page would fetch it, unless the URL filters, sorts or names a category", async () => {
      const firstData = (html: string) => {
        const raw = html.match(/<script type="application\/json" id="vaki-first-data">([\s\S]*?)<\/script>/)?.[1];
        return raw === undefined ? undefined : JSON.parse(raw);
      };
      for (const [url, key] of [
        ["/products", null],
        [`/products/${ids.tees}`, String(ids.tees)],
        [`/products/${categorySlug}`, categorySlug],
        [`/category-products/${ids.tees}?categoryName=Tees`, String(ids.tees)],
      ] as const) {
        const path = firstListPagePath(key);
        const api = (await shop.app.inject({ method: "GET", url: path })).json();
        expect(api.data.content.length, url).toBeGreaterThan(0);
        expect(firstData((await page(url)).body), url).toEqual({ path, data: api.data });
      }
      for (const url of [
        `/products/${ids.tees}?size=M`,
        `/products/${ids.tees}?sort=price_asc`,
        "/products?inStock=true",
        `/products?categoryId=${ids.tees}`,
        "/products?categoryName=Tees",
      ]) {
        expect(firstData((await page(url)).body), url).toBeUndefined();
      }
    });

    it("says out of stock for a sold-out product, and escapes everything a name could smuggle in", async () => {
      const gone = jsonLd((await page(`/product/${ids.soldOut}`)).body)[0];
      expect(gone.offers).toMatchObject({ price: "2500.00", availability: "https://schema.org/OutOfStock" });

      const html = (await page(`/product/${ids.hostile}`)).body;
      expect(html).not.toContain("<script>alert(1)</script>");
      expect(html).toContain(
        "<title>VAKI | Tee &quot;&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot; &amp; &lt;b&gt;</title>",
      );
      // Only the page's own script blocks: JSON-LD, first data and the bundle.
      expect(html.match(/<script/g)).toHaveLength(4);
      expect(jsonLd(html)[0].name).toBe('Tee "</script><script>alert(1)</script>" & <b>');
    });

    it("titles the list, home and landing pages as the spec says, with canonical URLs on PUBLIC_URL or the shopper's origin", async () => {
      const category = (await page(`/products/${categorySlug}`)).body;
      expect(category).toContain("<title>VAKI | Tees</title>");
      expect(category).toContain(`<link rel="canonical" href="http://localhost/products/${ids.tees}" />`);
      expect((await page("/products")).body).toContain("<title>VAKI | All Products</title>");
      const home = await shop.app.inject({ method: "GET", url: "/", headers: { host: "192.168.1.20:3000" } });
      expect(home.body).toContain("<title>VAKI | Streetwear from the Vakiverse</title>");
      expect(home.body).toContain('<link rel="canonical" href="http://192.168.1.20:3000/" />');
      expect((await page("/vakiverse")).body).toContain(
        "<title>VAKI | The Vakiverse · Moon above, earth below</title>",
      );
    });

    it("answers a missing product with 404 and the not-found page, kept out of the index", async () => {
      const response = await page("/product/987654");
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain("<title>VAKI | Page not found</title>");
      expect(response.body).toContain('<meta name="robots" content="noindex" />');
      expect(response.body).not.toContain("application/ld+json");
      expect(response.body).toContain('<div id="root"></div>');
    });

    it("lists home, the landing page, every category, every product and the static pages in sitemap.xml", async () => {
      const response = await shop.app.inject({ method: "GET", url: "/sitemap.xml" });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toContain("application/xml");
      const xml = response.body;
      for (const path of ["/", "/vakiverse", "/products", `/products/${ids.tees}`, "/about", "/terms-of-service"]) {
        expect(xml).toContain(`<loc>http://localhost${path}</loc>`);
      }
      expect(xml).toMatch(
        new RegExp(`<loc>http://localhost/product/${ids.product}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod>`),
      );
    });

    it("keeps robots out of a shopper's pages and the API, and points them at the sitemap", async () => {
      const response = await shop.app.inject({ method: "GET", url: "/robots.txt" });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toContain("text/plain");
      for (const path of [
        "/profile",
        "/orders",
        "/order-confirmation",
        "/order-success",
        "/reset-password",
        "/search",
        "/wishlist",
        "/api/",
      ]) {
        expect(response.body).toContain(`Disallow: ${path}\n`);
      }
      expect(response.body).toContain("Sitemap: http://localhost/sitemap.xml");
    });
  });

  describe("what the browser fetches at once (issue 14)", () => {
    const links = (html: string, rel: string, as?: string) =>
      [...html.matchAll(new RegExp(`<link rel="${rel}"${as ? ` as="${as}"` : ""}[^>]*href="([^"]+)"`, "g"))].map(
        (match) => match[1],
      );

    it("starts the home page's own code and styles with the entry's, and its hero poster for each kind of screen", async () => {
      const html = (await page("/")).body;
      expect(links(html, "modulepreload")).toEqual(["/assets/home-page-Hh1234ab.js", "/assets/card-Cc1234ab.js"]);
      // Styles are fetched at once without blocking the first paint (the page's code adds them).
      expect(links(html, "preload", "style")).toEqual(["/assets/home-page-Hs1234ab.css", "/assets/card-Cs1234ab.css"]);
      expect(links(html, "stylesheet")).toEqual([]);
      expect(html).toContain(
        '<link rel="preload" as="image" href="/media/hero-mobile.jpg" media="(max-width: 47.99rem)" fetchpriority="high" />',
      );
      expect(html).toContain(
        '<link rel="preload" as="image" href="/media/hero-desktop.jpg" media="(min-width: 48rem)" fetchpriority="high" />',
      );
      // Only in the head, and nothing the entry already brings.
      expect(html.indexOf("home-page-Hh1234ab.js")).toBeLessThan(html.indexOf("</head>"));
      expect(links(html, "modulepreload")).not.toContain("/assets/react-Re1234ab.js");
    });

    it("preloads the image a product page's gallery opens on, at high priority", async () => {
      const html = (await page(`/product/${ids.product}`)).body;
      expect(links(html, "modulepreload")).toContain("/assets/product-page-Pp1234ab.js");
      expect(links(html, "preload", "image")).toEqual([`/media/test/${productSlug}-0.svg`]);
      expect(html).toContain(`href="/media/test/${productSlug}-0.svg" fetchpriority="high"`);
    });

    it("preloads the pictures of a list's first row of cards, at high priority", async () => {
      const html = (await page(`/products/${ids.tees}`)).body;
      const list = (await shop.app.inject({ method: "GET", url: firstListPagePath(String(ids.tees)) })).json();
      const pictures = list.data.content.slice(0, 2).map(cardImage);
      expect(pictures).toHaveLength(2);
      expect(links(html, "preload", "image")).toEqual(pictures);
      for (const picture of pictures) expect(html).toContain(`href="${picture}" fetchpriority="high"`);
    });

    it("gives a static page its code at once when there is no drawing of it, with the template's own head", async () => {
      const response = await page("/about");
      expect(response.statusCode).toBe(200);
      expect(links(response.body, "modulepreload")).toEqual(["/assets/about-page-Aa1234ab.js"]);
      expect(response.body).toContain("<title>VAKI | Streetwear from the Vakiverse</title>");
      expect(response.body).not.toContain('rel="canonical"');
    });

    it("gives the order confirmation and a shopper's own pages their code after the splash has painted", async () => {
      const code = (html: string) => {
        const json = html.match(/<script type="application\/json" id="vaki-code">([^<]*)<\/script>/)?.[1];
        return json ? (JSON.parse(json) as { entry: string; preload: string[] }) : null;
      };
      for (const [url, chunk] of [
        [
          "/order-confirmation/6f1c2b7e-0000-4000-8000-000000000000?orderSecret=abc",
          "/assets/order-confirmation-page-Oo1234ab.js",
        ],
        ["/order-confirmation", "/assets/order-confirmation-page-Oo1234ab.js"],
        ["/profile", null],
      ] as const) {
        const response = await page(url);
        expect(response.statusCode, url).toBe(200);
        expect(links(response.body, "modulepreload"), url).toEqual([]);
        expect(response.body, url).not.toContain('<script type="module"');
        expect(response.body, url).toContain('<div id="root"></div>');
        expect(response.body, url).toContain('<script async src="/app-loader.js"></script>');
        expect(response.body, url).not.toContain("vaki-app-state");
        const loaded = code(response.body);
        expect(loaded?.entry, url).toMatch(/^\/assets\/index-.+\.js$/);
        if (chunk) expect(loaded?.preload, url).toContain(chunk);
        expect(response.body, url).toContain("<title>VAKI | Streetwear from the Vakiverse</title>");
      }
    });

    it("gives a page that does not exist no hints", async () => {
      const response = await page("/product/987654");
      expect(response.statusCode).toBe(404);
      expect(links(response.body, "modulepreload")).toEqual([]);
      expect(links(response.body, "preload")).toEqual([]);
    });
  });
});
