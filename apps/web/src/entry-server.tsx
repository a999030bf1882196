/**
 * The storefront rendered on the server (issue 26, decision 0020): the same routes and components
 * the browser runs, drawn to HTML so a page's content paints before any script. The server loads
 * this build (dist-ssr/entry-server.js) and calls `renderPage` for the anonymous storefront pages.
 */
import { dehydrate, type Query } from "@tanstack/react-query";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { AppFrame } from "./app/app";
import { createQueryClient } from "./app/query-client";
import { routes } from "./app/routes";
import { setApiTransport } from "./lib/api-client";

export interface RenderedApp {
  /** The markup of #root. */
  html: string;
  /** TanStack Query's dehydrated cache: the answers the page was drawn with, for the browser to start from. */
  state: unknown;
}

/** The server's own answer to an API request (`/api/...`), without the network. */
export type ApiFetch = (url: string, init: RequestInit) => Promise<Response>;

/** Called once by the server with its in-process API. */
export function configure(options: { fetch: ApiFetch }): void {
  setApiTransport(options.fetch);
}

/**
 * The queries the server answers while it draws a page: the catalogue's, the same for every
 * shopper (and only those a component has switched on). A shopper's own (session, cart, wishlist, orders) stay pending and
 * fill in in the browser.
 */
const SHARED_QUERY_ROOTS = new Set<unknown>(["catalogue"]);
/**
 * Draws after the first: each may ask for what the answers of the one before revealed, or find
 * the code of a lazy part loaded.
 */
const MAX_ROUNDS = 5;
/** How React marks a Suspense boundary it could not draw on the server (the browser draws it). */
const CLIENT_RENDERED_BOUNDARY = "<!--$!-->";

function isShared(query: Query): boolean {
  return (
    SHARED_QUERY_ROOTS.has(query.queryKey[0]) &&
    query.state.status === "pending" &&
    (query.options as { enabled?: unknown }).enabled !== false
  );
}

/** The page at `url` (absolute), drawn with the answers its shared queries need; null for a route it cannot draw. */
export async function renderPage(url: string): Promise<RenderedApp | null> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = createQueryClient();
  const draw = () =>
    renderToString(
      <StrictMode>
        <AppFrame queryClient={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppFrame>
      </StrictMode>,
    );
  let html = draw();
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const wanted = queryClient.getQueryCache().findAll({ predicate: isShared });
    // A lazy part (the wishlist's hearts...) whose code had not loaded yet: drawn again once it has,
    // never left for the browser to draw instead (which it would report as an error).
    const suspended = html.includes(CLIENT_RENDERED_BOUNDARY);
    if (wanted.length === 0 && !suspended) break;
    await Promise.all([
      ...wanted.map((query) => query.fetch().catch(() => undefined)),
      new Promise((resolve) => setTimeout(resolve, round * 5)),
    ]);
    html = draw();
  }
  return { html, state: dehydrate(queryClient) };
}
