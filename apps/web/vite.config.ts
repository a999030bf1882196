import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { loadEnv, type Plugin } from "vite";
import { defineConfig } from "vitest/config";

/** apps/web, whatever directory vite or vitest was started from. */
const WEB_ROOT = fileURLToPath(new URL(".", import.meta.url));
const API_ORIGIN = "http://localhost:3000";
const DEFAULT_SHOP_NAME = "VAKI";

/** Replaces %SHOP_NAME% in index.html so the pre-JS title and meta follow VITE_SHOP_NAME. */
function shopNameInHtml(shopName: string): Plugin {
  return {
    name: "vaki:shop-name-in-html",
    transformIndexHtml: (html) => html.replaceAll("%SHOP_NAME%", shopName),
  };
}

/**
 * Preloads the Latin subsets of the two fonts the first paint uses, so text never waits for a
 * stylesheet to discover them (issue 14). Only in the build, where the hashed names are known.
 */
function preloadFonts(): Plugin {
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

/** Dev proxy: serve a /media file from public/ when it exists there, as the built shop does. */
function publicMediaBypass(request: { url?: string }): string | undefined {
  const pathname = (request.url ?? "").split("?")[0] ?? "";
  return !pathname.includes("..") && existsSync(`${WEB_ROOT}public${pathname}`) ? request.url : undefined;
}

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, WEB_ROOT, "VITE_");
  const shopName = env.VITE_SHOP_NAME?.trim() || DEFAULT_SHOP_NAME;
  const proxy = {
    "/api": { target: API_ORIGIN, changeOrigin: true },
    // Files of public/media (the hero video and posters) are served by Vite; the rest by the API.
    "/media": { target: API_ORIGIN, changeOrigin: true, bypass: publicMediaBypass },
    "/sandbox": { target: API_ORIGIN, changeOrigin: true },
  };

  return {
    root: WEB_ROOT,
    plugins: [react(), shopNameInHtml(shopName), preloadFonts()],
    server: { proxy },
    preview: { proxy },
    build: {
      outDir: "dist",
      assetsDir: "assets",
      emptyOutDir: true,
      // Read by scripts/check-bundle.mjs to measure what each route loads.
      manifest: true,
      rolldownOptions: {
        output: {
          codeSplitting: {
            // Every icon a page uses in one small file, not one file per icon: fewer requests
            // before a page can show (issue 14).
            groups: [{ name: "icons", test: /node_modules[\\/]lucide-react[\\/]/ }],
          },
        },
      },
    },
    test: {
      name: "web",
      environment: "jsdom",
      include: ["src/**/*.test.{ts,tsx}"],
      setupFiles: ["@testing-library/jest-dom/vitest", "./src/test/setup.ts"],
      unstubGlobals: true,
      restoreMocks: true,
    },
  };
});
