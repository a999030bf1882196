import "@fontsource/anton/400.css";
import "@fontsource-variable/inter/wght.css";
import "./styles/tokens.css";
import "./styles/base.css";
import "./styles/layout.css";
import "./styles/footer-toasts-splash.css";
import "./styles/components.css";
import "./styles/modal.css";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { followColourSchemeWithFavicon } from "./app/favicon";
import { createQueryClient } from "./app/query-client";
import { createAppRouter } from "./app/router";
import { decideSplash } from "./app/splash";
import { startUp } from "./app/start-up";
import { whenIdle, yieldToBrowser } from "./lib/when-idle";

/**
 * Start-up in steps, each its own short task with the browser free to paint and handle input in
 * between (issue 14): a first visit pays for the first touch of local storage, session storage
 * and the history, which one task would add up to a long one on a slow phone.
 */
async function boot(container: HTMLElement): Promise<void> {
  const queryClient = createQueryClient();
  // The session from local storage; the CSRF token and the cart load alongside what follows.
  void startUp(queryClient).catch(() => undefined);
  await yieldToBrowser();
  decideSplash();
  await yieldToBrowser();
  const router = createAppRouter();
  await yieldToBrowser();
  const root = createRoot(container);
  // As a transition, React renders the first page in slices of a few milliseconds with the
  // browser free in between, instead of in one task as long as the whole page's render.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App queryClient={queryClient} router={router} />
      </StrictMode>,
    );
  });
  whenIdle(followColourSchemeWithFavicon);
}

const container = document.getElementById("root");
if (!container) throw new Error("index.html is missing #root");
void boot(container);
