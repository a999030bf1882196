import { NavLink } from "react-router";
import { PRIMARY_NAV } from "../lib/site-links";

interface PrimaryNavProps {
  className: string;
  label: string;
  /** Called after a link is chosen (the mobile menu closes itself). */
  onNavigate?: () => void;
}

export function PrimaryNav({ className, label, onNavigate }: PrimaryNavProps) {
  return (
    <nav className={className} aria-label={label}>
      <ul>
        {PRIMARY_NAV.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} className="nav-link" onClick={onNavigate}>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
