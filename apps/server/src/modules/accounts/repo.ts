import type { Insertable, Selectable, Updateable } from "kysely";
import type { Db } from "../../db/connection.js";
import type { PasswordResetTokensTable, SessionsTable, UsersTable } from "../../db/schema.js";
import { nameWordsOf } from "../../lib/name-words.js";

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserPatch = Updateable<Omit<UsersTable, "id" | "created_at">>;
export type SessionRow = Selectable<SessionsTable>;
export type ResetTokenRow = Selectable<PasswordResetTokensTable>;

export interface RefreshTokenWithSession {
  tokenHash: string;
  usedAt: string | null;
  session: SessionRow;
}

/** SQL of users, sessions, refresh tokens and reset tokens. */
export class AccountsRepo {
  constructor(private readonly db: Db) {}

  /** Runs `work` in one transaction with a repository bound to it. */
  transaction<T>(work: (repo: AccountsRepo, trx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new AccountsRepo(trx), trx));
  }

  // --- users -----------------------------------------------------------------------------------

  async insertUser(user: NewUser): Promise<UserRow> {
    return this.db.insertInto("users").values(user).returningAll().executeTakeFirstOrThrow();
  }

  findUserById(id: string): Promise<UserRow | undefined> {
    return this.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
  }

  findUserByEmail(email: string): Promise<UserRow | undefined> {
    return this.db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
  }

  findUserByMobile(mobile: string): Promise<UserRow | undefined> {
    return this.db.selectFrom("users").selectAll().where("mobile", "=", mobile).executeTakeFirst();
  }

  async updateUser(id: string, patch: UserPatch): Promise<UserRow | undefined> {
    return this.db.updateTable("users").set(patch).where("id", "=", id).returningAll().executeTakeFirst();
  }

  /**
   * The order inbox finds orders by their account's name too (decision 0022): a renamed account's
   * orders get their name-search words again (in the caller's transaction).
   */
  async reindexOrderNames(user: Pick<UserRow, "id" | "name">): Promise<void> {
    const orders = await this.db
      .selectFrom("orders")
      .select(["id", "created_at", "shipping_address"])
      .where("user_id", "=", user.id)
      .execute();
    if (orders.length === 0) return;
    await this.db
      .deleteFrom("order_name_words")
      .where(
        "order_id",
        "in",
        orders.map((order) => order.id),
      )
      .execute();
    const rows = orders.flatMap((order) =>
      nameWordsOf(order.shipping_address, user.name).map((word) => ({
        word,
        order_id: order.id,
        created_at: order.created_at,
      })),
    );
    for (let start = 0; start < rows.length; start += 500) {
      await this.db
        .insertInto("order_name_words")
        .values(rows.slice(start, start + 500))
        .execute();
    }
  }

  // --- sessions --------------------------------------------------------------------------------

  async insertSession(session: Insertable<SessionsTable>): Promise<void> {
    await this.db.insertInto("sessions").values(session).execute();
  }

  /** The session with its user's current role: the one lookup behind every authenticated request. */
  findSessionWithRole(
    sessionId: string,
  ): Promise<{ userId: string; role: UserRow["role"]; expiresAt: string; revokedAt: string | null } | undefined> {
    return this.db
      .selectFrom("sessions")
      .innerJoin("users", "users.id", "sessions.user_id")
      .select([
        "sessions.user_id as userId",
        "users.role as role",
        "sessions.expires_at as expiresAt",
        "sessions.revoked_at as revokedAt",
      ])
      .where("sessions.id", "=", sessionId)
      .executeTakeFirst();
  }

  async touchSession(sessionId: string, at: string): Promise<void> {
    await this.db.updateTable("sessions").set({ last_refreshed_at: at }).where("id", "=", sessionId).execute();
  }

  async revokeSession(sessionId: string, at: string): Promise<void> {
    await this.db
      .updateTable("sessions")
      .set({ revoked_at: at })
      .where("id", "=", sessionId)
      .where("revoked_at", "is", null)
      .execute();
  }

  /** Revokes every live session of the user except `keep`; answers how many it revoked. */
  async revokeSessionsOfUser(userId: string, at: string, keep?: string): Promise<number> {
    let query = this.db
      .updateTable("sessions")
      .set({ revoked_at: at })
      .where("user_id", "=", userId)
      .where("revoked_at", "is", null)
      .where("expires_at", ">", at);
    if (keep) query = query.where("id", "!=", keep);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /**
   * Deletes up to `limit` sessions that ended (expired or revoked) before `before`, with their
   * refresh tokens (cascade); answers how many it deleted.
   */
  async deleteSessionsEndedBefore(before: string, limit: number): Promise<number> {
    const result = await this.db
      .deleteFrom("sessions")
      .where("id", "in", (qb) =>
        qb
          .selectFrom("sessions")
          .select("id")
          .where((eb) => eb.or([eb("expires_at", "<", before), eb("revoked_at", "<", before)]))
          .limit(limit),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  // --- refresh tokens --------------------------------------------------------------------------

  async insertRefreshToken(tokenHash: string, sessionId: string, at: string): Promise<void> {
    await this.db
      .insertInto("refresh_tokens")
      .values({ token_hash: tokenHash, session_id: sessionId, created_at: at, used_at: null })
      .execute();
  }

  async findRefreshToken(tokenHash: string): Promise<RefreshTokenWithSession | undefined> {
    const row = await this.db
      .selectFrom("refresh_tokens")
      .innerJoin("sessions", "sessions.id", "refresh_tokens.session_id")
      .select([
        "refresh_tokens.token_hash",
        "refresh_tokens.used_at",
        "sessions.id",
        "sessions.user_id",
        "sessions.created_at",
        "sessions.expires_at",
        "sessions.revoked_at",
        "sessions.last_refreshed_at",
      ])
      .where("refresh_tokens.token_hash", "=", tokenHash)
      .executeTakeFirst();
    if (!row) return undefined;
    const { token_hash, used_at, ...session } = row;
    return { tokenHash: token_hash, usedAt: used_at, session };
  }

  /** Marks the token used if nobody did first; false means it was already used (a replay). */
  async markRefreshTokenUsed(tokenHash: string, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable("refresh_tokens")
      .set({ used_at: at })
      .where("token_hash", "=", tokenHash)
      .where("used_at", "is", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  // --- password reset tokens -------------------------------------------------------------------

  async insertResetToken(token: Insertable<PasswordResetTokensTable>): Promise<void> {
    await this.db.insertInto("password_reset_tokens").values(token).execute();
  }

  findResetToken(tokenHash: string): Promise<ResetTokenRow | undefined> {
    return this.db
      .selectFrom("password_reset_tokens")
      .selectAll()
      .where("token_hash", "=", tokenHash)
      .executeTakeFirst();
  }

  /** Uses the token if it is still unused and unexpired; false when another request got there first. */
  async consumeResetToken(tokenHash: string, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable("password_reset_tokens")
      .set({ used_at: at })
      .where("token_hash", "=", tokenHash)
      .where("used_at", "is", null)
      .where("expires_at", ">", at)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Deletes every unused reset link of the user (after any password change): they answer "invalid" from then on. */
  async retireResetTokensOfUser(userId: string): Promise<void> {
    await this.db
      .deleteFrom("password_reset_tokens")
      .where("user_id", "=", userId)
      .where("used_at", "is", null)
      .execute();
  }

  /** Deletes up to `limit` reset links that expired before `before`; answers how many it deleted. */
  async deleteResetTokensExpiredBefore(before: string, limit: number): Promise<number> {
    const result = await this.db
      .deleteFrom("password_reset_tokens")
      .where("token_hash", "in", (qb) =>
        qb.selectFrom("password_reset_tokens").select("token_hash").where("expires_at", "<", before).limit(limit),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
