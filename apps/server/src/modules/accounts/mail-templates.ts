import { renderMail } from "../../providers/mail/layout.js";
import type { MailMessage } from "../../providers/mail/mailer.js";

/** The reset-link e-mail; the link opens the storefront's /reset-password page (R-ORD-2). */
export function passwordResetMail(input: { shopName: string; to: string; name: string; link: string }): MailMessage {
  const body = renderMail({
    shopName: input.shopName,
    greeting: `Hey ${input.name},`,
    paragraphs: [
      `Someone (hopefully you) asked to reset the password of your ${input.shopName} account.`,
      "Tap the button to pick a new one. The link works once and expires in 24 hours.",
    ],
    action: { label: "Reset password", url: input.link },
    after: ["Didn't ask for this? Ignore this mail and your password stays as it is."],
  });
  return { to: input.to, subject: `Reset your ${input.shopName} password`, ...body };
}
