import type { CategoryContext, ProductDetail } from "@vaki/contract/catalog";
import { absoluteUrl } from "../../lib/shop-origin.js";

/*
 * What search engines and link previews read in a storefront page's <head>: title, description,
 * canonical URL, Open Graph and Twitter tags, JSON-LD (Product with its Offer in INR, and a
 * BreadcrumbList). Pure functions: everything is escaped here, nothing trusts its input.
 */

/** The tagline titles and descriptions of home and the landing page (the storefront uses the same). */
export const landingCopy = {
  homeTagline: "Streetwear from the Vakiverse",
  homeDescription:
    "Oversized tees, hoodies, caps and more from the Vakiverse. Cash on delivery, free shipping worldwide, 10% off your first order.",
  vakiverseTagline: "The Vakiverse · Moon above, earth below",
  vakiverseDescription:
    "Moon above, earth below, and a sky full of glowing wires in between. Meet the Vakiverse characters and wear their stories.",
  allProductsDescription: (brand: string) =>
    `Every ${brand} piece in one place: oversized tees, hoodies, sweatshirts, joggers, caps and more. Cash on delivery, free shipping worldwide.`,
  notFound: "Page not found",
} as const;

/** One page's head as data, before it is written out. */
export interface PageHead {
  title: string;
  description: string;
  /** Absolute URL; null for pages that must not be indexed (not found). */
  canonical: string | null;
  ogType: "website" | "product";
  image: string | null;
  /** Extra meta properties (product:price:amount...). */
  extraMeta?: [property: string, content: string][];
  jsonLd: object[];
  noindex?: boolean;
  /** The route's first data, as the page would fetch it (decision 0008). */
  firstData?: { path: string; data: unknown };
}

/** Escapes text for HTML text and attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** JSON for a <script> block: no "</script>", "<!--" or line separators can end or break it. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

const rupees = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 0 });

/** "Rs. 1,299" (paise in), formatted for en-IN whatever the server's locale. */
export function formatRupees(paise: number): string {
  return `Rs. ${rupees.format(Math.round(paise / 100))}`;
}

/** Schema.org's price: rupees with two decimals and no grouping ("1299.00"). */
export function schemaPrice(paise: number): string {
  return (paise / 100).toFixed(2);
}

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", nbsp: " " };

/** Plain text of sanitised product HTML, whitespace collapsed. */
export function plainText(html: string): string {
  return (
    html
      .replace(/<\/li\s*>/gi, "\uE000")
      .replace(/<(br|\/p|\/h\d)\b[^>]*>/gi, " ")
      .replace(/<[^>]*>/g, "")
      // A list item reads as a sentence.
      .replace(/([^.!?\s])\s*\uE000/g, "$1. ")
      .replace(/\uE000/g, " ")
      .replace(/&(#?\w+);/g, (match, name: string) => {
        if (entities[name]) return entities[name];
        const code = name.startsWith("#x") ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
        return name.startsWith("#") && Number.isFinite(code) ? String.fromCodePoint(code) : match;
      })
      .replace(/\s+/g, " ")
      .trim()
  );
}

/** At most `max` characters, cut at a word with an ellipsis. */
export function truncate(text: string, max = 160): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:—-]+$/, "")}…`;
}

const absolute = (origin: string, url: string | null | undefined) => (url ? absoluteUrl(origin, url) : null);

function breadcrumbList(origin: string, brand: string, items: { name: string; path: string }[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: [{ name: brand, path: "/" }, ...items].map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      item: `${origin}${item.path}`,
    })),
  };
}

const categoryTrail = (category: CategoryContext | undefined) =>
  (category?.breadcrumb ?? []).map((entry) => ({ name: entry.name, path: `/products/${entry.id}` }));

export function homeHead(origin: string, brand: string): PageHead {
  return {
    title: `${brand} | ${landingCopy.homeTagline}`,
    description: landingCopy.homeDescription,
    canonical: `${origin}/`,
    ogType: "website",
    image: `${origin}/media/categories/vakiverse.svg`,
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "WebSite",
        name: brand,
        url: `${origin}/`,
      },
    ],
  };
}

export function vakiverseHead(origin: string, brand: string): PageHead {
  return {
    title: `${brand} | ${landingCopy.vakiverseTagline}`,
    description: landingCopy.vakiverseDescription,
    canonical: `${origin}/vakiverse`,
    ogType: "website",
    image: `${origin}/media/categories/vakiverse.svg`,
    jsonLd: [breadcrumbList(origin, brand, [{ name: "Vakiverse", path: "/vakiverse" }])],
  };
}

export function allProductsHead(origin: string, brand: string): PageHead {
  return {
    title: `${brand} | All Products`,
    description: landingCopy.allProductsDescription(brand),
    canonical: `${origin}/products`,
    ogType: "website",
    image: null,
    jsonLd: [breadcrumbList(origin, brand, [{ name: "All Products", path: "/products" }])],
  };
}

export function categoryHead(origin: string, brand: string, category: CategoryContext): PageHead {
  const description =
    category.tagline && category.description
      ? `${category.tagline} ${category.description}`
      : (category.description ?? `Shop ${category.name} at ${brand}. Cash on delivery, free shipping worldwide.`);
  return {
    title: `${brand} | ${category.name}`,
    description: truncate(description),
    canonical: `${origin}/products/${category.id}`,
    ogType: "website",
    image: absolute(origin, category.imageUrl),
    jsonLd: [breadcrumbList(origin, brand, categoryTrail(category))],
  };
}

/** A product page: Product with one Offer in INR (stock decides availability) and its breadcrumb. */
export function productHead(
  origin: string,
  brand: string,
  product: ProductDetail,
  category: CategoryContext | undefined,
  firstDataPath: string,
): PageHead {
  const url = `${origin}/product/${product.id}`;
  const text = plainText(product.description);
  const price = formatRupees(product.price);
  const images = product.images.map((image) => absolute(origin, image.imageUrl)).filter((u): u is string => !!u);
  const sku = product.variants[0]?.sku;
  return {
    title: `${brand} | ${product.name}`,
    description: truncate(`${product.name} — ${price} inclusive of all taxes. ${text}`),
    canonical: url,
    ogType: "product",
    image: images[0] ?? null,
    extraMeta: [
      ["product:price:amount", schemaPrice(product.price)],
      ["product:price:currency", "INR"],
      ["product:availability", product.inStock ? "in stock" : "out of stock"],
    ],
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "Product",
        name: product.name,
        description: truncate(text, 500),
        image: images,
        url,
        ...(sku ? { sku } : {}),
        brand: { "@type": "Brand", name: brand },
        offers: {
          "@type": "Offer",
          url,
          priceCurrency: "INR",
          price: schemaPrice(product.price),
          availability: product.inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
          itemCondition: "https://schema.org/NewCondition",
        },
      },
      breadcrumbList(origin, brand, [
        ...categoryTrail(category),
        { name: product.name, path: `/product/${product.id}` },
      ]),
    ],
    firstData: { path: firstDataPath, data: product },
  };
}

export function notFoundHead(brand: string): PageHead {
  return {
    title: `${brand} | ${landingCopy.notFound}`,
    description: landingCopy.homeDescription,
    canonical: null,
    ogType: "website",
    image: null,
    jsonLd: [],
    noindex: true,
  };
}

/** The id of the JSON script tag carrying a route's first data (decision 0008). */
export const firstDataElementId = "vaki-first-data";

/** The head's tags as HTML, every value escaped. */
export function headTags(head: PageHead, brand: string): string {
  const meta = (attribute: "name" | "property", key: string, content: string) =>
    `<meta ${attribute}="${escapeHtml(key)}" content="${escapeHtml(content)}" />`;
  const lines = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta("name", "description", head.description),
    ...(head.noindex ? [meta("name", "robots", "noindex")] : []),
    ...(head.canonical ? [`<link rel="canonical" href="${escapeHtml(head.canonical)}" />`] : []),
    meta("property", "og:site_name", brand),
    meta("property", "og:type", head.ogType),
    meta("property", "og:title", head.title),
    meta("property", "og:description", head.description),
    ...(head.canonical ? [meta("property", "og:url", head.canonical)] : []),
    ...(head.image ? [meta("property", "og:image", head.image)] : []),
    meta("property", "og:locale", "en_IN"),
    ...(head.extraMeta ?? []).map(([key, content]) => meta("property", key, content)),
    meta("name", "twitter:card", head.image ? "summary_large_image" : "summary"),
    meta("name", "twitter:title", head.title),
    meta("name", "twitter:description", head.description),
    ...(head.image ? [meta("name", "twitter:image", head.image)] : []),
    ...head.jsonLd.map((block) => `<script type="application/ld+json">${scriptSafeJson(block)}</script>`),
    ...(head.firstData
      ? [`<script type="application/json" id="${firstDataElementId}">${scriptSafeJson(head.firstData)}</script>`]
      : []),
  ];
  return lines.join("\n    ");
}

/**
 * The template with this head: its own <title> and description are replaced, the rest of the
 * tags go just before </head>.
 */
export function injectHead(template: string, head: PageHead, brand: string): string {
  const withoutDefaults = template
    .replace(/<title>[\s\S]*?<\/title>\s*/i, "")
    .replace(/<meta\s+name=["']description["'][^>]*>\s*/i, "");
  return injectBeforeHeadEnd(withoutDefaults, headTags(head, brand));
}

/** An image the page will paint first and largest (its LCP element), for one kind of screen or all. */
export interface ImageHint {
  href: string;
  /** A media query; the browser fetches only the hints whose query matches. */
  media?: string;
  /** A photo's srcset and sizes (the browser preloads the width it will draw) and the format's type. */
  srcset?: string;
  sizes?: string;
  type?: string;
}

/** What a page's HTML tells the browser to fetch at once (issue 14). */
export interface PageHints {
  scripts: string[];
  styles: string[];
  images: ImageHint[];
}

/**
 * Preload tags: the route's own code (modulepreload) and styles, and its LCP image at high
 * priority, instead of after the app has run and asked for them. The styles are preloaded, not
 * linked, when the browser draws the page: the splash paints with the shell's styles alone
 * (inline in index.html), and the route's code adds them (from cache) before the page renders.
 * When the server drew the page (`linkStyles`), its content needs them for its first paint.
 */
export function hintTags(hints: PageHints, options: { linkStyles?: boolean } = {}): string {
  return [
    ...hints.styles.map((href) =>
      options.linkStyles
        ? `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}" />`
        : `<link rel="preload" as="style" crossorigin href="${escapeHtml(href)}" />`,
    ),
    ...hints.scripts.map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}" />`),
    ...hints.images.map(
      (image) =>
        `<link rel="preload" as="image" href="${escapeHtml(image.href)}"${image.media ? ` media="${escapeHtml(image.media)}"` : ""}${imageSetAttributes(image)} fetchpriority="high" />`,
    ),
  ].join("\n    ");
}

/** A photo hint's imagesrcset, imagesizes and type (a browser without the type skips the hint). */
function imageSetAttributes(image: ImageHint): string {
  if (!image.srcset) return "";
  const sizes = image.sizes ? ` imagesizes="${escapeHtml(image.sizes)}"` : "";
  const type = image.type ? ` type="${escapeHtml(image.type)}"` : "";
  return ` imagesrcset="${escapeHtml(image.srcset)}"${sizes}${type}`;
}

/** The page with these tags just before </head>. */
export function injectBeforeHeadEnd(html: string, tags: string): string {
  if (tags === "") return html;
  const at = html.search(/<\/head>/i);
  if (at === -1) {
    // No head to close (a bare template): right after the doctype, so the page keeps standards mode.
    const doctype = html.match(/^\s*<!doctype[^>]*>/i)?.[0] ?? "";
    return `${doctype}\n${tags}\n${html.slice(doctype.length)}`;
  }
  return `${html.slice(0, at)}  ${tags}\n  ${html.slice(at)}`;
}
