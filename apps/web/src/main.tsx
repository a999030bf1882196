import "@fontsource/anton/400.css";
import "@fontsource-variable/inter/wght.css";
import "./styles/tokens.css";
import "./styles/base.css";
import "./styles/layout.css";
import "./styles/footer-toasts-splash.css";
import "./styles/components.css";
import "./styles/modal.css";
// Styles of parts whose code loads after the first paint but which most pages show soon after (the
// cards' wishlist hearts, every form's fields). Arriving with their code, each stylesheet made the
// browser restyle and lay out the whole page again, a long task on a phone (issue 14).
import "./features/wishlist/components/wishlist-button.css";
import "./components/form-field.css";
import { hydrate } from "@tanstack/react-query";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App, SERVER_RENDERED_ATTRIBUTE } from "./app/app";
import { followColourSchemeWithFavicon } from "./app/favicon";
import { createQueryClient } from "./app/query-client";
import { type AppRouter, createAppRouter } from "./app/router";
import { decideSplash } from "./app/splash";
import { startUp } from "./app/start-up";
import { markHydrated } from "./lib/use-hydrated";
import { whenIdle, yieldToBrowser } from "./lib/when-idle";

/**
 * Start-up in steps, each its own short task with the browser free to paint and handle input in
 * between (issue 14): a first visit pays for the first touch of local storage, session storage
 * and the history, which one task would add up to a long one on a slow phone.
 */
async function boot(container: HTMLElement): Promise<void> {
  // Not in the task that evaluated the app's modules, already the longest of the start-up.
  await yieldToBrowser();
  const queryClient = createQueryClient();
  // The answers the server drew the page with (decision 0020): the first render shows what it showed.
  const drawnState = takeServerState();
  if (drawnState) hydrate(queryClient, drawnState);
  // The session from local storage; the CSRF token and the cart load alongside what follows.
  void startUp(queryClient).catch(() => undefined);
  await yieldToBrowser();
  decideSplash();
  await yieldToBrowser();
  const router = createAppRouter();
  await yieldToBrowser();
  router.initialize();
  // Over the server's markup, render only once the page's code is here: an earlier render would
  // draw the empty fallback over the drawn page.
  if (container.hasAttribute(SERVER_RENDERED_ATTRIBUTE)) await routerReady(router);
  await yieldToBrowser();
  const app = (
    <StrictMode>
      <App queryClient={queryClient} router={router} />
    </StrictMode>
  );
  // As a transition, React renders the first page in slices of a few milliseconds with the
  // browser free in between, instead of in one task as long as the whole page's render. Over
  // the server's drawing it hydrates: it takes over the markup there instead of drawing anew.
  const serverRendered = container.hasAttribute(SERVER_RENDERED_ATTRIBUTE);
  // Nothing to take over: what only this browser knows shows in the first render.
  if (!serverRendered) markHydrated();
  startTransition(() => {
    if (serverRendered) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
  whenIdle(followColourSchemeWithFavicon);
}

const APP_STATE_ELEMENT_ID = "vaki-app-state";

function takeServerState(): Parameters<typeof hydrate>[1] | undefined {
  const element = document.getElementById(APP_STATE_ELEMENT_ID);
  if (!element?.textContent) return undefined;
  element.remove();
  try {
    return JSON.parse(element.textContent) as Parameters<typeof hydrate>[1];
  } catch {
    return undefined;
  }
}

function routerReady(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

const container = document.getElementById("root");
if (!container) throw new Error("index.html is missing #root");
void boot(container);
