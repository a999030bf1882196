import type { StaffRole } from "@vaki/contract/admin/schemas";
import type { Selectable } from "kysely";
import { type Db, prepared } from "../../db/connection.js";
import type {
  StaffLinksTable,
  StaffSessionsTable,
  StaffSignInChallengesTable,
  StaffUsersTable,
} from "../../db/schema.js";

export type StaffRow = Selectable<StaffUsersTable>;
export type StaffSessionRow = Selectable<StaffSessionsTable>;
export type StaffLinkRow = Selectable<StaffLinksTable>;
export type ChallengeRow = Selectable<StaffSignInChallengesTable>;

/** SQL of staff accounts, their sessions, links, challenges and recovery codes. */
export class StaffRepo {
  constructor(readonly db: Db) {}

  /** Runs `work` in one transaction with a repository bound to it (and the transaction, for the audit log). */
  transaction<T>(work: (repo: StaffRepo, trx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new StaffRepo(trx), trx));
  }

  // --- people -------------------------------------------------------------------------------

  findById(id: string): Promise<StaffRow | undefined> {
    return this.db.selectFrom("staff_users").selectAll().where("id", "=", id).executeTakeFirst();
  }

  findByEmail(email: string): Promise<StaffRow | undefined> {
    return this.db.selectFrom("staff_users").selectAll().where("email", "=", email).executeTakeFirst();
  }

  listStaff(): Promise<StaffRow[]> {
    return this.db.selectFrom("staff_users").selectAll().orderBy("created_at", "asc").orderBy("id", "asc").execute();
  }

  async countActive(): Promise<number> {
    const row = await this.db
      .selectFrom("staff_users")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("active", "=", 1)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Active owners, locked for the rest of the transaction on PostgreSQL (SQLite's writer lock covers it there). */
  async activeOwnerIds(forUpdate: boolean): Promise<string[]> {
    let query = this.db.selectFrom("staff_users").select("id").where("role", "=", "owner").where("active", "=", 1);
    if (forUpdate) query = query.forUpdate();
    return (await query.execute()).map((row) => row.id);
  }

  async insertStaff(row: StaffRow): Promise<void> {
    await this.db.insertInto("staff_users").values(row).execute();
  }

  async updateStaff(
    id: string,
    changes: Partial<
      Pick<
        StaffRow,
        "role" | "active" | "name" | "password_hash" | "totp_secret" | "totp_last_step" | "last_sign_in_at"
      >
    > & {
      updated_at: string;
    },
  ): Promise<void> {
    await this.db.updateTable("staff_users").set(changes).where("id", "=", id).execute();
  }

  /**
   * Moves the last accepted TOTP step forward, only if `step` is newer: two requests with the same
   * code race here and exactly one wins.
   */
  async claimTotpStep(id: string, step: number): Promise<boolean> {
    const result = await this.db
      .updateTable("staff_users")
      .set({ totp_last_step: step })
      .where("id", "=", id)
      .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", step)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  // --- sessions -----------------------------------------------------------------------------

  async insertSession(row: StaffSessionRow): Promise<void> {
    await this.db.insertInto("staff_sessions").values(row).execute();
  }

  /**
   * A session by its token's hash with the person it is for, in one statement (every admin call
   * reads it), prepared on PostgreSQL: one plan whatever the token.
   */
  async findSessionWithStaff(tokenHash: string): Promise<{ session: StaffSessionRow; staff: StaffRow } | undefined> {
    const query = this.db
      .selectFrom("staff_sessions as s")
      .innerJoin("staff_users as u", "u.id", "s.staff_id")
      .selectAll("s")
      .select([
        "u.email as u_email",
        "u.name as u_name",
        "u.role as u_role",
        "u.password_hash as u_password_hash",
        "u.totp_secret as u_totp_secret",
        "u.totp_last_step as u_totp_last_step",
        "u.active as u_active",
        "u.last_sign_in_at as u_last_sign_in_at",
        "u.created_at as u_created_at",
        "u.updated_at as u_updated_at",
      ])
      .where("s.token_hash", "=", tokenHash);
    const [row] = (await this.db.executeQuery(prepared(query))).rows;
    if (!row) return undefined;
    const { u_email, u_name, u_role, u_password_hash, u_totp_secret, u_totp_last_step, u_active, ...rest } = row;
    const { u_last_sign_in_at, u_created_at, u_updated_at, ...session } = rest;
    return {
      session,
      staff: {
        id: row.staff_id,
        email: u_email,
        name: u_name,
        role: u_role,
        password_hash: u_password_hash,
        totp_secret: u_totp_secret,
        totp_last_step: u_totp_last_step,
        active: u_active,
        last_sign_in_at: u_last_sign_in_at,
        created_at: u_created_at,
        updated_at: u_updated_at,
      },
    };
  }

  async touchSession(id: string, at: string): Promise<void> {
    await this.db.updateTable("staff_sessions").set({ last_seen_at: at }).where("id", "=", id).execute();
  }

  async setStepUp(id: string, at: string): Promise<void> {
    await this.db.updateTable("staff_sessions").set({ step_up_at: at }).where("id", "=", id).execute();
  }

  async endSession(id: string, at: string): Promise<void> {
    await this.db
      .updateTable("staff_sessions")
      .set({ ended_at: at })
      .where("id", "=", id)
      .where("ended_at", "is", null)
      .execute();
  }

  async endSessionsOf(staffId: string, at: string): Promise<void> {
    await this.db
      .updateTable("staff_sessions")
      .set({ ended_at: at })
      .where("staff_id", "=", staffId)
      .where("ended_at", "is", null)
      .execute();
  }

  // --- links --------------------------------------------------------------------------------

  async insertLink(row: StaffLinkRow): Promise<void> {
    await this.db.insertInto("staff_links").values(row).execute();
  }

  findLinkByTokenHash(tokenHash: string): Promise<StaffLinkRow | undefined> {
    return this.db.selectFrom("staff_links").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst();
  }

  async updateLink(
    id: string,
    changes: Partial<
      Pick<
        StaffLinkRow,
        "pending_name" | "pending_email" | "pending_password_hash" | "pending_totp_secret" | "used_at" | "revoked_at"
      >
    >,
  ): Promise<void> {
    await this.db.updateTable("staff_links").set(changes).where("id", "=", id).execute();
  }

  /** Marks a link used, only if it still is not: of two confirmations racing, one wins. */
  async consumeLink(id: string, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable("staff_links")
      .set({ used_at: at })
      .where("id", "=", id)
      .where("used_at", "is", null)
      .where("revoked_at", "is", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Unused, unrevoked links of a kind (optionally for one person or e-mail) get revoked. */
  async revokeOpenLinks(kind: StaffLinkRow["kind"], at: string, filter: { staffId?: string; email?: string } = {}) {
    let query = this.db
      .updateTable("staff_links")
      .set({ revoked_at: at })
      .where("kind", "=", kind)
      .where("used_at", "is", null)
      .where("revoked_at", "is", null);
    if (filter.staffId) query = query.where("staff_id", "=", filter.staffId);
    if (filter.email) query = query.where("email", "=", filter.email);
    await query.execute();
  }

  pendingInvitations(now: string): Promise<StaffLinkRow[]> {
    return this.db
      .selectFrom("staff_links")
      .selectAll()
      .where("kind", "=", "invitation")
      .where("used_at", "is", null)
      .where("revoked_at", "is", null)
      .where("expires_at", ">", now)
      .orderBy("created_at", "desc")
      .execute();
  }

  // --- sign-in challenges -------------------------------------------------------------------

  async insertChallenge(row: ChallengeRow): Promise<void> {
    await this.db.insertInto("staff_sign_in_challenges").values(row).execute();
  }

  findChallenge(tokenHash: string): Promise<ChallengeRow | undefined> {
    return this.db
      .selectFrom("staff_sign_in_challenges")
      .selectAll()
      .where("token_hash", "=", tokenHash)
      .executeTakeFirst();
  }

  async consumeChallenge(tokenHash: string, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable("staff_sign_in_challenges")
      .set({ used_at: at })
      .where("token_hash", "=", tokenHash)
      .where("used_at", "is", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  // --- recovery codes -----------------------------------------------------------------------

  async replaceRecoveryCodes(staffId: string, hashes: string[], at: string): Promise<void> {
    await this.db.deleteFrom("staff_recovery_codes").where("staff_id", "=", staffId).execute();
    await this.db
      .insertInto("staff_recovery_codes")
      .values(hashes.map((code_hash) => ({ staff_id: staffId, code_hash, created_at: at, used_at: null })))
      .execute();
  }

  /** Uses up a recovery code; false when it is not one of theirs or was used. */
  async useRecoveryCode(staffId: string, codeHash: string, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable("staff_recovery_codes")
      .set({ used_at: at })
      .where("staff_id", "=", staffId)
      .where("code_hash", "=", codeHash)
      .where("used_at", "is", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async recoveryCodesLeft(staffId: string): Promise<number> {
    const row = await this.db
      .selectFrom("staff_recovery_codes")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("staff_id", "=", staffId)
      .where("used_at", "is", null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Sessions that ended (or would have) before `sessionsBefore`, challenges expired before `challengesBefore`. */
  async purge(sessionsBefore: string, challengesBefore: string): Promise<{ sessions: number; challenges: number }> {
    const sessions = await this.db
      .deleteFrom("staff_sessions")
      .where((eb) => eb.or([eb("ends_at", "<", sessionsBefore), eb("ended_at", "<", sessionsBefore)]))
      .executeTakeFirst();
    const challenges = await this.db
      .deleteFrom("staff_sign_in_challenges")
      .where("expires_at", "<", challengesBefore)
      .executeTakeFirst();
    return { sessions: Number(sessions.numDeletedRows), challenges: Number(challenges.numDeletedRows) };
  }
}

export type { StaffRole };
