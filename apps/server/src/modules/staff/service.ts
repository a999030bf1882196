import { randomUUID, timingSafeEqual } from "node:crypto";
import { isStrongStaffPassword, setupStartAccountRequestSchema } from "@vaki/contract/admin/new-password";
import { rolePermissions } from "@vaki/contract/admin/permissions";
import {
  adminLimits,
  type InviteAnswer,
  type InviteRequest,
  type Me,
  adminMessages as m,
  type ResetTwoFactorAnswer,
  recoveryCodePattern,
  type SetupInspectAnswer,
  type SetupStartAnswer,
  type StaffListAnswer,
  type StaffMember,
  type StaffPatchRequest,
  setupStartResetRequestSchema,
} from "@vaki/contract/admin/schemas";
import type { Clock } from "../../lib/clock.js";
import { Conflict, Gone, NotFound, TooManyRequests } from "../../lib/errors.js";
import type { RateLimiter, RateLimitRule } from "../../lib/rate-limit/rate-limiter.js";
import type { MailMessage } from "../../providers/mail/mailer.js";
import { hashPassword, verifyAgainstNobody, verifyPassword } from "../accounts/passwords.js";
import { hashOpaqueToken, newOpaqueToken } from "../accounts/tokens.js";
import type { AuditLog } from "../audit/service.js";
import type { AuditChanges, AuditContext } from "../audit/types.js";
import { fieldError, invalidInputOf, StaffUnauthenticated } from "./errors.js";
import { invitationMail } from "./mail-templates.js";
import { staffRateLimits as limits } from "./rate-limits.js";
import { hashRecoveryCode, newRecoveryCodes } from "./recovery-codes.js";
import type { StaffLinkRow, StaffRepo, StaffRow, StaffSessionRow } from "./repo.js";
import type { SecretBox } from "./secret-box.js";
import { matchingStep, newTotpSecret, otpauthUri, qrSvg } from "./totp.js";

const minuteMs = 60 * 1000;
const hourMs = 60 * minuteMs;
const idleMs = adminLimits.sessionIdleMinutes * minuteMs;
const absoluteMs = adminLimits.sessionAbsoluteHours * hourMs;
const stepUpMs = adminLimits.stepUpMinutes * minuteMs;
/** A session's last-seen time is written at most this often (each admin request would otherwise write). */
const touchEveryMs = 30 * 1000;

/** The signed-in person and their session, as the guard puts it on a request. */
export interface StaffPrincipal {
  staff: StaffRow;
  session: StaffSessionRow;
}

/** A new session: the cookie's token (only its hash is stored) and when it ends at the latest. */
export interface IssuedStaffSession {
  token: string;
  csrfToken: string;
  endsAt: Date;
  me: Me;
}

export interface StaffServiceOptions {
  shopName: string;
  publicUrl: string;
  secretBox: SecretBox;
  recoveryKey: Buffer;
  /** Sends an e-mail without failing the request (the invitation). */
  sendMail?: (message: MailMessage) => Promise<unknown>;
  /** PostgreSQL locks the owner rows of a role change; SQLite's single writer does it already. */
  lockRows: boolean;
}

/** Staff accounts, links, sign-in with TOTP, sessions, step-up and staff management. */
export class StaffService {
  constructor(
    private readonly repo: StaffRepo,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    private readonly rateLimiter: RateLimiter,
    private readonly options: StaffServiceOptions,
  ) {}

  // --- links ----------------------------------------------------------------------------------

  setupUrl(token: string): string {
    return `${this.options.publicUrl}/admin/setup?token=${encodeURIComponent(token)}`;
  }

  /** What a link is for; 404 unknown, 410 used or expired. */
  async inspectLink(token: string): Promise<SetupInspectAnswer> {
    const link = await this.usableLink(token);
    if (link.kind === "reset-two-factor") {
      const staff = link.staff_id ? await this.repo.findById(link.staff_id) : undefined;
      if (!staff?.active) throw new Gone(m.linkExpired);
      return { kind: link.kind, email: staff.email, name: staff.name, role: staff.role };
    }
    return { kind: link.kind, email: link.email, name: link.name, role: link.role };
  }

  /** First step of a link: the person's details (or current password), answered with a new TOTP secret. */
  async startSetup(body: Record<string, unknown>, address: string): Promise<SetupStartAnswer> {
    const token = String(body.token ?? "");
    await this.consume(limits.setupPerIp, address);
    await this.consume(limits.setupPerLink, hashOpaqueToken(token));
    const link = await this.usableLink(token);
    const secret = newTotpSecret();
    let email: string;
    if (link.kind === "reset-two-factor") {
      const parsed = setupStartResetRequestSchema.safeParse(body);
      if (!parsed.success) throw invalidInputOf(parsed.error);
      const staff = link.staff_id ? await this.repo.findById(link.staff_id) : undefined;
      if (!staff?.active) throw new Gone(m.linkExpired);
      if (!(await verifyPassword(staff.password_hash, parsed.data.password))) {
        throw fieldError("password", m.passwordWrong);
      }
      email = staff.email;
      await this.repo.updateLink(link.id, { pending_totp_secret: this.options.secretBox.seal(secret) });
    } else {
      const parsed = setupStartAccountRequestSchema.safeParse(body);
      if (!parsed.success) throw invalidInputOf(parsed.error);
      const { name, password } = parsed.data;
      const chosenEmail = link.kind === "setup" ? parsed.data.email : link.email;
      if (!chosenEmail) throw fieldError("email", m.emailRequired);
      email = chosenEmail;
      if (await this.repo.findByEmail(email)) throw fieldError("email", m.emailTaken);
      if (!isStrongStaffPassword(password, [name, email])) throw fieldError("password", m.passwordWeak);
      await this.repo.updateLink(link.id, {
        pending_name: name,
        pending_email: email,
        pending_password_hash: await hashPassword(password),
        pending_totp_secret: this.options.secretBox.seal(secret),
      });
    }
    const uri = otpauthUri(secret, this.options.shopName, email);
    return { secret, otpauthUri: uri, qrSvg: await qrSvg(uri) };
  }

  /** Second step: a code from the new secret proves the app has it; the account is made and signed in. */
  async confirmSetup(
    token: string,
    code: string,
    context: AuditContext,
    throttleAddress: string,
  ): Promise<IssuedStaffSession & { recoveryCodes: string[] }> {
    await this.consume(limits.setupPerIp, throttleAddress);
    await this.consume(limits.setupPerLink, hashOpaqueToken(token));
    const link = await this.usableLink(token);
    if (!link.pending_totp_secret) throw fieldError("code", m.setupStarted);
    const now = this.clock.now();
    const at = now.toISOString();
    const secret = this.options.secretBox.open(link.pending_totp_secret);
    const step = matchingStep(secret, code, now);
    if (step === null) throw fieldError("code", m.codeWrong);
    const recoveryCodes = newRecoveryCodes(adminLimits.recoveryCodes);

    const issued = await this.repo.transaction(async (repo, trx) => {
      if (!(await repo.consumeLink(link.id, at))) throw new Gone(m.linkUsed);
      let staff: StaffRow;
      if (link.kind === "reset-two-factor") {
        const existing = link.staff_id ? await repo.findById(link.staff_id) : undefined;
        if (!existing?.active) throw new Gone(m.linkExpired);
        await repo.updateStaff(existing.id, {
          totp_secret: link.pending_totp_secret,
          totp_last_step: step,
          last_sign_in_at: at,
          updated_at: at,
        });
        await repo.endSessionsOf(existing.id, at);
        staff = { ...existing, totp_secret: link.pending_totp_secret, totp_last_step: step, last_sign_in_at: at };
        await this.audit.record(
          trx,
          { ...context, actorId: staff.id },
          {
            action: "staff.two_factor_enrol",
            entityType: "staff",
            entityId: staff.id,
          },
        );
      } else {
        const { pending_email: email, pending_name: name, pending_password_hash: passwordHash } = link;
        if (!email || !name || !passwordHash) throw fieldError("code", m.setupStarted);
        if (await repo.findByEmail(email)) throw new Conflict(m.emailTaken);
        staff = {
          id: randomUUID(),
          email,
          name,
          role: link.role,
          password_hash: passwordHash,
          totp_secret: link.pending_totp_secret,
          totp_last_step: step,
          active: 1,
          last_sign_in_at: at,
          created_at: at,
          updated_at: at,
        };
        await repo.insertStaff(staff);
        await this.audit.record(
          trx,
          { ...context, actorId: staff.id },
          {
            action: "staff.setup",
            entityType: "staff",
            entityId: staff.id,
            changes: {
              email: { before: null, after: email },
              name: { before: null, after: name },
              role: { before: null, after: link.role },
            },
          },
        );
      }
      await repo.replaceRecoveryCodes(
        staff.id,
        recoveryCodes.map((c) => hashRecoveryCode(this.options.recoveryKey, c)),
        at,
      );
      return this.startSession(repo, staff, now);
    });
    return { ...issued, recoveryCodes };
  }

  /** The first owner's link, when the shop has no active staff: logged at start (a fresh one each start). */
  async issueFirstOwnerLink(): Promise<{ url: string; expiresAt: Date } | null> {
    if ((await this.repo.countActive()) > 0) return null;
    const now = this.clock.now();
    const token = newOpaqueToken();
    const expiresAt = new Date(now.getTime() + adminLimits.setupLinkHours * hourMs);
    await this.repo.transaction(async (repo) => {
      await repo.revokeOpenLinks("setup", now.toISOString());
      await repo.insertLink(this.newLink("setup", token, now, expiresAt, { role: "owner" }));
    });
    return { url: this.setupUrl(token), expiresAt };
  }

  // --- sign-in --------------------------------------------------------------------------------

  /** E-mail and password: answers a 5-minute, single-use challenge for the code. */
  async login(email: string, password: string, address: string): Promise<{ challengeToken: string }> {
    // Counted before the password is checked (per address, then per account); a success gives both back.
    await this.consume(limits.loginPerIp, address);
    const staff = await this.repo.findByEmail(email);
    const accountSubject = staff?.id ?? email;
    await this.consume(limits.loginPerAccount, accountSubject);
    const matches = staff ? await verifyPassword(staff.password_hash, password) : await verifyAgainstNobody(password);
    if (!staff || !matches || !staff.active || !staff.totp_secret) throw new StaffUnauthenticated(m.invalidCredentials);
    await this.rateLimiter.release(limits.loginPerIp, address);
    await this.rateLimiter.reset(limits.loginPerAccount, accountSubject);
    const now = this.clock.now();
    const challengeToken = newOpaqueToken();
    await this.repo.insertChallenge({
      token_hash: hashOpaqueToken(challengeToken),
      staff_id: staff.id,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + adminLimits.challengeMinutes * minuteMs).toISOString(),
      used_at: null,
    });
    return { challengeToken };
  }

  /** The code (or a recovery code) for a challenge: starts the session. */
  async verify(
    challengeToken: string,
    code: string,
    context: AuditContext,
    throttleAddress: string,
  ): Promise<IssuedStaffSession & { recoveryCodesLeft: number }> {
    const now = this.clock.now();
    const at = now.toISOString();
    const tokenHash = hashOpaqueToken(challengeToken);
    const challenge = await this.repo.findChallenge(tokenHash);
    if (!challenge || challenge.used_at !== null || challenge.expires_at <= at) {
      throw new StaffUnauthenticated(m.challengeExpired);
    }
    const staff = await this.repo.findById(challenge.staff_id);
    if (!staff?.active || !staff.totp_secret) throw new StaffUnauthenticated(m.challengeExpired);
    await this.consume(limits.codePerIp, throttleAddress);
    await this.consume(limits.codePerAccount, staff.id);
    const method = await this.checkCode(staff, code, now, true);
    if (!method) throw fieldError("code", m.codeWrong);
    await this.rateLimiter.release(limits.codePerIp, throttleAddress);
    await this.rateLimiter.reset(limits.codePerAccount, staff.id);

    const issued = await this.repo.transaction(async (repo, trx) => {
      if (!(await repo.consumeChallenge(tokenHash, at))) throw new StaffUnauthenticated(m.challengeExpired);
      await repo.updateStaff(staff.id, { last_sign_in_at: at, updated_at: at });
      await this.audit.record(
        trx,
        { ...context, actorId: staff.id },
        {
          action: "staff.sign_in",
          entityType: "staff",
          entityId: staff.id,
          changes: { method: { before: null, after: method } },
        },
      );
      return this.startSession(repo, staff, now);
    });
    return { ...issued, recoveryCodesLeft: await this.repo.recoveryCodesLeft(staff.id) };
  }

  /** The person behind a session cookie, or 401: ended, idle 30 minutes, 12 hours old, or deactivated. */
  async authenticate(sessionToken: string | undefined): Promise<StaffPrincipal> {
    if (!sessionToken || sessionToken.length > 200) throw new StaffUnauthenticated(m.sessionEnded);
    const found = await this.repo.findSessionWithStaff(hashOpaqueToken(sessionToken));
    const now = this.clock.now();
    if (!found || !isLive(found.session, now) || !found.staff.active) throw new StaffUnauthenticated(m.sessionEnded);
    const { session, staff } = found;
    if (now.getTime() - Date.parse(session.last_seen_at) >= touchEveryMs) {
      const at = now.toISOString();
      await this.repo.touchSession(session.id, at);
      session.last_seen_at = at;
    }
    return { staff, session };
  }

  /** Whether a presented CSRF token is this session's (compared in constant time). */
  csrfMatches(principal: StaffPrincipal, presented: string | undefined): boolean {
    if (!presented) return false;
    const expected = Buffer.from(principal.session.csrf_token);
    const given = Buffer.from(presented);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  me(principal: StaffPrincipal): Me {
    return toMe(principal.staff, principal.session, this.clock.now());
  }

  async logout(principal: StaffPrincipal): Promise<void> {
    await this.repo.endSession(principal.session.id, this.clock.now().toISOString());
  }

  async logoutEverywhere(principal: StaffPrincipal): Promise<void> {
    await this.repo.endSessionsOf(principal.staff.id, this.clock.now().toISOString());
  }

  /** Password and a fresh code: step-up-guarded calls pass for the next 5 minutes. */
  async stepUp(
    principal: StaffPrincipal,
    password: string,
    code: string,
    address: string,
  ): Promise<{ stepUpUntil: string }> {
    const { staff, session } = principal;
    await this.consume(limits.codePerIp, address);
    await this.consume(limits.codePerAccount, staff.id);
    if (!(await verifyPassword(staff.password_hash, password))) throw fieldError("password", m.passwordWrong);
    const now = this.clock.now();
    if (!(await this.checkCode(staff, code, now, false))) throw fieldError("code", m.codeWrong);
    await this.rateLimiter.release(limits.codePerIp, address);
    await this.rateLimiter.reset(limits.codePerAccount, staff.id);
    await this.repo.setStepUp(session.id, now.toISOString());
    return { stepUpUntil: new Date(now.getTime() + stepUpMs).toISOString() };
  }

  /** Whether the session confirmed password and code in the last 5 minutes. */
  hasFreshStepUp(principal: StaffPrincipal): boolean {
    const { step_up_at: stepUpAt } = principal.session;
    return stepUpAt !== null && Date.parse(stepUpAt) + stepUpMs > this.clock.now().getTime();
  }

  /** Deletes sessions ended over 7 days ago and sign-in challenges expired over a day ago (links and the audit log stay). */
  async purge(): Promise<{ sessions: number; challenges: number }> {
    const now = this.clock.now().getTime();
    return this.repo.purge(new Date(now - 7 * 24 * hourMs).toISOString(), new Date(now - 24 * hourMs).toISOString());
  }

  // --- staff management -----------------------------------------------------------------------

  async list(): Promise<StaffListAnswer> {
    const [staff, invitations] = await Promise.all([
      this.repo.listStaff(),
      this.repo.pendingInvitations(this.clock.now().toISOString()),
    ]);
    return {
      items: staff.map(toStaffMember),
      invitations: invitations.map((link) => ({
        id: link.id,
        email: link.email ?? "",
        name: link.name ?? "",
        role: link.role,
        expiresAt: link.expires_at,
      })),
    };
  }

  /** A 72-hour invitation link (an earlier open one for the same e-mail is revoked). */
  async invite(input: InviteRequest, context: AuditContext): Promise<InviteAnswer> {
    if (await this.repo.findByEmail(input.email)) {
      throw new Conflict(m.emailTaken, { fieldErrors: { email: [m.emailTaken] } });
    }
    const now = this.clock.now();
    const token = newOpaqueToken();
    const expiresAt = new Date(now.getTime() + adminLimits.invitationHours * hourMs);
    const link = this.newLink("invitation", token, now, expiresAt, {
      email: input.email,
      name: input.name,
      role: input.role,
      createdBy: context.actorId,
    });
    await this.repo.transaction(async (repo, trx) => {
      await repo.revokeOpenLinks("invitation", now.toISOString(), { email: input.email });
      await repo.insertLink(link);
      await this.audit.record(trx, context, {
        action: "staff.invite",
        entityType: "invitation",
        entityId: link.id,
        changes: {
          email: { before: null, after: input.email },
          name: { before: null, after: input.name },
          role: { before: null, after: input.role },
        },
      });
    });
    const invitationUrl = this.setupUrl(token);
    await this.options.sendMail?.(
      invitationMail({
        shopName: this.options.shopName,
        to: input.email,
        name: input.name,
        role: input.role,
        link: invitationUrl,
      }),
    );
    return { invitationUrl, expiresAt: expiresAt.toISOString() };
  }

  /** Role and active flag; the last active owner stays one. Deactivation ends their sessions at once. */
  async update(id: string, patch: StaffPatchRequest, context: AuditContext): Promise<StaffMember> {
    const at = this.clock.now().toISOString();
    return this.repo.transaction(async (repo, trx) => {
      const staff = await repo.findById(id);
      if (!staff) throw new NotFound(m.staffNotFound);
      const role = patch.role ?? staff.role;
      const active = patch.active === undefined ? staff.active === 1 : patch.active;
      const stopsBeingOwner = staff.role === "owner" && staff.active === 1 && (role !== "owner" || !active);
      if (stopsBeingOwner) {
        const owners = await repo.activeOwnerIds(this.options.lockRows);
        if (owners.filter((ownerId) => ownerId !== staff.id).length === 0) throw new Conflict(m.lastOwner);
      }
      if (role !== staff.role) {
        await this.audit.record(trx, context, {
          action: "staff.role_change",
          entityType: "staff",
          entityId: staff.id,
          changes: { role: { before: staff.role, after: role } },
        });
      }
      if (active !== (staff.active === 1)) {
        const changes: AuditChanges = { active: { before: staff.active === 1, after: active } };
        await this.audit.record(trx, context, {
          action: active ? "staff.reactivate" : "staff.deactivate",
          entityType: "staff",
          entityId: staff.id,
          changes,
        });
        if (!active) await repo.endSessionsOf(staff.id, at);
      }
      await repo.updateStaff(staff.id, { role, active: active ? 1 : 0, updated_at: at });
      return toStaffMember({ ...staff, role, active: active ? 1 : 0, updated_at: at });
    });
  }

  /** Voids their authenticator and sessions and answers a link to enrol again (72 hours). */
  async resetTwoFactor(id: string, context: AuditContext): Promise<ResetTwoFactorAnswer> {
    const now = this.clock.now();
    const at = now.toISOString();
    const token = newOpaqueToken();
    const expiresAt = new Date(now.getTime() + adminLimits.resetTwoFactorHours * hourMs);
    await this.repo.transaction(async (repo, trx) => {
      const staff = await repo.findById(id);
      if (!staff) throw new NotFound(m.staffNotFound);
      await repo.revokeOpenLinks("reset-two-factor", at, { staffId: staff.id });
      await repo.insertLink(
        this.newLink("reset-two-factor", token, now, expiresAt, {
          email: staff.email,
          name: staff.name,
          role: staff.role,
          staffId: staff.id,
          createdBy: context.actorId,
        }),
      );
      await repo.updateStaff(staff.id, { totp_secret: null, totp_last_step: null, updated_at: at });
      await repo.endSessionsOf(staff.id, at);
      await this.audit.record(trx, context, {
        action: "staff.reset_two_factor",
        entityType: "staff",
        entityId: staff.id,
        changes: { twoFactor: { before: staff.totp_secret !== null, after: false } },
      });
    });
    return { resetUrl: this.setupUrl(token), expiresAt: expiresAt.toISOString() };
  }

  // --- helpers --------------------------------------------------------------------------------

  private async usableLink(token: string): Promise<StaffLinkRow> {
    const link = token ? await this.repo.findLinkByTokenHash(hashOpaqueToken(token)) : undefined;
    if (!link) throw new NotFound(m.linkUnknown);
    if (link.used_at !== null) throw new Gone(m.linkUsed);
    if (link.revoked_at !== null || link.expires_at <= this.clock.now().toISOString()) throw new Gone(m.linkExpired);
    return link;
  }

  private newLink(
    kind: StaffLinkRow["kind"],
    token: string,
    now: Date,
    expiresAt: Date,
    fields: {
      email?: string;
      name?: string;
      role: StaffLinkRow["role"];
      staffId?: string;
      createdBy?: string | null;
    },
  ): StaffLinkRow {
    return {
      id: randomUUID(),
      kind,
      token_hash: hashOpaqueToken(token),
      email: fields.email ?? null,
      name: fields.name ?? null,
      role: fields.role,
      staff_id: fields.staffId ?? null,
      created_by: fields.createdBy ?? null,
      pending_name: null,
      pending_email: null,
      pending_password_hash: null,
      pending_totp_secret: null,
      created_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
      used_at: null,
      revoked_at: null,
    };
  }

  /**
   * A TOTP code (its step must be newer than the last accepted one) or, where allowed, an unused
   * recovery code. Answers how the person proved it, or null.
   */
  private async checkCode(
    staff: StaffRow,
    code: string,
    now: Date,
    allowRecovery: boolean,
  ): Promise<"totp" | "recovery-code" | null> {
    const compact = code.replace(/\s+/g, "");
    if (/^\d{6}$/.test(compact) && staff.totp_secret) {
      const step = matchingStep(this.options.secretBox.open(staff.totp_secret), compact, now);
      return step !== null && (await this.repo.claimTotpStep(staff.id, step)) ? "totp" : null;
    }
    if (allowRecovery && recoveryCodePattern.test(code)) {
      const used = await this.repo.useRecoveryCode(
        staff.id,
        hashRecoveryCode(this.options.recoveryKey, code),
        now.toISOString(),
      );
      return used ? "recovery-code" : null;
    }
    return null;
  }

  private async startSession(repo: StaffRepo, staff: StaffRow, now: Date): Promise<IssuedStaffSession> {
    const token = newOpaqueToken();
    const at = now.toISOString();
    const endsAt = new Date(now.getTime() + absoluteMs);
    const session: StaffSessionRow = {
      id: randomUUID(),
      staff_id: staff.id,
      token_hash: hashOpaqueToken(token),
      csrf_token: newOpaqueToken(),
      created_at: at,
      last_seen_at: at,
      ends_at: endsAt.toISOString(),
      // The password and a fresh code were just given: that counts as a step-up.
      step_up_at: at,
      ended_at: null,
    };
    await repo.insertSession(session);
    return { token, csrfToken: session.csrf_token, endsAt, me: toMe(staff, session, now) };
  }

  /** Counts an attempt before its check; over the limit, 429 saying how many minutes to wait. */
  private async consume(rule: RateLimitRule, subject: string): Promise<void> {
    const state = await this.rateLimiter.hit(rule, subject);
    if (state.limited) {
      const minutes = Math.max(1, Math.ceil(state.retryAfterMs / minuteMs));
      throw new TooManyRequests(m.tooManyAttempts(minutes), state.retryAfterMs / 1000);
    }
  }
}

function isLive(session: StaffSessionRow, now: Date): boolean {
  const time = now.getTime();
  return (
    session.ended_at === null && Date.parse(session.ends_at) > time && Date.parse(session.last_seen_at) + idleMs > time
  );
}

export function toMe(staff: StaffRow, session: StaffSessionRow, now: Date): Me {
  const stepUpUntil = session.step_up_at === null ? null : Date.parse(session.step_up_at) + stepUpMs;
  return {
    id: staff.id,
    email: staff.email,
    name: staff.name,
    role: staff.role,
    permissions: [...rolePermissions[staff.role]],
    stepUpUntil: stepUpUntil !== null && stepUpUntil > now.getTime() ? new Date(stepUpUntil).toISOString() : null,
  };
}

export function toStaffMember(staff: StaffRow): StaffMember {
  return {
    id: staff.id,
    email: staff.email,
    name: staff.name,
    role: staff.role,
    active: staff.active === 1,
    twoFactor: staff.totp_secret !== null,
    lastSignInAt: staff.last_sign_in_at,
    createdAt: staff.created_at,
  };
}
