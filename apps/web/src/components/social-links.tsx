import { Instagram, Twitter, Youtube } from "lucide-react";
import { SHOP_NAME } from "../lib/brand";

const SOCIALS = [
  { name: "Instagram", href: "https://www.instagram.com/", Icon: Instagram },
  { name: "YouTube", href: "https://www.youtube.com/", Icon: Youtube },
  { name: "X (Twitter)", href: "https://x.com/", Icon: Twitter },
] as const;

export function SocialLinks() {
  return (
    <ul className="social-links">
      {SOCIALS.map(({ name, href, Icon }) => (
        <li key={name}>
          <a
            className="social-links__link"
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${SHOP_NAME} on ${name}`}
          >
            <Icon aria-hidden="true" />
          </a>
        </li>
      ))}
    </ul>
  );
}
