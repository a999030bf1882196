import { randomUUID } from "node:crypto";
import type { AccountIdentifier } from "@vaki/contract/accounts";
import { commonMessages, accountMessages as m } from "@vaki/contract/messages";
import type { Clock } from "../../lib/clock.js";
import { Forbidden, Unauthorised } from "../../lib/errors.js";
import { consumeOrThrow, type RateLimiter } from "../../lib/rate-limit/rate-limiter.js";
import type { AuthenticatedUser } from "./auth-guard.js";
import { verifyAgainstNobody, verifyPassword } from "./passwords.js";
import { accountRateLimits as limits } from "./rate-limits.js";
import type { AccountsRepo, UserRow } from "./repo.js";
import { type AccessTokens, hashOpaqueToken, newOpaqueToken, sessionLifetimeMs } from "./tokens.js";

export interface IssuedSession {
  user: UserRow;
  sessionId: string;
  accessToken: string;
  accessTokenExpiresAt: Date;
  refreshToken: string;
  /** Session end: 8 hours after login. */
  expiresAt: Date;
}

/**
 * Logins and sessions: a session lasts 8 hours from login; its refresh token rotates on every
 * use, and a used refresh token presented again signs the whole session out (stolen-token rule).
 */
export class SessionService {
  constructor(
    private readonly repo: AccountsRepo,
    private readonly clock: Clock,
    private readonly tokens: AccessTokens,
    private readonly rateLimiter: RateLimiter,
  ) {}

  async login(input: { identifier: AccountIdentifier; password: string; ip: string }): Promise<IssuedSession> {
    // Every attempt is counted (reserved) before the password is checked, per address and per
    // account, so parallel guesses cannot slip past either limit; a success gives both back.
    await consumeOrThrow(this.rateLimiter, limits.loginPerIp, input.ip, m.tooManyLoginAttempts);
    const { identifier } = input;
    const user =
      identifier.kind === "email"
        ? await this.repo.findUserByEmail(identifier.email)
        : await this.repo.findUserByMobile(identifier.mobile);
    const accountSubject = user?.id ?? (identifier.kind === "email" ? identifier.email : identifier.mobile);
    await consumeOrThrow(this.rateLimiter, limits.loginPerAccount, accountSubject, m.tooManyLoginAttempts);
    const passwordMatches = user
      ? await verifyPassword(user.password_hash, input.password)
      : await verifyAgainstNobody(input.password);
    if (!user || !passwordMatches) throw new Unauthorised(m.loginFailed);
    await this.rateLimiter.release(limits.loginPerIp, input.ip);
    await this.rateLimiter.reset(limits.loginPerAccount, accountSubject);
    // Told only after the right password, so the block reveals nothing to someone guessing.
    if (user.blocked_at !== null) throw new Forbidden(m.accountBlocked);
    return this.startSession(user);
  }

  async refresh(refreshToken: string | undefined): Promise<IssuedSession> {
    if (!refreshToken) throw new Unauthorised(m.sessionExpired);
    const now = this.clock.now();
    const at = now.toISOString();
    const tokenHash = hashOpaqueToken(refreshToken);
    const found = await this.repo.findRefreshToken(tokenHash);
    if (!found) throw new Unauthorised(m.sessionExpired);
    const { session } = found;
    if (found.usedAt !== null) {
      await this.repo.revokeSession(session.id, at);
      throw new Unauthorised(m.sessionReused);
    }
    if (session.revoked_at !== null || session.expires_at <= at) throw new Unauthorised(m.sessionExpired);

    const nextToken = newOpaqueToken();
    const rotated = await this.repo.transaction(async (repo) => {
      if (!(await repo.markRefreshTokenUsed(tokenHash, at))) return false;
      await repo.insertRefreshToken(hashOpaqueToken(nextToken), session.id, at);
      await repo.touchSession(session.id, at);
      return true;
    });
    if (!rotated) {
      // Another request used this token between our read and our write: treat it as a replay.
      await this.repo.revokeSession(session.id, at);
      throw new Unauthorised(m.sessionReused);
    }
    const user = await this.repo.findUserById(session.user_id);
    // Blocking revokes the sessions; this covers a refresh that raced the block.
    if (!user || user.blocked_at !== null) throw new Unauthorised(m.sessionExpired);
    const expiresAt = new Date(session.expires_at);
    const access = await this.tokens.sign({ userId: user.id, sessionId: session.id, role: user.role }, now, expiresAt);
    return {
      user,
      sessionId: session.id,
      accessToken: access.token,
      accessTokenExpiresAt: access.expiresAt,
      refreshToken: nextToken,
      expiresAt,
    };
  }

  /** Signs out the session named by a refresh token and/or a session id; unknown ones are ignored. */
  async logout(input: { refreshToken?: string | undefined; sessionId?: string | undefined }): Promise<void> {
    const at = this.clock.now().toISOString();
    if (input.refreshToken) {
      const found = await this.repo.findRefreshToken(hashOpaqueToken(input.refreshToken));
      if (found) await this.repo.revokeSession(found.session.id, at);
    }
    if (input.sessionId) await this.repo.revokeSession(input.sessionId, at);
  }

  /** Checks an access token and, with one indexed lookup, that its session is still live. */
  async authenticate(accessToken: string): Promise<AuthenticatedUser> {
    const now = this.clock.now();
    const claims = await this.tokens.verify(accessToken, now);
    if (claims === "expired") throw new Unauthorised(m.sessionExpired);
    if (claims === "invalid") throw new Unauthorised(commonMessages.unauthorised);
    const session = await this.repo.findSessionWithRole(claims.sessionId);
    if (
      !session ||
      session.userId !== claims.userId ||
      session.revokedAt !== null ||
      session.expiresAt <= now.toISOString()
    ) {
      throw new Unauthorised(m.sessionExpired);
    }
    return { id: session.userId, role: session.role, sessionId: claims.sessionId };
  }

  /** The first session of an account just registered: the shopper is logged in at once. */
  startForNewAccount(user: UserRow): Promise<IssuedSession> {
    return this.startSession(user);
  }

  private async startSession(user: UserRow): Promise<IssuedSession> {
    const now = this.clock.now();
    const at = now.toISOString();
    const sessionId = randomUUID();
    const expiresAt = new Date(now.getTime() + sessionLifetimeMs);
    const refreshToken = newOpaqueToken();
    await this.repo.transaction(async (repo) => {
      await repo.insertSession({
        id: sessionId,
        user_id: user.id,
        created_at: at,
        expires_at: expiresAt.toISOString(),
        revoked_at: null,
        last_refreshed_at: null,
      });
      await repo.insertRefreshToken(hashOpaqueToken(refreshToken), sessionId, at);
    });
    const access = await this.tokens.sign({ userId: user.id, sessionId, role: user.role }, now, expiresAt);
    return {
      user,
      sessionId,
      accessToken: access.token,
      accessTokenExpiresAt: access.expiresAt,
      refreshToken,
      expiresAt,
    };
  }
}
