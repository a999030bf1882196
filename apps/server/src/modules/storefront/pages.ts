import { productKeySchema } from "@vaki/contract/catalog";
import { LRUCache } from "lru-cache";
import type { CatalogService } from "../catalog/service.js";
import {
  allProductsHead,
  categoryHead,
  escapeHtml,
  homeHead,
  injectHead,
  notFoundHead,
  type PageHead,
  productHead,
  vakiverseHead,
} from "./head.js";
import type { IndexTemplate } from "./index-template.js";

/** A storefront route the server renders a head for. */
export type StorefrontRoute =
  | { kind: "home" }
  | { kind: "vakiverse" }
  | { kind: "all-products" }
  | { kind: "category"; key: string }
  | { kind: "product"; key: string };

export interface RenderedPage {
  status: 200 | 404;
  html: string;
}

/** Static pages of the storefront (accounts-and-orders: about, careers, contact, FAQ, policies). */
export const staticPagePaths = [
  "/about",
  "/careers",
  "/contact",
  "/faq",
  "/privacy-policy",
  "/shipping-policies",
  "/terms-and-conditions",
  "/terms-of-service",
] as const;

/** What robots may not crawl: a shopper's own pages and the API. */
export const disallowedPaths = [
  "/profile",
  "/orders",
  "/order-confirmation",
  "/order-success",
  "/reset-password",
  "/api/",
] as const;

/**
 * Renders storefront pages for search engines and link previews: the built index.html with the
 * route's head (decision 0008), the sitemap and robots.txt. Rendered answers are kept per route
 * and origin for at most 10 s (stock moves without a catalogue change, like the catalogue's own
 * cache) and dropped when the catalogue version or the template changes.
 */
export class StorefrontPages {
  private readonly cache = new LRUCache<string, RenderedPage>({ max: 500, ttl: 10_000 });

  constructor(private readonly deps: { catalog: CatalogService; template: IndexTemplate; brand: string }) {
    deps.catalog.onCatalogueChange(() => this.cache.clear());
  }

  async page(route: StorefrontRoute, origin: string): Promise<RenderedPage> {
    const key = `${this.deps.template.version()}|${origin}|${route.kind}|${"key" in route ? route.key : ""}`;
    const hit = this.cache.get(key);
    if (hit) return hit;
    const head = await this.headOf(route, origin);
    const page: RenderedPage = {
      status: head ? 200 : 404,
      html: injectHead(this.deps.template.html(), head ?? notFoundHead(this.deps.brand), this.deps.brand),
    };
    this.cache.set(key, page);
    return page;
  }

  /** The head of a route, or undefined when its product or category does not exist. */
  private async headOf(route: StorefrontRoute, origin: string): Promise<PageHead | undefined> {
    const { catalog, brand } = this.deps;
    switch (route.kind) {
      case "home":
        return homeHead(origin, brand);
      case "vakiverse":
        return vakiverseHead(origin, brand);
      case "all-products":
        return allProductsHead(origin, brand);
      case "category": {
        const key = productKeySchema.safeParse(route.key);
        const category = key.success ? await catalog.findCategory(key.data) : undefined;
        return category ? categoryHead(origin, brand, category) : undefined;
      }
      case "product": {
        const key = productKeySchema.safeParse(route.key);
        const product = key.success ? await catalog.productDetail(key.data) : undefined;
        if (!product) return undefined;
        const first = product.categories[0];
        const category = first ? await catalog.findCategory(first.id) : undefined;
        const path = `/api/products/fetch/${encodeURIComponent(route.key)}`;
        return productHead(origin, brand, product, category, path);
      }
    }
  }

  /** sitemap.xml: home, the landing page, all products, every category list, every product, the static pages. */
  async sitemap(origin: string): Promise<string> {
    const key = `sitemap|${origin}`;
    const hit = this.cache.get(key);
    if (hit) return hit.html;
    const { categories, products } = await this.deps.catalog.sitemapEntries();
    const url = (path: string, lastmod?: string) =>
      `  <url><loc>${escapeHtml(`${origin}${path}`)}</loc>${lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : ""}</url>`;
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      url("/"),
      url("/vakiverse"),
      url("/products"),
      ...categories.map((category) => url(`/products/${category.id}`)),
      ...products.map((product) => url(`/product/${product.id}`, product.updatedAt)),
      ...staticPagePaths.map((path) => url(path)),
      "</urlset>",
      "",
    ].join("\n");
    this.cache.set(key, { status: 200, html: xml });
    return xml;
  }

  robots(origin: string): string {
    return [
      "User-agent: *",
      ...disallowedPaths.map((path) => `Disallow: ${path}`),
      "",
      `Sitemap: ${origin}/sitemap.xml`,
      "",
    ].join("\n");
  }
}
