import type { Db, Dialect } from "../../db/connection.js";
import type { Clock } from "../../lib/clock.js";
import { InventoryRepo } from "./repo.js";
import { InventoryService } from "./service.js";

/** Stock holds (no routes): the only code that changes a variant's stock. */
export function createInventoryModule(deps: { db: Db; dialect: Dialect; clock: Clock }): {
  inventory: InventoryService;
} {
  return { inventory: new InventoryService(new InventoryRepo(deps.db, deps.dialect), deps.clock) };
}
