import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "contract",
          root: "./packages/contract",
          include: ["src/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "server",
          root: "./apps/server",
          include: ["src/**/*.test.ts", "test/**/*.test.ts"],
          environment: "node",
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      "./apps/web/vite.config.ts",
      "./apps/admin/vite.config.ts",
      {
        test: {
          name: "lighthouse",
          root: "./e2e/lighthouse",
          include: ["*.test.mjs"],
          environment: "node",
        },
      },
    ],
  },
});
