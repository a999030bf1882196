import { parseArgs } from "node:util";
import { emailSchema, isStrongPassword, nameSchema } from "@vaki/contract/accounts";
import { accountMessages } from "@vaki/contract/messages";
import type { Db } from "../../db/connection.js";
import type { Clock } from "../../lib/clock.js";
import { DomainError } from "../../lib/errors.js";
import { DatabaseRateLimiter } from "../../lib/rate-limit/database-rate-limiter.js";
import { AccountsRepo } from "./repo.js";
import { AccountService } from "./service.js";

export const createAdminUsage = `Usage: npm run create-admin -- --email owner@example.com --name "Shop Owner" --password '...'

Creates an admin account, or makes an existing account (found by e-mail) an admin.
The password may also come from the ADMIN_PASSWORD environment variable (kept out of the shell history).
--name and a password are needed only when the account does not exist yet.`;

/** Runs the create-admin command; answers the exit code and what to print. */
export async function runCreateAdmin(
  argv: string[],
  env: Record<string, string | undefined>,
  deps: { db: Db; clock: Clock },
): Promise<{ code: number; output: string }> {
  let values: { email?: string | undefined; name?: string | undefined; password?: string | undefined; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        email: { type: "string" },
        name: { type: "string" },
        password: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
    }));
  } catch (error) {
    return { code: 2, output: `${(error as Error).message}\n\n${createAdminUsage}` };
  }
  if (values.help) return { code: 0, output: createAdminUsage };

  const email = emailSchema.safeParse(values.email ?? "");
  if (!email.success) return { code: 2, output: `--email: ${accountMessages.emailInvalid}\n\n${createAdminUsage}` };
  const name = values.name === undefined ? undefined : nameSchema.safeParse(values.name);
  if (name && !name.success) return { code: 2, output: `--name: ${accountMessages.nameInvalid}` };
  const password = values.password ?? env.ADMIN_PASSWORD;
  if (password !== undefined && !isStrongPassword(password)) {
    return { code: 2, output: `--password: ${accountMessages.passwordWeak}` };
  }

  const service = new AccountService(
    new AccountsRepo(deps.db),
    deps.clock,
    new DatabaseRateLimiter(deps.db, deps.clock),
  );
  try {
    const { user, created } = await service.createOrPromoteAdmin({ email: email.data, name: name?.data, password });
    const what = created ? "Created admin account" : "Made admin";
    const note =
      !created && password !== undefined ? "\n(The existing password was kept; use the reset link to change it.)" : "";
    return { code: 0, output: `${what}: ${user.name} <${user.email}> (id ${user.id})${note}` };
  } catch (error) {
    if (error instanceof DomainError) return { code: 1, output: error.message };
    throw error;
  }
}
