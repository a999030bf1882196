import { type Kysely, type Migration, sql } from "kysely";
import type { Dialect } from "../connection.js";
import { idColumn, nonNegative, oneOf } from "./columns.js";

const staffRoles = ["owner", "operations", "catalogue", "support", "accountant"] as const;
const linkKinds = ["setup", "invitation", "reset-two-factor"] as const;

/**
 * The owner's side: staff people (not customers) with their own sessions, setup and invitation
 * links, sign-in challenges, hashed recovery codes, the append-only audit log, and order notes.
 */
export function staffAdminTables(dialect: Dialect): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("staff_users")
        .addColumn("id", "text", (c) => c.primaryKey().notNull())
        .addColumn("email", "text", (c) => c.notNull().unique())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("role", "text", (c) => c.notNull().check(oneOf("role", staffRoles)))
        .addColumn("password_hash", "text", (c) => c.notNull())
        .addColumn("totp_secret", "text")
        .addColumn("totp_last_step", "integer", (c) => c.check(nonNegative("totp_last_step")))
        .addColumn("active", "integer", (c) => c.notNull().defaultTo(1).check(sql`active in (0, 1)`))
        .addColumn("last_sign_in_at", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("staff_users_role_idx").on("staff_users").columns(["role", "active"]).execute();

      await db.schema
        .createTable("staff_sessions")
        .addColumn("id", "text", (c) => c.primaryKey().notNull())
        .addColumn("staff_id", "text", (c) => c.notNull().references("staff_users.id").onDelete("cascade"))
        .addColumn("token_hash", "text", (c) => c.notNull().unique())
        .addColumn("csrf_token", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("last_seen_at", "text", (c) => c.notNull())
        .addColumn("ends_at", "text", (c) => c.notNull())
        .addColumn("step_up_at", "text")
        .addColumn("ended_at", "text")
        .execute();
      await db.schema
        .createIndex("staff_sessions_staff_idx")
        .on("staff_sessions")
        .columns(["staff_id", "ended_at"])
        .execute();
      await db.schema.createIndex("staff_sessions_ends_idx").on("staff_sessions").column("ends_at").execute();

      await db.schema
        .createTable("staff_links")
        .addColumn("id", "text", (c) => c.primaryKey().notNull())
        .addColumn("kind", "text", (c) => c.notNull().check(oneOf("kind", linkKinds)))
        .addColumn("token_hash", "text", (c) => c.notNull().unique())
        .addColumn("email", "text")
        .addColumn("name", "text")
        .addColumn("role", "text", (c) => c.notNull().check(oneOf("role", staffRoles)))
        .addColumn("staff_id", "text", (c) => c.references("staff_users.id").onDelete("cascade"))
        .addColumn("created_by", "text", (c) => c.references("staff_users.id").onDelete("set null"))
        // What the person chose at /setup/start, kept until the code confirms it (secret encrypted).
        .addColumn("pending_name", "text")
        .addColumn("pending_email", "text")
        .addColumn("pending_password_hash", "text")
        .addColumn("pending_totp_secret", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .addColumn("used_at", "text")
        .addColumn("revoked_at", "text")
        .execute();
      await db.schema.createIndex("staff_links_kind_idx").on("staff_links").columns(["kind", "used_at"]).execute();
      await db.schema.createIndex("staff_links_expires_idx").on("staff_links").column("expires_at").execute();

      await db.schema
        .createTable("staff_sign_in_challenges")
        .addColumn("token_hash", "text", (c) => c.primaryKey().notNull())
        .addColumn("staff_id", "text", (c) => c.notNull().references("staff_users.id").onDelete("cascade"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .addColumn("used_at", "text")
        .execute();
      await db.schema
        .createIndex("staff_sign_in_challenges_expires_idx")
        .on("staff_sign_in_challenges")
        .column("expires_at")
        .execute();

      await db.schema
        .createTable("staff_recovery_codes")
        .addColumn("id", idColumn(dialect), (c) => c.primaryKey().notNull())
        .addColumn("staff_id", "text", (c) => c.notNull().references("staff_users.id").onDelete("cascade"))
        .addColumn("code_hash", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("used_at", "text")
        .execute();
      await db.schema
        .createIndex("staff_recovery_codes_staff_idx")
        .on("staff_recovery_codes")
        .columns(["staff_id", "code_hash"])
        .execute();

      await db.schema
        .createTable("audit_events")
        .addColumn("id", idColumn(dialect), (c) => c.primaryKey().notNull())
        .addColumn("at", "text", (c) => c.notNull())
        .addColumn("actor_id", "text")
        .addColumn("action", "text", (c) => c.notNull())
        .addColumn("entity_type", "text", (c) => c.notNull())
        .addColumn("entity_id", "text", (c) => c.notNull())
        // JSON object { field: { before, after } }.
        .addColumn("changes", "text", (c) => c.notNull().defaultTo("{}"))
        .addColumn("request_id", "text")
        .addColumn("address_hash", "text")
        .execute();
      await db.schema.createIndex("audit_events_at_idx").on("audit_events").columns(["at", "id"]).execute();
      await db.schema
        .createIndex("audit_events_actor_idx")
        .on("audit_events")
        .columns(["actor_id", "at", "id"])
        .execute();
      await db.schema
        .createIndex("audit_events_entity_idx")
        .on("audit_events")
        .columns(["entity_type", "entity_id", "at", "id"])
        .execute();
      await db.schema
        .createIndex("audit_events_action_idx")
        .on("audit_events")
        .columns(["action", "at", "id"])
        .execute();

      await db.schema
        .createTable("order_notes")
        .addColumn("id", "text", (c) => c.primaryKey().notNull())
        .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
        .addColumn("author_id", "text", (c) => c.references("staff_users.id").onDelete("set null"))
        .addColumn("text", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("order_notes_order_idx")
        .on("order_notes")
        .columns(["order_id", "created_at"])
        .execute();

      // Keyset lists of the admin: orders by total, customers by sign-up.
      await db.schema.createIndex("orders_total_idx").on("orders").columns(["total", "id"]).execute();
      await db.schema.createIndex("orders_created_id_idx").on("orders").columns(["created_at", "id"]).execute();
      await db.schema.createIndex("users_created_idx").on("users").columns(["created_at", "id"]).execute();
    },
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
    async down(db: Kysely<any>) {
      for (const index of ["users_created_idx", "orders_created_id_idx", "orders_total_idx"]) {
        await db.schema.dropIndex(index).ifExists().execute();
      }
      for (const table of [
        "order_notes",
        "audit_events",
        "staff_recovery_codes",
        "staff_sign_in_challenges",
        "staff_links",
        "staff_sessions",
        "staff_users",
      ]) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}
