// Bundles the server into dist/ with esbuild: our own code and the workspace contract are
// bundled, every npm dependency stays external and is loaded from node_modules at run time.
import { readFileSync } from "node:fs";
import { build } from "esbuild";

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8"));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith("@vaki/"));

await build({
  entryPoints: {
    main: "src/main.ts",
    "seed-cli": "src/seed/cli.ts",
    "create-admin-cli": "src/modules/admin/create-admin-cli.ts",
  },
  outdir: "dist",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  external,
  logLevel: "warning",
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
console.log("server built into apps/server/dist");
