import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

/** apps/admin, whatever directory vite or vitest was started from. */
const ADMIN_ROOT = fileURLToPath(new URL(".", import.meta.url));
const API_ORIGIN = "http://localhost:3000";

export default defineConfig({
  root: ADMIN_ROOT,
  // The server serves this build under /admin/, beside (never inside) the storefront.
  base: "/admin/",
  plugins: [react()],
  // Product pictures (/media/…) come from the API server too.
  server: {
    port: 5174,
    proxy: { "/api": { target: API_ORIGIN, changeOrigin: true }, "/media": { target: API_ORIGIN, changeOrigin: true } },
  },
  preview: {
    port: 5174,
    proxy: { "/api": { target: API_ORIGIN, changeOrigin: true }, "/media": { target: API_ORIGIN, changeOrigin: true } },
  },
  build: {
    outDir: "dist",
    assetsDir: "assets",
    emptyOutDir: true,
    // Served with a strict CSP (no inline script): keep every script an external file.
    assetsInlineLimit: 0,
  },
  test: {
    name: "admin",
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["@testing-library/jest-dom/vitest", "./src/test/setup.ts"],
    unstubGlobals: true,
    restoreMocks: true,
    testTimeout: 15_000,
  },
});
