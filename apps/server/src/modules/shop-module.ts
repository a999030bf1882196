import type { FastifyInstance } from "fastify";
import type { PeriodicTask } from "../lib/periodic.js";
import type { ShopAddress } from "../lib/shop-origin.js";
import type { AuthGuard } from "./accounts/auth-guard.js";

/** The shop's name and where it is reached, for links in answers and e-mails (lib/shop-origin.ts). */
export type ShopLinks = { name: string } & ShopAddress;

/** What every module's routes may need from the rest of the app: who is asking, and where the shop lives. */
export interface RouteContext {
  auth: AuthGuard;
  shop: ShopLinks;
}

/**
 * Every module is built by its `module.ts` (`createXModule(deps)`: its services, given other
 * modules' services, never their repositories) and joins the app through `register`: routes,
 * timers and anything else that lives as long as the app.
 */
export interface ShopModule {
  register(app: FastifyInstance, context: RouteContext): Promise<void>;
}

/** Runs a periodic task while the app is up: started once it is ready, stopped before it closes. */
export function runWhileUp(app: FastifyInstance, task: PeriodicTask): void {
  app.addHook("onReady", async () => task.start());
  app.addHook("onClose", () => task.stop());
}
