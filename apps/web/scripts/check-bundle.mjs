#!/usr/bin/env node
/**
 * Bundle budget (issue 11): the JavaScript the home page loads must stay within 150 KB gzip, and
 * no route chunk may exceed 80 KB gzip. Reads the Vite manifest of the last build
 * (apps/web/dist/.vite/manifest.json), prints the sizes, exits 1 over budget.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const HOME_BUDGET_KB = 150;
const ROUTE_CHUNK_BUDGET_KB = 80;
const HOME_PAGE_MODULE = "src/pages/home/home-page.tsx";

const distDir = path.resolve(fileURLToPath(new URL("..", import.meta.url)), "dist");
let manifest;
try {
  manifest = JSON.parse(readFileSync(path.join(distDir, ".vite", "manifest.json"), "utf8"));
} catch {
  console.error("No build found: run `npm run build -w apps/web` first.");
  process.exit(1);
}

const gzipCache = new Map();
function gzipKb(file) {
  if (!gzipCache.has(file))
    gzipCache.set(file, gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length / 1024);
  return gzipCache.get(file);
}

/** The JS files a manifest entry loads before it runs: itself and its static imports, recursively. */
function staticClosure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  if (chunk.file.endsWith(".js")) seen.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(imported, seen);
  return seen;
}

const sum = (files) => [...files].reduce((total, file) => total + gzipKb(file), 0);
const kb = (value) => `${value.toFixed(1)} KB`;

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const shell = staticClosure(entryKey);
const homeFiles = staticClosure(HOME_PAGE_MODULE, new Set(shell));
const home = sum(homeFiles);

const failures = [];
console.log(`Shell (entry + static imports): ${kb(sum(shell))} gzip`);
console.log(`Home page total JS:             ${kb(home)} gzip (budget ${HOME_BUDGET_KB} KB)`);
if (home > HOME_BUDGET_KB) failures.push(`home page loads ${kb(home)} > ${HOME_BUDGET_KB} KB`);

console.log("\nRoute and lazy chunks (own file, and with the shared chunks it adds beyond the shell):");
const rows = Object.entries(manifest)
  .filter(([, chunk]) => chunk.isDynamicEntry && chunk.file.endsWith(".js"))
  .map(([key, chunk]) => {
    const own = gzipKb(chunk.file);
    const added = sum([...staticClosure(key)].filter((file) => !shell.has(file)));
    return { key, own, added };
  })
  .sort((a, b) => b.added - a.added);
for (const { key, own, added } of rows) {
  console.log(`  ${kb(own).padStart(9)} own  ${kb(added).padStart(9)} with its imports   ${key}`);
  if (own > ROUTE_CHUNK_BUDGET_KB) failures.push(`${key} is ${kb(own)} > ${ROUTE_CHUNK_BUDGET_KB} KB`);
}

if (failures.length > 0) {
  console.error(`\nBundle budget exceeded:\n- ${failures.join("\n- ")}`);
  process.exit(1);
}
console.log("\nBundle budget held.");
