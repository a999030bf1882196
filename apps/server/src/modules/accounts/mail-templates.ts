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

/** The welcome on sign-up: what the account is for, and the way back to the shop. */
export function welcomeMail(input: { shopName: string; to: string; name: string; shopUrl: string }): MailMessage {
  // The name as typed at sign-up (any script); its first word is how a friend would say hi.
  const firstName = input.name.trim().split(/\s+/)[0] || "there";
  const body = renderMail({
    shopName: input.shopName,
    greeting: `Hey ${firstName}, welcome to ${input.shopName}.`,
    paragraphs: [
      "Your account is live. Here's what it gets you:",
      "• My Orders: every order in one place, with live tracking from packed to delivered.",
      "• Your wishlist, saved: heart a piece on your phone, find it later on any device.",
      "• Faster checkout: sign in and your details are ready, so you're done in a few taps.",
      "New drops land often. Go see what's in.",
    ],
    action: { label: "Start shopping", url: input.shopUrl },
    after: ["Didn't sign up? Just reply to this e-mail and we'll sort it out."],
  });
  return { to: input.to, subject: `Welcome to ${input.shopName}, ${firstName}`, ...body };
}
