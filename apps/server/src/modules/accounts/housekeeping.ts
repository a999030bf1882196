import type { Clock } from "../../lib/clock.js";
import type { Logger } from "../../lib/logger.js";
import { type PeriodicTask, schedulePeriodic } from "../../lib/periodic.js";
import type { AccountsRepo } from "./repo.js";

const dayMs = 24 * 60 * 60 * 1000;

/** An ended (expired or revoked) session stays this long, for support questions about a sign-out. */
export const endedSessionRetentionMs = 7 * dayMs;
/** An expired reset link stays this long, so clicking an old e-mail still says "expired", not "invalid". */
export const expiredResetLinkRetentionMs = 30 * dayMs;

/** Rows deleted per statement, so a long backlog never holds the write lock for long. */
const batch = 500;
const maxRounds = 20;

export interface PurgeCounts {
  sessions: number;
  resetLinks: number;
}

/** Deletes what accounts no longer need: ended sessions with their refresh tokens, old reset links. */
export class AccountsHousekeeping {
  constructor(
    private readonly repo: AccountsRepo,
    private readonly clock: Clock,
  ) {}

  async purge(): Promise<PurgeCounts> {
    const now = this.clock.now().getTime();
    const sessionsBefore = new Date(now - endedSessionRetentionMs).toISOString();
    const resetLinksBefore = new Date(now - expiredResetLinkRetentionMs).toISOString();
    return {
      sessions: await inBatches((limit) => this.repo.deleteSessionsEndedBefore(sessionsBefore, limit)),
      resetLinks: await inBatches((limit) => this.repo.deleteResetTokensExpiredBefore(resetLinksBefore, limit)),
    };
  }
}

async function inBatches(deleteUpTo: (limit: number) => Promise<number>): Promise<number> {
  let total = 0;
  for (let round = 0; round < maxRounds; round += 1) {
    const deleted = await deleteUpTo(batch);
    total += deleted;
    if (deleted < batch) break;
  }
  return total;
}

/** Runs the purge every `intervalMs` while the app is up (0 turns it off). */
export function scheduleAccountsHousekeeping(
  housekeeping: AccountsHousekeeping,
  intervalMs: number,
  log: Logger,
): PeriodicTask {
  return schedulePeriodic({
    name: "accounts clean-up",
    intervalMs,
    log,
    run: async () => {
      const purged = await housekeeping.purge();
      if (purged.sessions + purged.resetLinks > 0) log.info(purged, "deleted ended sessions and old reset links");
    },
  });
}
