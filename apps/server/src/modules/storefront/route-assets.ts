import { existsSync, readFileSync, statSync } from "node:fs";

/**
 * The storefront's page modules (apps/web/src/pages), one per route the server answers with
 * hints. Keep in step with apps/web/src/app/routes.tsx; route-assets.test.ts checks the files exist.
 */
export const pageModules = {
  home: "src/pages/home/home-page.tsx",
  vakiverse: "src/pages/vakiverse/vakiverse-page.tsx",
  productList: "src/pages/product-list/product-list-page.tsx",
  product: "src/pages/product/product-page.tsx",
  orderConfirmation: "src/pages/order-confirmation/order-confirmation-page.tsx",
  about: "src/pages/static/about-page.tsx",
  careers: "src/pages/static/careers-page.tsx",
  contact: "src/pages/static/contact-page.tsx",
  faq: "src/pages/static/faq-page.tsx",
  privacyPolicy: "src/pages/static/privacy-policy-page.tsx",
  shippingPolicies: "src/pages/static/shipping-policies-page.tsx",
  termsAndConditions: "src/pages/static/terms-and-conditions-page.tsx",
  termsOfService: "src/pages/static/terms-of-service-page.tsx",
} as const;

export type PageModule = keyof typeof pageModules;

/** What a page needs beyond the entry's own script and stylesheet (which index.html already links). */
export interface PageAssets {
  /** Script chunks, as root-relative URLs, to modulepreload. */
  scripts: string[];
  /** Stylesheets, as root-relative URLs, to link. */
  styles: string[];
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

type Manifest = Record<string, ManifestChunk>;

const NONE: PageAssets = { scripts: [], styles: [] };

/**
 * Reads the storefront build's manifest (apps/web/dist/.vite/manifest.json) so a page's HTML can
 * start fetching the page's own code and styles with the entry's, instead of after the entry has
 * run and the router has asked for them: one round trip less on every first visit (issue 14).
 * Read again when the file changes; a build without a manifest gives no hints.
 */
export class RouteAssets {
  private cached: { mtimeMs: number; manifest: Manifest; byPage: Map<string, PageAssets> } | undefined;

  constructor(private readonly manifestFile: string) {}

  of(page: PageModule): PageAssets {
    const state = this.load();
    if (!state) return NONE;
    const key = pageModules[page];
    let assets = state.byPage.get(key);
    if (!assets) {
      assets = pageAssets(state.manifest, key);
      state.byPage.set(key, assets);
    }
    return assets;
  }

  /** A number that changes when the manifest does (part of rendered pages' cache keys). */
  version(): number {
    return this.load()?.mtimeMs ?? 0;
  }

  private load() {
    if (!existsSync(this.manifestFile)) return undefined;
    const { mtimeMs } = statSync(this.manifestFile);
    if (this.cached?.mtimeMs !== mtimeMs) {
      try {
        const manifest = JSON.parse(readFileSync(this.manifestFile, "utf8")) as Manifest;
        this.cached = { mtimeMs, manifest, byPage: new Map() };
      } catch {
        // A manifest being written right now: no hints this time, read again next time.
        return undefined;
      }
    }
    return this.cached;
  }
}

/** The chunks a manifest key imports statically, itself included, depth first. */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) closure(manifest, imported, seen);
  return seen;
}

/** The scripts and stylesheets of a page module that the entry does not already bring. */
export function pageAssets(manifest: Manifest, pageKey: string): PageAssets {
  if (!manifest[pageKey]) return NONE;
  const entryKeys = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const entry = new Set<string>();
  for (const key of entryKeys) closure(manifest, key, entry);
  const entryStyles = new Set([...entry].flatMap((key) => manifest[key]?.css ?? []));
  const page = [...closure(manifest, pageKey)].filter((key) => !entry.has(key));
  const styles = new Set(page.flatMap((key) => manifest[key]?.css ?? []).filter((file) => !entryStyles.has(file)));
  return {
    scripts: page.map((key) => `/${manifest[key]?.file}`),
    styles: [...styles].map((file) => `/${file}`),
  };
}
