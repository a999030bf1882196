import type { Config } from "../../config.js";
import type { Db } from "../../db/connection.js";
import type { Clock } from "../../lib/clock.js";
import type { Logger } from "../../lib/logger.js";
import type { RateLimiter } from "../../lib/rate-limit/rate-limiter.js";
import type { SmsProvider } from "../../providers/sms/sms-provider.js";
import type { OrdersService } from "../orders/service.js";
import { PhoneVerificationService } from "./phone-verification.js";
import { CodRepo } from "./repo.js";
import { CodService } from "./service.js";

export interface CodModule {
  cod: CodService;
  phoneCodes: PhoneVerificationService;
}

/** Cash on delivery's rules and the phone's one-time codes (no routes: the hosted page and the admin call them). */
export function createCodModule(deps: {
  db: Db;
  clock: Clock;
  log: Logger;
  config: Pick<Config, "cod" | "shopName" | "secrets">;
  orders: OrdersService;
  sms: SmsProvider;
  rateLimiter: RateLimiter;
}): CodModule {
  const repo = new CodRepo(deps.db);
  return {
    cod: new CodService({ repo, orders: deps.orders, clock: deps.clock, limits: deps.config.cod }),
    phoneCodes: new PhoneVerificationService({
      repo,
      sms: deps.sms,
      clock: deps.clock,
      rateLimiter: deps.rateLimiter,
      log: deps.log,
      shopName: deps.config.shopName,
      secret: deps.config.secrets.jwt,
    }),
  };
}
