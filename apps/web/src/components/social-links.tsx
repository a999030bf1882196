import { Instagram, Twitter, Youtube } from "lucide-react";
import { SHOP_NAME } from "../lib/brand";

const NETWORKS = [
  { name: "Instagram", setting: "VITE_INSTAGRAM_URL", Icon: Instagram },
  { name: "YouTube", setting: "VITE_YOUTUBE_URL", Icon: Youtube },
  { name: "X (Twitter)", setting: "VITE_X_URL", Icon: Twitter },
] as const;

/** The brand's own profiles, used where a build sets none (the footer always offers three links). */
export const DEFAULT_PROFILES = {
  VITE_INSTAGRAM_URL: "https://www.instagram.com/vakiverse/",
  VITE_YOUTUBE_URL: "https://www.youtube.com/@vakiverse",
  VITE_X_URL: "https://x.com/vakiverse",
} as const;

/**
 * The shop's own profiles, from the build's settings (VITE_INSTAGRAM_URL, VITE_YOUTUBE_URL,
 * VITE_X_URL). A network without an https address of a profile (not the network's home page)
 * is left out, so no icon leads nowhere.
 */
export function socialProfiles(env: Record<string, unknown>) {
  return NETWORKS.flatMap(({ name, setting, Icon }) => {
    const value = env[setting];
    if (typeof value !== "string") return [];
    try {
      const url = new URL(value.trim());
      if (url.protocol !== "https:" || url.pathname.replace(/\/+$/, "") === "") return [];
      return [{ name, href: url.href, Icon }];
    } catch {
      return [];
    }
  });
}

export function SocialLinks() {
  const profiles = socialProfiles({ ...DEFAULT_PROFILES, ...import.meta.env });
  if (profiles.length === 0) return null;
  return (
    <ul className="social-links">
      {profiles.map(({ name, href, Icon }) => (
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
