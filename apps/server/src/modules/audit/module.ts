import type { Db } from "../../db/connection.js";
import type { Clock } from "../../lib/clock.js";
import { AuditRepo } from "./repo.js";
import { AuditLog } from "./service.js";

/** The audit log over its own table; `addressKey` hashes client addresses before they are stored. */
export function createAuditLog(db: Db, clock: Clock, addressKey: Buffer): AuditLog {
  return new AuditLog(new AuditRepo(db), clock, addressKey);
}
