import { createBrowserRouter } from "react-router";
import { routes } from "./routes";

/**
 * The app's router. Made at start-up, not when this module loads: creating it reads the URL,
 * the history and session storage and starts loading the page's code, a step of its own
 * (main.tsx).
 */
export function createAppRouter() {
  return createBrowserRouter(routes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
