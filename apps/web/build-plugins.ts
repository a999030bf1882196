import type { Plugin, Rollup } from "vite";

type OutputAsset = Rollup.OutputAsset;
type OutputChunk = Rollup.OutputChunk;

/** Replaces %SHOP_NAME% in index.html so the pre-JS title and meta follow VITE_SHOP_NAME. */
export function shopNameInHtml(shopName: string): Plugin {
  return {
    name: "vaki:shop-name-in-html",
    transformIndexHtml: (html) => html.replaceAll("%SHOP_NAME%", shopName),
  };
}

/**
 * Writes the entry stylesheet into index.html as a <style> element instead of linking it (issue 14;
 * decision 0009). Nothing paints before the shell's styles are in, and the shop is an app whose
 * HTML is fetched once a visit: inlining them (6.5 KB gzip) takes a round trip off every first
 * paint, and the splash paints with the HTML's first bytes. Only in the build; the file is still
 * emitted, so the manifest and the server's route hints stay as they were.
 */
export function inlineEntryStyles(): Plugin {
  return {
    name: "vaki:inline-entry-styles",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler: (html, context) => inlineStylesheets(html, context.bundle ?? {}),
    },
  };
}

/** Replaces each `<link rel="stylesheet">` to a CSS file of the bundle with a `<style>` holding it. */
export function inlineStylesheets(html: string, bundle: Record<string, OutputAsset | OutputChunk>): string {
  return html.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (link, file: string) => {
    const asset = bundle[file];
    if (asset?.type !== "asset") return link;
    const css = typeof asset.source === "string" ? asset.source : new TextDecoder().decode(asset.source);
    // "</style" cannot occur in CSS outside a string; escaped anyway so the element cannot end early.
    return `<style>${css.replaceAll("</style", "<\\/style")}</style>`;
  });
}

/**
 * Preloads the Latin subsets of the two fonts the first paint uses (issue 14): their requests go
 * out with the HTML's head instead of when the first layout finds text that needs them, so the
 * text seldom paints in a fallback face first. Only in the build, where the hashed names are known.
 */
export function preloadFonts(): Plugin {
  const FIRST_PAINT_FONTS = [
    /^assets\/anton-latin-400-normal-[\w-]+\.woff2$/,
    /^assets\/inter-latin-wght-normal-[\w-]+\.woff2$/,
  ];
  return {
    name: "vaki:preload-fonts",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler: (_html, context) =>
        Object.keys(context.bundle ?? {})
          .filter((file) => FIRST_PAINT_FONTS.some((pattern) => pattern.test(file)))
          .map((file) => ({
            tag: "link",
            attrs: { rel: "preload", href: `/${file}`, as: "font", type: "font/woff2", crossorigin: "" },
            injectTo: "head" as const,
          })),
    },
  };
}
