import { createHash, randomBytes, randomUUID } from "node:crypto";
import { staffCookieName, staffCsrfHeader } from "@vaki/contract/admin/schemas";
import type { Kysely } from "kysely";
import type { Database } from "../src/db/schema.js";

/** The bench owner's e-mail (a reused bench database replaces the earlier run's owner). */
export const benchOwnerEmail = "bench-owner@example.in";

/** A signed-in owner as the admin app is: its cookie for every call, its CSRF token for writes. */
export interface BenchOwner {
  cookie: string;
  csrfToken: string;
  /** The headers of a read (no CSRF token needed). */
  readHeaders: Record<string, string>;
  /** The headers of a JSON write (PUT, POST): the session's CSRF token too. */
  writeHeaders: Record<string, string>;
}

/**
 * Signs a staff owner in by writing the staff user and its session directly into the database,
 * before the server starts: the cookie's value is a random token, the row keeps its SHA-256
 * (staff/service.ts), so no password or second factor is needed.
 */
export async function signInBenchOwner(db: Kysely<Database>, now = new Date()): Promise<BenchOwner> {
  const staffId = randomUUID();
  const cookie = randomBytes(32).toString("base64url");
  const csrfToken = randomBytes(16).toString("hex");
  await db
    .insertInto("staff_users")
    .values({
      id: staffId,
      email: benchOwnerEmail,
      name: "Bench Owner",
      role: "owner",
      password_hash: "bench (never signs in with a password)",
      totp_secret: null,
      totp_last_step: null,
      last_sign_in_at: now.toISOString(),
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .execute();
  await db
    .insertInto("staff_sessions")
    .values({
      id: randomUUID(),
      staff_id: staffId,
      token_hash: createHash("sha256").update(cookie).digest("hex"),
      csrf_token: csrfToken,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      ends_at: new Date(now.getTime() + 12 * 3_600_000).toISOString(),
      step_up_at: null,
      ended_at: null,
    })
    .execute();
  // What the admin app sends: the session cookie, and compressed answers like any browser.
  const readHeaders = { cookie: `${staffCookieName}=${cookie}`, "accept-encoding": "gzip, deflate, br, zstd" };
  return {
    cookie,
    csrfToken,
    readHeaders,
    writeHeaders: { ...readHeaders, "content-type": "application/json", [staffCsrfHeader]: csrfToken },
  };
}
