import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { loadEnv } from "vite";
import { defineConfig } from "vitest/config";
import { inlineEntryStyles, precompressAssets, preloadFonts, shopNameInHtml } from "./build-plugins";

/** apps/web, whatever directory vite or vitest was started from. */
const WEB_ROOT = fileURLToPath(new URL(".", import.meta.url));
const API_ORIGIN = "http://localhost:3000";
const DEFAULT_SHOP_NAME = "VAKI";

/** Dev proxy: serve a /media file from public/ when it exists there, as the built shop does. */
function publicMediaBypass(request: { url?: string }): string | undefined {
  const pathname = (request.url ?? "").split("?")[0] ?? "";
  return !pathname.includes("..") && existsSync(`${WEB_ROOT}public${pathname}`) ? request.url : undefined;
}

export default defineConfig(({ mode, isSsrBuild }) => {
  const env = loadEnv(mode, WEB_ROOT, "VITE_");
  const shopName = env.VITE_SHOP_NAME?.trim() || DEFAULT_SHOP_NAME;
  const proxy = {
    "/api": { target: API_ORIGIN, changeOrigin: true },
    // Files of public/media (the hero video and posters) are served by Vite; the rest by the API.
    "/media": { target: API_ORIGIN, changeOrigin: true, bypass: publicMediaBypass },
    "/sandbox": { target: API_ORIGIN, changeOrigin: true },
  };

  if (isSsrBuild) {
    // The server's build of the storefront (entry-server.tsx, decision 0020): one self-contained
    // module the API server imports; styles and assets are the browser build's.
    return {
      root: WEB_ROOT,
      plugins: [react()],
      ssr: { noExternal: true },
      build: { outDir: "dist-ssr", emptyOutDir: true, ssr: "src/entry-server.tsx", copyPublicDir: false },
    };
  }

  return {
    root: WEB_ROOT,
    plugins: [react(), shopNameInHtml(shopName), inlineEntryStyles(), preloadFonts(), precompressAssets()],
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
      include: ["src/**/*.test.{ts,tsx}", "build-plugins.test.ts"],
      setupFiles: ["@testing-library/jest-dom/vitest", "./src/test/setup.ts"],
      unstubGlobals: true,
      restoreMocks: true,
      // Room for the 5 s waits of src/test/setup.ts.
      testTimeout: 15_000,
    },
  };
});
