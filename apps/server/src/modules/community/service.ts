import { firstOrderCode } from "@vaki/contract/community";
import { clubMessages as m } from "@vaki/contract/messages";
import { uniqueViolation } from "../../db/errors.js";
import type { Clock } from "../../lib/clock.js";
import { Conflict } from "../../lib/errors.js";
import type { Logger } from "../../lib/logger.js";
import { consumeOrThrow, type RateLimiter, type RateLimitRule } from "../../lib/rate-limit/rate-limiter.js";
import { type Mailer, sendWithoutFailing } from "../../providers/mail/mailer.js";
import { clubWelcomeMail } from "./mail-templates.js";
import type { CommunityRepo } from "./repo.js";

/** Sign-ups per client address per hour: enough for a family, too few for a bot. */
export const clubJoinPerIp: RateLimitRule = {
  name: "club-join-ip",
  limit: 10,
  windowMs: 60 * 60 * 1000,
  perClientAddress: true,
};

/** The Club: guests and customers join with name, e-mail and phone, and get the first-order code. */
export class CommunityService {
  constructor(
    private readonly repo: CommunityRepo,
    private readonly clock: Clock,
    private readonly rateLimiter: RateLimiter,
    private readonly mailer: Mailer,
    private readonly log: Logger,
    private readonly shop: { name: string; publicUrl: string },
  ) {}

  async join(input: {
    name: string;
    email: string;
    phone: string;
    userId: string | null;
    ip: string;
  }): Promise<{ memberId: number; welcomeMessage: string }> {
    await consumeOrThrow(this.rateLimiter, clubJoinPerIp, input.ip, m.tooManyJoins);
    const existing = await this.repo.findMembersByEmailOrPhone(input.email, input.phone);
    if (existing.length > 0) {
      const fieldErrors: Record<string, string[]> = {};
      if (existing.some((member) => member.email === input.email)) fieldErrors.email = [m.alreadyMember];
      if (existing.some((member) => member.phone === input.phone)) fieldErrors.phone = [m.alreadyMember];
      throw new Conflict(m.alreadyMember, { fieldErrors });
    }
    let memberId: number;
    try {
      const member = await this.repo.insertMember({
        name: input.name,
        email: input.email,
        phone: input.phone,
        user_id: input.userId,
        created_at: this.clock.now().toISOString(),
      });
      memberId = member.id;
    } catch (error) {
      if (uniqueViolation(error)) throw new Conflict(m.alreadyMember);
      throw error;
    }
    const firstName = input.name.split(/\s+/)[0] ?? input.name;
    await sendWithoutFailing(
      this.mailer,
      this.log,
      clubWelcomeMail({
        shopName: this.shop.name,
        to: input.email,
        firstName,
        code: firstOrderCode,
        shopUrl: this.shop.publicUrl,
      }),
    );
    return { memberId, welcomeMessage: m.welcome(firstName) };
  }
}
