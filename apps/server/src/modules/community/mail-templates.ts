import { renderMail } from "../../providers/mail/layout.js";
import type { MailMessage } from "../../providers/mail/mailer.js";

/** Welcome to the Club, with the first-order code. */
export function clubWelcomeMail(input: {
  shopName: string;
  to: string;
  firstName: string;
  code: string;
  shopUrl: string;
}): MailMessage {
  const body = renderMail({
    shopName: input.shopName,
    greeting: `Hey ${input.firstName}, you're in.`,
    paragraphs: [
      `Welcome to the Club — first looks at new drops, Vakiverse stories before anyone else, and members-only deals.`,
      `Your welcome gift: use code ${input.code} at checkout for an extra 10% off your first order.`,
    ],
    action: { label: "Shop the drop", url: input.shopUrl },
  });
  return { to: input.to, subject: `Welcome to the Club — ${input.code} inside`, ...body };
}
