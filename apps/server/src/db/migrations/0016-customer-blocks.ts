import type { Kysely, Migration } from "kysely";

/**
 * The owner's customers (issue "owner's side, part 3"): an account blocked from signing in keeps
 * when and why (the audit log keeps who), and the Club's member list pages newest first.
 */
export function customerBlocks(): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
    async up(db: Kysely<any>) {
      await db.schema.alterTable("users").addColumn("blocked_at", "text").execute();
      await db.schema.alterTable("users").addColumn("blocked_reason", "text").execute();
      await db.schema
        .createIndex("club_members_created_idx")
        .on("club_members")
        .columns(["created_at", "id"])
        .execute();
    },
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
    async down(db: Kysely<any>) {
      await db.schema.dropIndex("club_members_created_idx").ifExists().execute();
      await db.schema.alterTable("users").dropColumn("blocked_reason").execute();
      await db.schema.alterTable("users").dropColumn("blocked_at").execute();
    },
  };
}
