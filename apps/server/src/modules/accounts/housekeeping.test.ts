import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getProfile, type LoggedIn, refresh, registerAndLogin, withCsrf } from "../../../test/helpers/accounts.js";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { testEngine } from "../../../test/helpers/database.js";
import { lastMailTo, resetTokenIn } from "../../../test/helpers/mail.js";
import { ManualClock } from "../../lib/clock.js";
import { AccountsHousekeeping, endedSessionRetentionMs, expiredResetLinkRetentionMs } from "./housekeeping.js";
import { AccountsRepo } from "./repo.js";

const hours = (n: number) => n * 60 * 60 * 1000;

describe(`accounts clean-up (${testEngine})`, () => {
  let shop: TestShop;
  let clock: ManualClock;
  let housekeeping: AccountsHousekeeping;

  beforeEach(async () => {
    clock = new ManualClock();
    // No outbox worker: sign-up's welcome e-mail stays queued, so the reset mail is the last one.
    shop = await createTestShop({ ACCOUNTS_CLEANUP_INTERVAL_MS: "0", OUTBOX_INTERVAL_MS: "0" }, { clock });
    housekeeping = new AccountsHousekeeping(new AccountsRepo(shop.database.db), clock);
  });
  afterEach(async () => shop.close());

  const db = () => shop.database.db;
  const sessionIdsOf = async (userId: string) =>
    (await db().selectFrom("sessions").select("id").where("user_id", "=", userId).execute()).map((row) => row.id);
  const refreshTokensOf = async (sessionIds: string[]) =>
    sessionIds.length === 0
      ? 0
      : Number(
          (
            await db()
              .selectFrom("refresh_tokens")
              .select((eb) => eb.fn.countAll().as("n"))
              .where("session_id", "in", sessionIds)
              .executeTakeFirstOrThrow()
          ).n,
        );
  const logout = (session: LoggedIn) =>
    withCsrf(shop.app, { method: "POST", url: "/api/auth/logout", headers: session.headers });

  it("deletes sessions a week after they expired or were revoked, with their refresh tokens, and keeps live ones", async () => {
    const signedOut = await registerAndLogin(shop.app);
    const expiring = await registerAndLogin(shop.app);
    expect((await refresh(shop.app, expiring.refreshToken)).statusCode).toBe(200);
    expect((await logout(signedOut)).statusCode).toBe(200);
    const expiringSessions = await sessionIdsOf(expiring.userId);
    expect(await refreshTokensOf(expiringSessions)).toBe(2);
    const signedOutSessions = await sessionIdsOf(signedOut.userId);
    expect(await refreshTokensOf(signedOutSessions)).toBe(1);

    // The signed-out session is deleted a week after the sign-out…
    clock.advance(endedSessionRetentionMs - 60_000);
    expect(await housekeeping.purge()).toEqual({ sessions: 0, resetLinks: 0 });
    clock.advance(2 * 60_000);
    expect(await housekeeping.purge()).toEqual({ sessions: 1, resetLinks: 0 });
    expect(await sessionIdsOf(signedOut.userId)).toEqual([]);
    expect(await refreshTokensOf(signedOutSessions)).toBe(0);
    expect(await sessionIdsOf(expiring.userId)).toHaveLength(1);
    expect(await refreshTokensOf(expiringSessions)).toBe(2);

    // …the other a week after its 8 hours ran out, with both of its refresh tokens.
    clock.advance(hours(8) - 2 * 60_000);
    const fresh = await registerAndLogin(shop.app);
    expect(await housekeeping.purge()).toEqual({ sessions: 0, resetLinks: 0 });
    clock.advance(2 * 60_000);
    expect(await housekeeping.purge()).toEqual({ sessions: 1, resetLinks: 0 });
    expect(await sessionIdsOf(expiring.userId)).toEqual([]);
    expect(await refreshTokensOf(expiringSessions)).toBe(0);

    // The live session is untouched and still works; the purge is idempotent.
    expect((await getProfile(shop.app, fresh)).statusCode).toBe(200);
    expect(await housekeeping.purge()).toEqual({ sessions: 0, resetLinks: 0 });
    // A refresh token of a deleted session is simply refused, like any unknown one.
    expect((await refresh(shop.app, expiring.refreshToken)).statusCode).toBe(401);
  });

  it("keeps an expired reset link for 30 days, so it still answers 'expired', then deletes it", async () => {
    const customer = await registerAndLogin(shop.app);
    const requested = await shop.app.inject({
      method: "POST",
      url: "/api/user/forgot-password",
      payload: { emailOrMobile: customer.customer.email },
    });
    expect(requested.statusCode).toBe(200);
    const token = resetTokenIn(lastMailTo(shop.config.dataDir, customer.customer.email));
    const verify = () =>
      shop.app.inject({ method: "POST", url: "/api/user/forgot-password/verify-token", payload: { token } });

    clock.advance(hours(24) + expiredResetLinkRetentionMs - 60_000);
    expect((await housekeeping.purge()).resetLinks).toBe(0);
    expect((await verify()).statusCode).toBe(410);

    clock.advance(2 * 60_000);
    expect((await housekeeping.purge()).resetLinks).toBe(1);
    expect((await verify()).statusCode).toBe(404);
  });

  it("works through a backlog larger than one batch", async () => {
    const customer = await registerAndLogin(shop.app);
    const createdAt = clock.now().toISOString();
    const ended = new Date(clock.now().getTime() - endedSessionRetentionMs - hours(1)).toISOString();
    await db()
      .insertInto("sessions")
      .values(
        Array.from({ length: 1_200 }, (_, index) => ({
          id: `old-${index}`,
          user_id: customer.userId,
          created_at: createdAt,
          expires_at: ended,
        })),
      )
      .execute();
    expect(await housekeeping.purge()).toEqual({ sessions: 1_200, resetLinks: 0 });
    expect(await sessionIdsOf(customer.userId)).toHaveLength(1);
  });
});
