import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

/** A file of the build named by its content's hash (or its .br/.gz copy). */
const hashedAsset = /\/assets\/[^/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+(?:\.(?:br|gz))?$/;

/**
 * Serves the built admin app at /admin/: its files (hashed assets cached for a year, the rest
 * revalidated) and its own index.html for every other /admin/* navigation (the app routes in the
 * browser). /admin redirects to /admin/. Answers whether the admin is served.
 */
export async function registerAdminStatic(app: FastifyInstance, adminDistDir: string | undefined): Promise<boolean> {
  const root = adminDistDir && existsSync(path.join(adminDistDir, "index.html")) ? adminDistDir : undefined;
  if (!root) return false;
  const indexFile = path.join(root, "index.html");

  await app.register(fastifyStatic, {
    root,
    prefix: "/admin/",
    // One route per file of the build (read at start): the fallback below answers every other path.
    wildcard: false,
    index: false,
    decorateReply: false,
    cacheControl: false,
    setHeaders: (res, filePath) => {
      res.setHeader("cache-control", hashedAsset.test(filePath) ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });

  const sendIndex = async (reply: import("fastify").FastifyReply) =>
    reply
      .header("cache-control", "no-cache")
      .type("text/html; charset=utf-8")
      .send(await readFile(indexFile));

  // The router ignores trailing slashes: /admin and /admin/ reach this one route.
  app.get("/admin", { schema: { hide: true } }, async (request, reply) => {
    const [pathname, query] = request.url.split("?", 2);
    if (!pathname?.endsWith("/")) return reply.redirect(`/admin/${query === undefined ? "" : `?${query}`}`, 301);
    return sendIndex(reply);
  });
  app.get("/admin/*", { schema: { hide: true } }, async (request, reply) => {
    const pathname = request.url.split("?", 1)[0] ?? "";
    // A missing file (an old hashed asset) is a plain 404, never the app's page.
    if (path.extname(pathname) !== "") {
      return reply.status(404).type("text/plain; charset=utf-8").send("Not found");
    }
    return sendIndex(reply);
  });
  return true;
}

/** Paths of the admin app: the storefront never answers them. */
export function isAdminPath(url: string): boolean {
  return url === "/admin" || url.startsWith("/admin/") || url.startsWith("/admin?");
}
