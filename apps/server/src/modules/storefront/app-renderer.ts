import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";
import type { FastifyInstance } from "fastify";

/** What the storefront's server build (apps/web/src/entry-server.tsx) draws for a URL. */
export interface RenderedApp {
  html: string;
  state: unknown;
}

interface ServerEntry {
  configure(options: { fetch: (url: string, init: RequestInit) => Promise<Response> }): void;
  renderPage(url: string): Promise<RenderedApp | null>;
}

/**
 * The storefront's pages drawn on the server (issue 26, decision 0020) by the web app's own server
 * build (apps/web/dist-ssr/entry-server.js, made by `npm run build`). Its API calls are answered in
 * process (Fastify's inject: no socket, the same routes, hooks and caches as a browser's call).
 * Without that build (the unit tests run from sources) pages are sent unrendered, as before.
 */
export class AppRenderer {
  private loaded: Promise<ServerEntry> | undefined;
  private app: FastifyInstance | undefined;

  constructor(private readonly file: string) {}

  /** The server whose API the pages are drawn from (set when the storefront's routes register). */
  attach(app: FastifyInstance): void {
    this.app = app;
  }

  /** The page at `url` (absolute) as HTML for #root with its data; null without a build or when it cannot be drawn. */
  async render(url: string): Promise<RenderedApp | null> {
    const entry = await this.entry();
    if (!entry) return null;
    try {
      return await entry.renderPage(url);
    } catch (error) {
      // The browser still draws the page: a failed server render costs speed, never the page.
      this.app?.log.error({ err: error, url }, "server rendering failed; the page is sent for the browser to draw");
      return null;
    }
  }

  /**
   * Loaded once per process, by its plain URL: its chunks import it by that URL too, so a second
   * copy (a rebuilt file loaded afresh) would not share their router and query contexts. A rebuilt
   * storefront is drawn by its new code after a restart.
   */
  private async entry(): Promise<ServerEntry | null> {
    const app = this.app;
    if (!app || !existsSync(this.file)) return null;
    this.loaded ??= import(pathToFileURL(this.file).href).then((entry: ServerEntry) => {
      entry.configure({ fetch: (url, init) => injectFetch(app, url, init) });
      return entry;
    });
    return this.loaded;
  }
}

/** A fetch answered by the server itself: an anonymous GET of its own API. */
async function injectFetch(app: FastifyInstance, url: string, init: RequestInit): Promise<Response> {
  if ((init.method ?? "GET") !== "GET" || !url.startsWith("/api/")) {
    return new Response(JSON.stringify({ success: false, message: "Not available while rendering" }), { status: 400 });
  }
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((value, key) => {
    headers[key] = value;
  });
  const answer = await app.inject({ method: "GET", url, headers });
  return new Response(answer.body, {
    status: answer.statusCode,
    headers: { "content-type": String(answer.headers["content-type"] ?? "application/json") },
  });
}
