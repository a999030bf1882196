import type { Db } from "../../db/connection.js";
import type { Clock } from "../../lib/clock.js";
import type { ShopModule } from "../shop-module.js";
import { AddressesRepo } from "./repo.js";
import { addressRoutes } from "./routes.js";
import { AddressesService } from "./service.js";

export interface AddressesModule extends ShopModule {
  addresses: AddressesService;
}

/** Saved addresses of signed-in shoppers (checkout reads one to prefill the payment page). */
export function createAddressesModule(deps: { db: Db; clock: Clock }): AddressesModule {
  const addresses = new AddressesService(new AddressesRepo(deps.db), deps.clock);
  return {
    addresses,
    async register(app, { auth }) {
      await app.register(addressRoutes, { addresses, auth });
    },
  };
}
