import { categoryProductsQuerySchema, productKeySchema, productsQuerySchema } from "@vaki/contract/catalog";
import { HERO_DESKTOP_QUERY, HERO_MEDIA, HERO_PHONE_QUERY } from "@vaki/contract/hero-media";
import { photoSizes } from "@vaki/contract/photos";
import { cardPicture, firstListPagePath, firstListPageQuery } from "@vaki/contract/product-list";
import { galleryImages, resolveSelection } from "@vaki/contract/product-options";
import { LRUCache } from "lru-cache";
import { withEncodings } from "../catalog/response-cache.js";
import type { CatalogService } from "../catalog/service.js";
import type { AppRenderer, RenderedApp } from "./app-renderer.js";
import {
  allProductsHead,
  categoryHead,
  escapeHtml,
  hintTags,
  homeHead,
  type ImageHint,
  injectBeforeHeadEnd,
  injectHead,
  notFoundHead,
  type PageHead,
  productHead,
  scriptSafeJson,
  vakiverseHead,
} from "./head.js";
import type { IndexTemplate } from "./index-template.js";
import type { PageModule, RouteAssets } from "./route-assets.js";

/**
 * A storefront route the server answers: with a head for search engines (the catalogue's pages),
 * and with hints to fetch the page's code, styles and first image early (every route here).
 */
export type StorefrontRoute =
  | { kind: "home" }
  | { kind: "vakiverse" }
  /** `unfiltered`: the URL sets no filter, sort or category, so its first list page goes into the HTML. */
  | { kind: "all-products"; unfiltered: boolean }
  | { kind: "category"; key: string; unfiltered: boolean }
  /** `color`: the ?color= the page opens on (its gallery starts at that colour's first image). */
  | { kind: "product"; key: string; color?: string }
  /** A page with the template's own head: a static page, or a shopper's own (never indexed). */
  | { kind: "plain"; page: PageModule }
  /** A shopper's own page the app draws alone (profile, orders...): the template as it is. */
  | { kind: "app-only" }
  /** No storefront page has this path: 404 with the app, which shows its not-found view. */
  | { kind: "not-found" };

/** The app's own pages without a head or hints of their own (keep in step with apps/web/src/app/routes.tsx). */
export const appOnlyPaths = [
  "/order-success",
  "/profile",
  "/orders",
  "/reset-password",
  "/search",
  "/wishlist",
  "/back-in-stock/unsubscribe",
] as const;

export interface RenderedPage {
  status: 200 | 301 | 404;
  html: string;
  /** The product's page now (status 301): the route named it by an old slug. */
  movedTo?: string;
  /** Its brotli and gzip forms, made once when it is drawn and sent as they are (a page of 1 KB or more). */
  encoded?: { br: Buffer; gzip: Buffer };
}

/** Static pages of the storefront (accounts-and-orders: about, careers, contact, FAQ, policies), by path. */
export const staticPages = {
  "/about": "about",
  "/careers": "careers",
  "/contact": "contact",
  "/faq": "faq",
  "/privacy-policy": "privacyPolicy",
  "/shipping-policies": "shippingPolicies",
  "/terms-and-conditions": "termsAndConditions",
  "/terms-of-service": "termsOfService",
} as const satisfies Record<string, PageModule>;

export const staticPagePaths = Object.keys(staticPages) as (keyof typeof staticPages)[];

/** Cards in a list's first row on a phone (two columns): their pictures are preloaded. */
const FIRST_ROW_CARDS = 2;

/** What tells one route's page from another's (its cache key, with the build and the origin). */
function routeKey(route: StorefrontRoute): string {
  switch (route.kind) {
    case "plain":
      return `plain|${route.page}`;
    case "product":
      return `product|${route.key}|${route.color ?? ""}`;
    case "category":
      return `category|${route.key}|${route.unfiltered}`;
    case "all-products":
      return `all-products|${route.unfiltered}`;
    default:
      return route.kind;
  }
}

/**
 * The routes whose content the server draws: the catalogue's and the static pages, the same for
 * every shopper. A shopper's own pages (the order confirmation, the app-only ones) are the browser's.
 */
function rendersOnServer(route: StorefrontRoute): boolean {
  if (route.kind === "plain") return route.page !== "orderConfirmation";
  return route.kind !== "app-only" && route.kind !== "not-found";
}

/** The id of the script tag carrying the drawn page's answers (TanStack Query's dehydrated cache). */
export const appStateElementId = "vaki-app-state";

/**
 * The template with the app's code (the template's module script and preloads, and the route's
 * own chunks) not fetched at once but by /app-loader.js once the page has painted, and, on a drawn
 * page, the drawn app in #root (marked, so the browser knows the markup is the server's until its
 * own render takes over) with the answers it was drawn with. The drawing, or the splash on a page
 * the browser draws, is the page until then. The loader is `async`, not `defer`: a deferred
 * script runs in the task that ends the parse, beside the page's first style and layout, and
 * Lighthouse then counts that whole task (30–80 ms here) as the loader's, after the first paint.
 */
function withDeferredCode(html: string, app: RenderedApp | null, routeScripts: readonly string[]): string {
  const root = '<div id="root"></div>';
  const entry = html.match(/<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>\s*/);
  if (!html.includes(root) || !entry?.[1]) return html;
  const preloads: string[] = [];
  const withoutCode = html
    .replace(entry[0], "")
    .replace(/<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>\s*/g, (_tag, href: string) => {
      preloads.push(href);
      return "";
    });
  const code = { entry: entry[1], preload: [...new Set([...preloads, ...routeScripts])] };
  const drawing = app
    ? `<div id="root" data-server-rendered>${app.html}</div>\n    <script type="application/json" id="${appStateElementId}">${scriptSafeJson(app.state)}</script>`
    : root;
  return withoutCode.replace(
    root,
    () =>
      `${drawing}\n    <script type="application/json" id="vaki-code">${scriptSafeJson(code)}</script>\n    <script async src="/app-loader.js"></script>`,
  );
}

/** What a route's page is made of, before it is written out. */
interface PagePlan {
  /** False: the route's product or category does not exist. */
  found: boolean;
  /** The path the route's product lives at now, when the route named it by an old slug. */
  movedTo?: string;
  /** The head for search engines; null keeps the template's. */
  head: PageHead | null;
  /** Null: no page module to hint (the app-only pages). */
  module: PageModule | null;
  images: ImageHint[];
}

/** What robots may not crawl: a shopper's own pages and the API. */
export const disallowedPaths = [
  "/profile",
  "/orders",
  "/order-confirmation",
  "/order-success",
  "/reset-password",
  "/search",
  "/wishlist",
  "/back-in-stock/",
  "/api/",
] as const;

/** A rendered page is sent as it is for this long (stock moves without a catalogue change, like the catalogue's own cache). */
const PAGE_FRESH_MS = 10_000;
/**
 * After that, and up to this age, it is still sent at once while a fresh one is drawn behind it
 * (stale-while-revalidate: a shopper never waits for a drawing that is already there); older, it
 * is drawn again first. Live figures (stock) are the browser's to refresh (decision 0019).
 */
const PAGE_STALE_MS = 60_000;

/**
 * Renders storefront pages: the built index.html with the route's head (decision 0008), its
 * content drawn by the server where it is the same for everyone (decision 0020), the sitemap and
 * robots.txt. Rendered pages are kept per URL and origin (fresh for 10 s, then refreshed behind
 * the next request for up to a minute, one drawing at a time per page) and dropped when the
 * catalogue version, the template or the build changes.
 */
export class StorefrontPages {
  private readonly cache = new LRUCache<string, RenderedPage & { at: number }>({ max: 500 });
  /** Drawings under way, by cache key: concurrent requests for a page share one. */
  private readonly drawing = new Map<string, Promise<RenderedPage>>();
  /** Bumped when the catalogue changes: a drawing begun before is not kept. */
  private generation = 0;
  private readonly sitemaps = new LRUCache<string, string>({ max: 50, ttl: PAGE_FRESH_MS });

  constructor(
    private readonly deps: {
      catalog: CatalogService;
      template: IndexTemplate;
      assets: RouteAssets;
      brand: string;
      /** Draws the page's content into its HTML (issue 26); absent, the browser draws it alone. */
      renderer?: AppRenderer;
    },
  ) {
    deps.catalog.onCatalogueChange(() => {
      this.generation++;
      this.cache.clear();
      this.sitemaps.clear();
    });
  }

  /** The route's page; `url` (path and query) is what the server draws when the route is one it renders. */
  async page(route: StorefrontRoute, origin: string, url?: string): Promise<RenderedPage> {
    const { template, assets, renderer } = this.deps;
    const drawn = url !== undefined && renderer !== undefined && rendersOnServer(route);
    // A rebuild rewrites index.html (the template's version); the server build itself is loaded once per process.
    const key = `${template.version()}|${assets.version()}|${origin}|${routeKey(route)}|${drawn ? url : ""}`;
    const hit = this.cache.get(key);
    const age = hit ? Date.now() - hit.at : Number.POSITIVE_INFINITY;
    if (hit && age < PAGE_FRESH_MS) return hit;
    const fresh = this.draw(key, () => this.build(route, origin, drawn ? url : undefined));
    if (hit && age < PAGE_STALE_MS) {
      fresh.catch(() => undefined);
      return hit;
    }
    return fresh;
  }

  /** One drawing per key at a time; kept unless the catalogue changed meanwhile. */
  private draw(key: string, build: () => Promise<RenderedPage>): Promise<RenderedPage> {
    const pending = this.drawing.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const next = build()
      .then(async (page) => ({ ...page, encoded: (await withEncodings({ body: page.html, etag: "" })).encoded }))
      .then((page) => {
        if (generation === this.generation) this.cache.set(key, { ...page, at: Date.now() });
        return page;
      })
      .finally(() => this.drawing.delete(key));
    this.drawing.set(key, next);
    return next;
  }

  private async build(route: StorefrontRoute, origin: string, url: string | undefined): Promise<RenderedPage> {
    const { template, assets, brand, renderer } = this.deps;
    const plan = await this.planOf(route, origin);
    if (plan.movedTo) return { status: 301, html: "", movedTo: plan.movedTo };
    const app = url !== undefined && renderer && plan.found ? await renderer.render(`${origin}${url}`) : null;
    let html = template.html();
    if (!plan.found) {
      html = injectHead(html, notFoundHead(brand), brand);
    } else {
      // A drawn page carries its answers whole (the app's state), so the head's first data would repeat them.
      if (plan.head) html = injectHead(html, app ? { ...plan.head, firstData: undefined } : plan.head, brand);
      const hints = plan.module ? assets.of(plan.module) : { scripts: [], styles: [] };
      // A drawn page, and a shopper's own page (its splash paints first either way), get their code
      // after their first paint (withDeferredCode). A page meant to be drawn whose drawing is
      // missing gets it at once: its content waits for that code.
      const deferCode = app !== null || !rendersOnServer(route);
      html = injectBeforeHeadEnd(
        html,
        hintTags(
          { ...hints, scripts: deferCode ? [] : hints.scripts, images: plan.module ? plan.images : [] },
          { linkStyles: app !== null },
        ),
      );
      if (deferCode) html = withDeferredCode(html, app, hints.scripts);
    }
    return { status: plan.found ? 200 : 404, html };
  }

  /** The head, page module and first image of a route; not found when its product or category does not exist. */
  private async planOf(route: StorefrontRoute, origin: string): Promise<PagePlan> {
    const { catalog, brand } = this.deps;
    const notFound: PagePlan = { found: false, head: null, module: "home", images: [] };
    switch (route.kind) {
      case "home":
        return {
          found: true,
          head: homeHead(origin, brand),
          module: "home",
          // The hero's poster is the home page's largest paint; each screen fetches only its own cut.
          images: [
            { href: HERO_MEDIA.phone.poster, media: HERO_PHONE_QUERY },
            { href: HERO_MEDIA.desktop.poster, media: HERO_DESKTOP_QUERY },
          ],
        };
      case "vakiverse":
        return { found: true, head: vakiverseHead(origin, brand), module: "vakiverse", images: [] };
      case "all-products": {
        const list = route.unfiltered ? await this.firstListPage(null) : null;
        return {
          found: true,
          head: { ...allProductsHead(origin, brand), firstData: list?.firstData },
          module: "productList",
          images: list?.images ?? [],
        };
      }
      case "category": {
        const key = productKeySchema.safeParse(route.key);
        const category = key.success ? await catalog.findCategory(key.data) : undefined;
        if (!key.success || !category) return notFound;
        const list = route.unfiltered ? await this.firstListPage(route.key, key.data) : null;
        return {
          found: true,
          head: { ...categoryHead(origin, brand, category), firstData: list?.firstData },
          module: "productList",
          images: list?.images ?? [],
        };
      }
      case "product": {
        const key = productKeySchema.safeParse(route.key);
        const product = key.success ? await catalog.productDetail(key.data) : undefined;
        if (!product) return notFound;
        // An old slug finds the product as it is now: its page answers from its own address.
        if (typeof key.data === "string" && key.data !== product.slug) {
          const movedTo = `/product/${encodeURIComponent(product.slug)}`;
          return { found: true, movedTo, head: null, module: null, images: [] };
        }
        const first = product.categories[0];
        const category = first ? await catalog.findCategory(first.id) : undefined;
        const path = `/api/products/fetch/${encodeURIComponent(route.key)}`;
        // The image the gallery opens on: the first of the colour the page preselects.
        const selection = resolveSelection(product, { color: route.color });
        const image = galleryImages(product.images, selection.color)[0];
        return {
          found: true,
          head: productHead(origin, brand, product, category, path),
          module: "product",
          // An uploaded photo: the gallery's AVIF at the gallery's size, the file its <picture> picks.
          images: image
            ? [
                image.photo
                  ? {
                      href: image.imageUrl,
                      srcset: image.photo.avif,
                      sizes: photoSizes.productGallery,
                      type: "image/avif",
                    }
                  : { href: image.imageUrl },
              ]
            : [],
        };
      }
      case "plain":
        return { found: true, head: null, module: route.page, images: [] };
      case "app-only":
        return { found: true, head: null, module: null, images: [] };
      case "not-found":
        return notFound;
    }
  }

  /**
   * A list's first page as the page will ask for it (the category as its URL names it), so the
   * list, its count and its category's heading paint with the app; and the pictures of its first
   * row of cards, the page's largest paint.
   */
  private async firstListPage(
    urlKey: string | null,
    key: number | string | null = urlKey,
  ): Promise<{ firstData: PageHead["firstData"]; images: ImageHint[] } | null> {
    const query =
      key === null
        ? productsQuerySchema.parse(firstListPageQuery)
        : categoryProductsQuerySchema.parse(firstListPageQuery);
    const data = await this.deps.catalog.listPage(key, query);
    if (!data) return null;
    // The same file the card's <picture> picks: an uploaded photo's AVIF at the card's width.
    const images = data.content
      .slice(0, FIRST_ROW_CARDS)
      .map(cardPicture)
      .filter((picture) => picture !== null)
      .map(({ url, photo }) =>
        photo ? { href: url, srcset: photo.avif, sizes: photoSizes.productCard, type: "image/avif" } : { href: url },
      );
    return { firstData: { path: firstListPagePath(urlKey), data }, images };
  }

  /** sitemap.xml: home, the landing page, all products, every category list, every product, the static pages. */
  async sitemap(origin: string): Promise<string> {
    const hit = this.sitemaps.get(origin);
    if (hit) return hit;
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
    this.sitemaps.set(origin, xml);
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
