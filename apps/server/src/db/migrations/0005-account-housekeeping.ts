import type { Kysely, Migration } from "kysely";

/** Indexes the accounts clean-up reads: sessions by end, reset links by expiry. */
export function accountHousekeepingIndexes(): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
    async up(db: Kysely<any>) {
      await db.schema.createIndex("sessions_expires_idx").on("sessions").column("expires_at").execute();
      await db.schema.createIndex("sessions_revoked_idx").on("sessions").column("revoked_at").execute();
      await db.schema
        .createIndex("password_reset_tokens_expires_idx")
        .on("password_reset_tokens")
        .column("expires_at")
        .execute();
    },
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
    async down(db: Kysely<any>) {
      for (const index of ["password_reset_tokens_expires_idx", "sessions_revoked_idx", "sessions_expires_idx"]) {
        await db.schema.dropIndex(index).ifExists().execute();
      }
    },
  };
}
