import { z } from "zod";
import type { Logger } from "../../lib/logger.js";
import type { Mailer } from "../../providers/mail/mailer.js";
import type { OutboxMessage } from "../outbox/service.js";
import type { ShopLinks } from "../shop-module.js";
import { welcomeMail } from "./mail-templates.js";
import type { AccountsRepo } from "./repo.js";

export const welcomeMailKind = "welcome-mail";
export const welcomePayloadSchema = z.object({ userId: z.string() });

/** One welcome per account: the key is the account's, so a replayed write inserts nothing. */
export function welcomeMailMessage(userId: string): OutboxMessage {
  return { kind: welcomeMailKind, payload: { userId }, dedupeKey: `${welcomeMailKind}:${userId}` };
}

/** The outbox handler of `welcome-mail`: reads the account when it runs, so the mail has its current name. */
export class WelcomeMail {
  constructor(
    private readonly repo: AccountsRepo,
    private readonly mailer: Mailer,
    private readonly log: Logger,
    private readonly shop: Pick<ShopLinks, "name" | "publicUrl">,
  ) {}

  /** A failed send throws, so the outbox retries it. */
  async deliver(userId: string): Promise<void> {
    const user = await this.repo.findUserById(userId);
    if (!user) {
      // Deleted before the worker came round: nobody to welcome, and no retry would change that.
      this.log.warn({ userId }, "no account for the welcome e-mail; none sent");
      return;
    }
    await this.mailer.send(
      welcomeMail({ shopName: this.shop.name, to: user.email, name: user.name, shopUrl: this.shop.publicUrl }),
    );
  }
}
