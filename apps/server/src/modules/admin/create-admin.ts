import { parseArgs } from "node:util";
import { roleLabels } from "@vaki/contract/admin/permissions";
import { staffEmailSchema, staffNameSchema, staffRoleSchema } from "@vaki/contract/admin/schemas";
import type { Config } from "../../config.js";
import type { Db, Dialect } from "../../db/connection.js";
import type { Clock } from "../../lib/clock.js";
import { DomainError } from "../../lib/errors.js";
import { DatabaseRateLimiter } from "../../lib/rate-limit/database-rate-limiter.js";
import { systemAuditContext } from "../audit/types.js";
import { createStaffModule } from "./staff-module.js";

export const createAdminUsage = `Usage: npm run create-admin -- --email owner@example.com --name "Shop Owner" [--role owner]

Prints an invitation link (valid 72 hours) to the admin's setup page: the person opens it, chooses
a password and sets up two-factor sign-in with an authenticator app. --role is one of owner (the
default), operations, catalogue, support, accountant. Works whether the shop is running or not
(it uses the same DATA_DIR / DATABASE_URL).`;

/** Runs the create-admin command: an invitation for a staff person; answers the exit code and what to print. */
export async function runCreateAdmin(
  argv: string[],
  deps: { db: Db; dialect: Dialect; clock: Clock; config: Pick<Config, "secrets" | "shopName" | "publicUrl"> },
): Promise<{ code: number; output: string }> {
  let values: { email?: string | undefined; name?: string | undefined; role?: string | undefined; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        email: { type: "string" },
        name: { type: "string" },
        role: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
    }));
  } catch (error) {
    return { code: 2, output: `${(error as Error).message}\n\n${createAdminUsage}` };
  }
  if (values.help) return { code: 0, output: createAdminUsage };

  const email = staffEmailSchema.safeParse(values.email ?? "");
  if (!email.success) return { code: 2, output: `--email: ${email.error.issues[0]?.message}\n\n${createAdminUsage}` };
  const name = staffNameSchema.safeParse(values.name ?? "");
  if (!name.success) return { code: 2, output: `--name: ${name.error.issues[0]?.message}\n\n${createAdminUsage}` };
  const role = staffRoleSchema.safeParse(values.role ?? "owner");
  if (!role.success) return { code: 2, output: `--role: ${role.error.issues[0]?.message}\n\n${createAdminUsage}` };

  const { staff } = createStaffModule({
    db: deps.db,
    dialect: deps.dialect,
    config: deps.config,
    clock: deps.clock,
    rateLimiter: new DatabaseRateLimiter(deps.db, deps.clock),
  });
  try {
    const invitation = await staff.invite({ email: email.data, name: name.data, role: role.data }, systemAuditContext);
    return {
      code: 0,
      output: [
        `Invitation for ${name.data} <${email.data}> as ${roleLabels[role.data]}, valid until ${invitation.expiresAt}:`,
        invitation.invitationUrl,
        "Open it in a browser to choose a password and set up two-factor sign-in.",
      ].join("\n"),
    };
  } catch (error) {
    if (error instanceof DomainError) return { code: 1, output: error.message };
    throw error;
  }
}
