import type { Logger } from "../../lib/logger.js";
import type { StaffService } from "./service.js";

/**
 * On a shop with no active staff, logs a fresh 24-hour setup link for the first owner (each start
 * issues a new one and retires the last). Answers whether it logged one.
 */
export async function announceFirstOwnerSetup(staff: StaffService, log: Logger): Promise<boolean> {
  const link = await staff.issueFirstOwnerLink();
  if (!link) return false;
  log.info(
    { expiresAt: link.expiresAt.toISOString() },
    `Admin setup: open ${link.url} within 24 hours to create the shop owner's account.`,
  );
  return true;
}
