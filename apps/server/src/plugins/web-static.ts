import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { isAdminPath } from "./admin-static.js";

/** A file of the build named by its content's hash, or the build's .br or .gz copy of one. */
const hashedAsset = /\/assets\/[^/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+(?:\.(?:br|gz))?$/;

/**
 * Serves the built storefront: hashed assets cached for a year (and precompressed by the build),
 * index.html always revalidated,
 * generated media from the data folder, and index.html for storefront routes the browser asks
 * for (API and admin paths never fall back: they 404 as JSON).
 */
export async function registerWebStatic(
  app: FastifyInstance,
  options: {
    webDistDir: string | undefined;
    mediaDir: string;
    /** Draws a missing generated picture into mediaDir (path below /media/); false when it is not one. */
    renderMissingMedia?: (relativePath: string) => Promise<boolean>;
  },
): Promise<{ servesStorefront: boolean; indexFile: string | undefined }> {
  const webDistDir =
    options.webDistDir && existsSync(path.join(options.webDistDir, "index.html")) ? options.webDistDir : undefined;

  // Created up front so media seeded after start-up is served without a restart.
  mkdirSync(options.mediaDir, { recursive: true });
  const mediaRoots = [options.mediaDir, ...(webDistDir ? [path.join(webDistDir, "media")] : [])].filter((dir) =>
    existsSync(dir),
  );
  const render = options.renderMissingMedia;
  if (render) {
    const mediaDir = path.resolve(options.mediaDir);
    app.addHook("onRequest", async (request) => {
      if ((request.method !== "GET" && request.method !== "HEAD") || !request.url.startsWith("/media/")) return;
      let relative: string;
      try {
        relative = decodeURIComponent((request.url.split("?")[0] ?? "").slice("/media/".length));
      } catch {
        return;
      }
      if (!/^[A-Za-z0-9][A-Za-z0-9/_.-]*\.svg$/.test(relative) || relative.includes("..")) return;
      if (!existsSync(path.join(mediaDir, relative))) await render(relative);
    });
  }
  if (mediaRoots.length > 0) {
    await app.register(fastifyStatic, {
      root: mediaRoots,
      prefix: "/media/",
      decorateReply: !webDistDir,
      index: false,
      cacheControl: false,
      setHeaders: (res) => res.setHeader("cache-control", "public, max-age=86400"),
    });
  }

  if (!webDistDir) return { servesStorefront: false, indexFile: undefined };

  await app.register(fastifyStatic, {
    root: webDistDir,
    prefix: "/",
    wildcard: true,
    index: ["index.html"],
    // The build writes .br and .gz copies of its scripts, styles and SVGs (apps/web/build-plugins.ts):
    // sent as they are to a browser that accepts them, never compressed again per request.
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res, filePath) => {
      res.setHeader("cache-control", hashedAsset.test(filePath) ? "public, max-age=31536000, immutable" : "no-cache");
      // The answer depends on Accept-Encoding (a precompressed copy or the file): caches must know.
      res.setHeader("vary", "accept-encoding");
    },
  });
  return { servesStorefront: true, indexFile: path.join(webDistDir, "index.html") };
}

/** Storefront routes are what a browser navigates to: GET or HEAD outside /api that accepts HTML. */
export function isStorefrontNavigation(method: string, url: string, accept: string | undefined): boolean {
  if (method !== "GET" && method !== "HEAD") return false;
  if (url === "/api" || url.startsWith("/api/") || url.startsWith("/api?")) return false;
  // The admin app has its own fallback (plugins/admin-static.ts), or is not served at all.
  if (isAdminPath(url)) return false;
  const pathname = url.split("?")[0] ?? "";
  if (path.extname(pathname) !== "") return false;
  return accept === undefined || accept.includes("text/html") || accept.includes("*/*");
}
