import { roleLabels } from "@vaki/contract/admin/permissions";
import type { StaffRole } from "@vaki/contract/admin/schemas";
import { renderMail } from "../../providers/mail/layout.js";
import type { MailMessage } from "../../providers/mail/mailer.js";

/** The invitation e-mail: the link opens /admin/setup (72 hours, once). */
export function invitationMail(input: {
  shopName: string;
  to: string;
  name: string;
  role: StaffRole;
  link: string;
}): MailMessage {
  const body = renderMail({
    shopName: input.shopName,
    greeting: `Hello ${input.name},`,
    paragraphs: [
      `You have been invited to run ${input.shopName} as ${roleLabels[input.role]}.`,
      "Open the link to choose a password and set up two-factor sign-in with an authenticator app. It works once and expires in 72 hours.",
    ],
    action: { label: "Set up your account", url: input.link },
    after: ["Not expecting this? Ignore this mail; nothing happens without the link."],
  });
  return { to: input.to, subject: `Your ${input.shopName} staff account`, ...body };
}
