import type { Db } from "../../db/connection.js";
import type { Clock } from "../../lib/clock.js";
import type { Logger } from "../../lib/logger.js";
import type { RateLimiter } from "../../lib/rate-limit/rate-limiter.js";
import type { Mailer } from "../../providers/mail/mailer.js";
import type { ShopLinks, ShopModule } from "../shop-module.js";
import { CommunityRepo } from "./repo.js";
import { communityRoutes } from "./routes.js";
import { CommunityService } from "./service.js";

export interface CommunityModule extends ShopModule {
  community: CommunityService;
}

/** The Club: membership and its welcome e-mail. */
export function createCommunityModule(deps: {
  db: Db;
  clock: Clock;
  rateLimiter: RateLimiter;
  mailer: Mailer;
  log: Logger;
  shop: ShopLinks;
}): CommunityModule {
  const community = new CommunityService(
    new CommunityRepo(deps.db),
    deps.clock,
    deps.rateLimiter,
    deps.mailer,
    deps.log,
    deps.shop,
  );
  return {
    community,
    async register(app, { auth }) {
      await app.register(communityRoutes, { community, auth });
    },
  };
}
