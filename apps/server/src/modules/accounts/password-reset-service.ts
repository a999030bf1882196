import type { AccountIdentifier } from "@vaki/contract/accounts";
import { isStrongPassword } from "@vaki/contract/accounts";
import { accountMessages as m } from "@vaki/contract/messages";
import type { Clock } from "../../lib/clock.js";
import { Gone, InvalidInput, NotFound } from "../../lib/errors.js";
import type { Logger } from "../../lib/logger.js";
import { consumeOrThrow, type RateLimiter } from "../../lib/rate-limit/rate-limiter.js";
import { type Mailer, sendWithoutFailing } from "../../providers/mail/mailer.js";
import { passwordResetMail } from "./mail-templates.js";
import { hashPassword } from "./passwords.js";
import { accountRateLimits as limits } from "./rate-limits.js";
import type { AccountsRepo, ResetTokenRow } from "./repo.js";
import { hashOpaqueToken, newOpaqueToken } from "./tokens.js";

/** R-ORD-9 — a reset link is valid for 24 hours. */
export const resetLinkLifetimeMs = 24 * 60 * 60 * 1000;

/** "r****@example.com": enough for the shopper to recognise, too little to harvest. */
export function maskEmail(email: string): string {
  const [local = "", domain = ""] = email.split("@");
  return `${local.slice(0, 1)}****@${domain}`;
}

/** Request a link by e-mail, check it, set a new password with it (single use, 24 hours). */
export class PasswordResetService {
  constructor(
    private readonly repo: AccountsRepo,
    private readonly clock: Clock,
    private readonly rateLimiter: RateLimiter,
    private readonly mailer: Mailer,
    private readonly log: Logger,
    private readonly shop: { name: string; publicUrl: string },
  ) {}

  async request(input: { identifier: AccountIdentifier; ip: string }): Promise<{ sentTo: string }> {
    await consumeOrThrow(this.rateLimiter, limits.resetPerIp, input.ip, m.tooManyResetRequests);
    const { identifier } = input;
    const user =
      identifier.kind === "email"
        ? await this.repo.findUserByEmail(identifier.email)
        : await this.repo.findUserByMobile(identifier.mobile);
    if (!user) throw new NotFound(m.resetAccountNotFound);
    await consumeOrThrow(this.rateLimiter, limits.resetPerAccount, user.id, m.tooManyResetRequests);

    const now = this.clock.now();
    const token = newOpaqueToken();
    await this.repo.insertResetToken({
      token_hash: hashOpaqueToken(token),
      user_id: user.id,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + resetLinkLifetimeMs).toISOString(),
      used_at: null,
    });
    const link = `${this.shop.publicUrl}/reset-password?fpt=${encodeURIComponent(token)}`;
    // A failed send is logged; the token stays valid, so a retry of the mail (or support) can still use it.
    await sendWithoutFailing(
      this.mailer,
      this.log,
      passwordResetMail({ shopName: this.shop.name, to: user.email, name: user.name, link }),
    );
    return { sentTo: maskEmail(user.email) };
  }

  async verify(token: string): Promise<{ expiresAt: string }> {
    const row = await this.usableToken(token);
    return { expiresAt: row.expires_at };
  }

  /** Sets the new password, uses the link up, and signs out every session of the account. */
  async reset(input: { token: string; password: string; confirmPassword?: string | undefined }): Promise<void> {
    const row = await this.usableToken(input.token);
    if (!isStrongPassword(input.password)) {
      throw new InvalidInput(m.passwordWeak, { fieldErrors: { password: [m.passwordWeak] } });
    }
    if (input.confirmPassword !== undefined && input.confirmPassword !== input.password) {
      throw new InvalidInput(m.passwordsDoNotMatch, { fieldErrors: { confirmPassword: [m.passwordsDoNotMatch] } });
    }
    const passwordHash = await hashPassword(input.password);
    const at = this.clock.now().toISOString();
    const done = await this.repo.transaction(async (repo) => {
      if (!(await repo.consumeResetToken(row.token_hash, at))) return false;
      await repo.updateUser(row.user_id, { password_hash: passwordHash, updated_at: at });
      await repo.retireResetTokensOfUser(row.user_id);
      await repo.revokeSessionsOfUser(row.user_id, at);
      return true;
    });
    if (!done) throw new Gone(m.resetTokenUsed);
  }

  /** 404 for an unknown token, 410 for an expired or used one (saying which). */
  private async usableToken(token: string): Promise<ResetTokenRow> {
    const row = await this.repo.findResetToken(hashOpaqueToken(token));
    if (!row) throw new NotFound(m.resetTokenInvalid);
    if (row.used_at !== null) throw new Gone(m.resetTokenUsed);
    if (row.expires_at <= this.clock.now().toISOString()) throw new Gone(m.resetTokenExpired);
    return row;
  }
}
