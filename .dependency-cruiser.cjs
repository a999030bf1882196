/**
 * The shop's boundaries, checked by `npm run lint` (docs/architecture.md, "Boundaries").
 * Rules are written by path pattern, so a new app under apps/ or a new server module falls under
 * them without a change here.
 */

// Tests, their fixtures and helpers wire the whole app (providers, stores): the boundaries are
// those of the code that ships, so they are left out of the cruise.
const testFiles = "(\\.test\\.(ts|tsx|mjs)$|/test/|/testing/|/e2e/)";
// Every browser app (apps/web, apps/admin, ...): its source root.
const webApp = "^apps/(?!server/)([^/]+)/src/";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-cycles",
      comment: "No import cycle between files anywhere in the repository.",
      severity: "error",
      from: { path: "^(apps|packages)/" },
      to: { circular: true },
    },
    {
      name: "server-module-cycles",
      comment: "Server modules call downward: no cycle between modules/<domain> folders.",
      severity: "error",
      scope: "folder",
      from: { path: "^apps/server/src/modules/[^/]+$" },
      to: { path: "^apps/server/src/modules/[^/]+$", circular: true },
    },
    {
      name: "server-foreign-repo",
      comment: "A module calls another module's service, never its repo.ts (shared types: types.ts or the contract).",
      severity: "error",
      from: { path: "^apps/server/src/modules/([^/]+)/" },
      to: { path: "^apps/server/src/modules/[^/]+/repo\\.ts$", pathNot: "^apps/server/src/modules/$1/" },
    },
    {
      name: "contract-imports-no-app",
      comment: "packages/contract is shared by every app: it imports nothing of apps/.",
      severity: "error",
      from: { path: "^packages/contract/" },
      to: { path: "^apps/" },
    },
    {
      name: "web-app-imported-by-nobody",
      comment:
        "app/ (router, providers, start-up) sits on top: only the entries (main.tsx, and entry-server.tsx for the server's drawing) import it.",
      severity: "error",
      from: { path: `${webApp}(?!app/|main\\.tsx$|entry-server\\.tsx$)` },
      to: { path: `${webApp}app/` },
    },
    {
      name: "web-pages-on-top-of-features",
      comment: "pages → features → components → lib: features, components and lib never import pages.",
      severity: "error",
      from: { path: `${webApp}(features|components|lib)/` },
      to: { path: `${webApp}pages/` },
    },
    {
      name: "web-features-above-components",
      comment: "components and lib never import features.",
      severity: "error",
      from: { path: `${webApp}(components|lib)/` },
      to: { path: `${webApp}features/` },
    },
    {
      name: "web-components-above-lib",
      comment: "lib never imports components.",
      severity: "error",
      from: { path: `${webApp}lib/` },
      to: { path: `${webApp}components/` },
    },
    {
      name: "web-feature-cycles",
      comment: "Features may use one another only one way: no cycle between features/<domain> folders.",
      severity: "error",
      scope: "folder",
      from: { path: "^apps/[^/]+/src/features/[^/]+$" },
      to: { path: "^apps/[^/]+/src/features/[^/]+$", circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: [`(^|/)(dist|dist-ssr|node_modules|coverage)/`, testFiles] },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".d.ts"],
    },
  },
};
