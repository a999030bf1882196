import { createHmac, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import { codMessages as m } from "@vaki/contract/messages";
import type { Clock } from "../../lib/clock.js";
import { InvalidInput, TooManyRequests } from "../../lib/errors.js";
import type { Logger } from "../../lib/logger.js";
import { consumeOrThrow, type RateLimiter, type RateLimitRule } from "../../lib/rate-limit/rate-limiter.js";
import type { SmsProvider } from "../../providers/sms/sms-provider.js";
import type { CodRepo } from "./repo.js";

const minutes = (n: number) => n * 60_000;

/** The one-time code's rules: six digits, valid 10 minutes, 5 tries, a new one after 30 s. */
export const phoneCodeRules = { digits: 6, validMs: minutes(10), maxTries: 5, resendAfterMs: 30_000 } as const;

/** Codes sent and tries, per phone and per client address; counted before the check they guard. */
export const phoneCodeLimits = {
  sendPerPhone: { name: "cod-code-send-phone", limit: 5, windowMs: minutes(60) },
  sendPerAddress: { name: "cod-code-send-ip", limit: 20, windowMs: minutes(60), perClientAddress: true },
  tryPerPhone: { name: "cod-code-try-phone", limit: 15, windowMs: minutes(60) },
  tryPerAddress: { name: "cod-code-try-ip", limit: 50, windowMs: minutes(60), perClientAddress: true },
} satisfies Record<string, RateLimitRule>;

/**
 * Proves a shopper holds the delivery phone before a cash-on-delivery order: a six-digit code by
 * text message, stored only as an HMAC keyed by the row's id, so the database never holds a code.
 */
export class PhoneVerificationService {
  constructor(
    private readonly deps: {
      repo: CodRepo;
      sms: SmsProvider;
      clock: Clock;
      rateLimiter: RateLimiter;
      log: Logger;
      shopName: string;
      /** Keys the codes' hashes (the shop's token secret), so a copy of the database alone cannot test codes. */
      secret: string;
    },
  ) {}

  /** Sends a new code to the phone (normalised +91…); refuses a resend within 30 s, and too many codes. */
  async send(phone: string, clientAddress: string): Promise<void> {
    const now = this.deps.clock.now();
    const latest = await this.deps.repo.latestVerification(phone);
    if (latest && !latest.verified_at) {
      const wait = Date.parse(latest.sent_at) + phoneCodeRules.resendAfterMs - now.getTime();
      if (wait > 0) throw new TooManyRequests(m.resendTooSoon(Math.ceil(wait / 1000)), Math.ceil(wait / 1000));
    }
    const { rateLimiter } = this.deps;
    await consumeOrThrow(rateLimiter, phoneCodeLimits.sendPerPhone, phone, m.tooManyCodes);
    await consumeOrThrow(rateLimiter, phoneCodeLimits.sendPerAddress, clientAddress, m.tooManyCodes);
    const code = String(randomInt(0, 10 ** phoneCodeRules.digits)).padStart(phoneCodeRules.digits, "0");
    const id = randomUUID();
    await this.deps.repo.insertVerification({
      id,
      phone,
      code_hash: this.hash(id, code),
      sent_at: now.toISOString(),
      expires_at: new Date(now.getTime() + phoneCodeRules.validMs).toISOString(),
    });
    await this.deps.sms.send({ to: phone, text: m.codeText(this.deps.shopName, code) });
  }

  /**
   * Checks a code for the phone: the latest code only, within 10 minutes, at most 5 tries (each
   * counted before the comparison, so parallel guesses cannot beat it). InvalidInput says why not.
   */
  async verify(phone: string, code: string, clientAddress: string): Promise<void> {
    const { rateLimiter, repo } = this.deps;
    await consumeOrThrow(rateLimiter, phoneCodeLimits.tryPerPhone, phone, m.tooManyTries);
    await consumeOrThrow(rateLimiter, phoneCodeLimits.tryPerAddress, clientAddress, m.tooManyTries);
    const latest = await repo.latestVerification(phone);
    const now = this.deps.clock.now();
    if (!latest || latest.verified_at || Date.parse(latest.expires_at) <= now.getTime()) {
      throw new InvalidInput(m.codeExpired);
    }
    const counted = await repo.countTry(latest.id, phoneCodeRules.maxTries);
    if (!counted) throw new InvalidInput(m.tooManyTries);
    const given = Buffer.from(this.hash(latest.id, code.trim()));
    const stored = Buffer.from(latest.code_hash);
    if (given.length !== stored.length || !timingSafeEqual(given, stored)) {
      throw new InvalidInput(counted.attempts >= phoneCodeRules.maxTries ? m.tooManyTries : m.codeWrong);
    }
    await repo.markVerified(latest.id, now.toISOString());
  }

  /** Whether the phone has a code it can still use (sent, not used, not expired, tries left). */
  async hasLiveCode(phone: string): Promise<boolean> {
    const latest = await this.deps.repo.latestVerification(phone);
    return (
      latest !== undefined &&
      !latest.verified_at &&
      latest.attempts < phoneCodeRules.maxTries &&
      Date.parse(latest.expires_at) > this.deps.clock.now().getTime()
    );
  }

  private hash(id: string, code: string): string {
    return createHmac("sha256", this.deps.secret).update(`phone-code:${id}:${code}`).digest("base64url");
  }
}
