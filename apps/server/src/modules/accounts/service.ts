import { randomUUID } from "node:crypto";
import {
  defaultPreferences,
  type Preferences,
  type Profile,
  type PublicUser,
  preferencesSchema,
  type UserRole,
} from "@vaki/contract/accounts";
import { accountMessages as m } from "@vaki/contract/messages";
import { uniqueViolation } from "../../db/errors.js";
import type { Clock } from "../../lib/clock.js";
import { Conflict, InvalidInput, NotFound } from "../../lib/errors.js";
import { consumeOrThrow, type RateLimiter } from "../../lib/rate-limit/rate-limiter.js";
import type { Outbox } from "../outbox/service.js";
import type { AuthenticatedUser } from "./auth-guard.js";
import { hashPassword, verifyPassword } from "./passwords.js";
import { accountRateLimits as limits } from "./rate-limits.js";
import type { AccountsRepo, UserPatch, UserRow } from "./repo.js";
import { welcomeMailMessage } from "./welcome-mail.js";

export function toPublicUser(user: UserRow): PublicUser {
  return { id: user.id, name: user.name, email: user.email, mobile: user.mobile, role: user.role };
}

export function toProfile(user: UserRow): Profile {
  return {
    id: user.id,
    userId: user.id,
    name: user.name,
    email: user.email,
    mobile: user.mobile,
    birthday: user.birthday,
    role: user.role,
    createdAt: user.created_at,
  };
}

function preferencesOf(user: UserRow): Preferences {
  try {
    const parsed = preferencesSchema.safeParse(JSON.parse(user.preferences));
    return parsed.success ? parsed.data : defaultPreferences;
  } catch {
    return defaultPreferences;
  }
}

/** Registration, profile, password change and preferences. */
export class AccountService {
  constructor(
    private readonly repo: AccountsRepo,
    private readonly clock: Clock,
    private readonly rateLimiter: RateLimiter,
    private readonly outbox: Outbox,
  ) {}

  async register(input: {
    name: string;
    email: string;
    mobile?: string | undefined;
    password: string;
    role?: UserRole;
    /** The client's address (`clientAddressOf`), counted against the sign-up limit; absent for the admin CLI. */
    ip?: string;
  }): Promise<UserRow> {
    if (input.ip !== undefined) {
      await consumeOrThrow(this.rateLimiter, limits.registerPerIp, input.ip, m.tooManyRegistrations);
    }
    await this.refuseTaken(input.email, input.mobile);
    const passwordHash = await hashPassword(input.password);
    const at = this.clock.now().toISOString();
    let user: UserRow;
    try {
      // The welcome e-mail is written with the account: both or neither, and once (its key is the account's).
      user = await this.repo.transaction(async (repo, trx) => {
        const inserted = await repo.insertUser({
          id: randomUUID(),
          name: input.name,
          email: input.email,
          mobile: input.mobile ?? null,
          password_hash: passwordHash,
          role: input.role ?? "customer",
          birthday: null,
          preferences: "{}",
          created_at: at,
          updated_at: at,
        });
        await this.outbox.enqueue(trx, welcomeMailMessage(inserted.id));
        return inserted;
      });
    } catch (error) {
      throw this.conflictFrom(error) ?? error;
    }
    this.outbox.tick();
    return user;
  }

  async profile(caller: AuthenticatedUser): Promise<UserRow> {
    const user = await this.repo.findUserById(caller.id);
    if (!user) throw new NotFound(m.sessionExpired);
    return user;
  }

  async updateProfile(
    caller: AuthenticatedUser,
    input: { name?: string | undefined; mobile?: string | undefined; birthday?: string | null; email?: string },
  ): Promise<UserRow> {
    const user = await this.profile(caller);
    if (input.email !== undefined && input.email.trim().toLowerCase() !== user.email) {
      throw new InvalidInput(m.emailReadOnly, { fieldErrors: { email: [m.emailReadOnly] } });
    }
    const patch: UserPatch = {};
    if (input.name !== undefined) patch.name = input.name;
    if (input.mobile !== undefined && input.mobile !== user.mobile) {
      await this.refuseTaken(undefined, input.mobile);
      patch.mobile = input.mobile;
    }
    if (input.birthday !== undefined) {
      const today = this.clock.now().toISOString().slice(0, 10);
      if (input.birthday !== null && input.birthday > today) {
        throw new InvalidInput(m.birthdayInvalid, { fieldErrors: { birthday: [m.birthdayInvalid] } });
      }
      patch.birthday = input.birthday;
    }
    return this.update(user, patch);
  }

  async rename(caller: AuthenticatedUser, name: string): Promise<UserRow> {
    return this.updateProfile(caller, { name });
  }

  async changeMobile(caller: AuthenticatedUser, mobile: string): Promise<UserRow> {
    return this.updateProfile(caller, { mobile });
  }

  /**
   * Checks the current password (wrong guesses count against the account's login limit), sets
   * the new one and signs out every other session of the account; the caller's stays.
   */
  async changePassword(
    caller: AuthenticatedUser,
    input: { currentPassword: string; newPassword: string; currentPasswordField?: string },
  ): Promise<{ otherSessionsSignedOut: number }> {
    const user = await this.profile(caller);
    // Reserved before the check (parallel guesses cannot slip past the limit); a right password clears it.
    await consumeOrThrow(this.rateLimiter, limits.loginPerAccount, user.id, m.tooManyLoginAttempts);
    if (!(await verifyPassword(user.password_hash, input.currentPassword))) {
      // Under the name the request used (the spec's client sends oldPassword).
      const field = input.currentPasswordField ?? "currentPassword";
      throw new InvalidInput(m.currentPasswordWrong, { fieldErrors: { [field]: [m.currentPasswordWrong] } });
    }
    await this.rateLimiter.reset(limits.loginPerAccount, user.id);
    const passwordHash = await hashPassword(input.newPassword);
    const at = this.clock.now().toISOString();
    const otherSessionsSignedOut = await this.repo.transaction(async (repo) => {
      await repo.updateUser(user.id, { password_hash: passwordHash, updated_at: at });
      await repo.retireResetTokensOfUser(user.id);
      return repo.revokeSessionsOfUser(user.id, at, caller.sessionId);
    });
    return { otherSessionsSignedOut };
  }

  async preferences(caller: AuthenticatedUser): Promise<Preferences> {
    return preferencesOf(await this.profile(caller));
  }

  async updatePreferences(caller: AuthenticatedUser, changes: Partial<Preferences>): Promise<Preferences> {
    const user = await this.profile(caller);
    const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
    const next = preferencesSchema.parse({ ...preferencesOf(user), ...defined });
    await this.update(user, { preferences: JSON.stringify(next) });
    return next;
  }

  private async update(user: UserRow, patch: UserPatch): Promise<UserRow> {
    if (Object.keys(patch).length === 0) return user;
    try {
      const updated = await this.repo.transaction(async (repo) => {
        const row = await repo.updateUser(user.id, { ...patch, updated_at: this.clock.now().toISOString() });
        if (row && patch.name !== undefined && patch.name !== user.name) await repo.reindexOrderNames(row);
        return row;
      });
      if (!updated) throw new NotFound(m.sessionExpired);
      return updated;
    } catch (error) {
      throw this.conflictFrom(error) ?? error;
    }
  }

  /** 409 with field errors when the e-mail or mobile number already belongs to an account. */
  private async refuseTaken(email: string | undefined, mobile: string | undefined): Promise<void> {
    const fieldErrors: Record<string, string[]> = {};
    if (email && (await this.repo.findUserByEmail(email))) fieldErrors.email = [m.emailTaken];
    if (mobile && (await this.repo.findUserByMobile(mobile))) fieldErrors.mobile = [m.mobileTaken];
    const fields = Object.keys(fieldErrors);
    if (fields.length === 0) return;
    const message = fields.length > 1 ? m.accountExists : fields[0] === "email" ? m.emailTaken : m.mobileTaken;
    throw new Conflict(message, { fieldErrors });
  }

  /** Maps a UNIQUE violation that raced past refuseTaken onto the same 409. */
  private conflictFrom(error: unknown): Conflict | null {
    const violation = uniqueViolation(error);
    if (!violation) return null;
    if (violation.columns.includes("mobile")) {
      return new Conflict(m.mobileTaken, { fieldErrors: { mobile: [m.mobileTaken] } });
    }
    if (violation.columns.includes("email")) {
      return new Conflict(m.emailTaken, { fieldErrors: { email: [m.emailTaken] } });
    }
    return new Conflict(m.accountExists);
  }
}
