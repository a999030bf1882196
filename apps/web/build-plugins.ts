import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlib } from "node:zlib";
import type { Plugin, Rollup } from "vite";

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

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
    // After Vite has written each lazy import's preload list (its own generateBundle).
    generateBundle: {
      order: "post",
      handler: (_options, bundle) => skipInlinedStylesInPreloads(bundle),
    },
  };
}

/**
 * Vite's preload helper loads the stylesheets of a lazy chunk's dependencies, the entry chunk's
 * among them whenever the chunk imports shared code from it, and skips only those a `<link
 * rel="stylesheet">` already holds. The entry's stylesheet is inline, so the helper would link it
 * a second time when the first lazy chunk of a non-entry chunk loads (the home page's Club pop-up
 * at 2 s, the product page's lightbox): one more request, and the whole page restyled and laid
 * out again (a 40–50 ms task on this machine, unthrottled). In each preload list this swaps the
 * entry's stylesheet for the entry's script, which the same list always names (the stylesheet
 * is there because the script is) and which the helper then requests once, from the module map.
 */
export function skipInlinedStylesInPreloads(bundle: Record<string, OutputAsset | OutputChunk>): void {
  const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === "chunk");
  for (const entry of chunks.filter((chunk) => chunk.isEntry)) {
    for (const css of entry.viteMetadata?.importedCss ?? []) {
      const listed = JSON.stringify(css);
      for (const chunk of chunks) {
        if (chunk !== entry && chunk.code.includes(listed))
          chunk.code = chunk.code.replaceAll(listed, JSON.stringify(entry.fileName));
      }
    }
  }
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

/** Kinds of file worth compressing (fonts and pictures are compressed already). */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|webmanifest)$/;
/** Below this size a file goes out as it is: compression would not pay for its own overhead. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * Writes a brotli (.br, the highest quality) and a gzip (.gz) copy beside each script, stylesheet
 * and SVG of the build (issue 14), which the server sends as they are to a browser that accepts
 * them: compressed once and as small as each format goes (the shell's script: 118 KB as the
 * server compressed it on the fly, 101 KB here), instead of again on every request.
 */
export function precompressAssets(): Plugin {
  let outDir = "dist";
  return {
    name: "vaki:precompress-assets",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((file) => COMPRESSIBLE.test(file) && !file.startsWith(".vite/"));
      await Promise.all(files.map((file) => precompressFile(path.join(outDir, file))));
    },
  };
}

/** Writes `file`.br and `file`.gz when the file is large enough; answers whether it did. */
export async function precompressFile(file: string): Promise<boolean> {
  const content = await readFile(file);
  if (content.byteLength < COMPRESS_FROM_BYTES) return false;
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
        [zlib.BROTLI_PARAM_SIZE_HINT]: content.byteLength,
      },
    }),
    gzipped(content, { level: zlib.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
  return true;
}
