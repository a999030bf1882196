import { Link } from "react-router";
import type { SiteLink } from "../lib/site-links";

interface FooterColumnProps {
  title: string;
  links: readonly SiteLink[];
}

export function FooterColumn({ title, links }: FooterColumnProps) {
  return (
    <nav className="footer-column" aria-label={title}>
      <h2 className="footer-column__title">{title}</h2>
      <ul>
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="footer-column__link">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
