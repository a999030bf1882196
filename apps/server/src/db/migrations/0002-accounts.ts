import { type Kysely, type Migration, sql } from "kysely";
import type { Dialect } from "../connection.js";
import { idColumn, nonNegative } from "./columns.js";

/** Users, their sessions and tokens, Club members, and the shared rate-limit counters. */
export function accountTables(dialect: Dialect): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("users")
        .addColumn("id", "text", (c) => c.primaryKey().notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("email", "text", (c) => c.notNull().unique())
        .addColumn("mobile", "text", (c) => c.unique())
        .addColumn("password_hash", "text", (c) => c.notNull())
        .addColumn("role", "text", (c) => c.notNull().defaultTo("customer").check(sql`role in ('customer', 'admin')`))
        .addColumn("birthday", "text")
        .addColumn("preferences", "text", (c) => c.notNull().defaultTo("{}"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("sessions")
        .addColumn("id", "text", (c) => c.primaryKey().notNull())
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .addColumn("revoked_at", "text")
        .addColumn("last_refreshed_at", "text")
        .execute();
      await db.schema.createIndex("sessions_user_idx").on("sessions").columns(["user_id", "revoked_at"]).execute();

      await db.schema
        .createTable("refresh_tokens")
        .addColumn("token_hash", "text", (c) => c.primaryKey().notNull())
        .addColumn("session_id", "text", (c) => c.notNull().references("sessions.id").onDelete("cascade"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("used_at", "text")
        .execute();
      await db.schema.createIndex("refresh_tokens_session_idx").on("refresh_tokens").column("session_id").execute();

      await db.schema
        .createTable("password_reset_tokens")
        .addColumn("token_hash", "text", (c) => c.primaryKey().notNull())
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .addColumn("used_at", "text")
        .execute();
      await db.schema
        .createIndex("password_reset_tokens_user_idx")
        .on("password_reset_tokens")
        .column("user_id")
        .execute();

      await db.schema
        .createTable("club_members")
        .addColumn("id", idColumn(dialect), (c) => c.primaryKey().notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("email", "text", (c) => c.notNull().unique())
        .addColumn("phone", "text", (c) => c.notNull().unique())
        .addColumn("user_id", "text", (c) => c.references("users.id").onDelete("set null"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("rate_limits")
        .addColumn("key", "text", (c) => c.primaryKey().notNull())
        .addColumn("window_start", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .addColumn("count", "integer", (c) => c.notNull().check(nonNegative("count")))
        .execute();
      await db.schema.createIndex("rate_limits_expires_idx").on("rate_limits").column("expires_at").execute();
    },
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
    async down(db: Kysely<any>) {
      for (const table of [
        "rate_limits",
        "club_members",
        "password_reset_tokens",
        "refresh_tokens",
        "sessions",
        "users",
      ]) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}
