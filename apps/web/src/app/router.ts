import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createRouter as createRouter,
  UNSAFE_mapRouteProperties as mapRouteProperties,
} from "react-router";
import { routes } from "./routes";

/** What `createBrowserRouter` passes React Router for routes that draw while the app takes over. */
const HYDRATION_ROUTE_PROPERTIES = ["HydrateFallback", "hydrateFallbackElement"];

/**
 * The app's router, made as `createBrowserRouter(routes)` makes it, but not yet started: making it
 * ranks every route, and starting it (`initialize`) matches the address and loads the page's code.
 * On a phone each is a task of 10–20 ms; together, in `createBrowserRouter`, they were one start-up
 * task past 50 ms, so main.tsx starts the router in a step of its own (decision 0029).
 */
export function createAppRouter() {
  return createRouter({
    history: createBrowserHistory(),
    routes,
    mapRouteProperties,
    hydrationRouteProperties: HYDRATION_ROUTE_PROPERTIES,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;
