import type { ReactNode } from "react";
import { NavLink } from "react-router";
import { usePageTitle } from "../../lib/use-page-title";
import "./static-pages.css";
import "./static-pages-blocks.css";

/** Every static page, in the order the side menu lists them (R-ORD-2). */
export const STATIC_PAGES = [
  { to: "/about", label: "About Us" },
  { to: "/careers", label: "Careers" },
  { to: "/contact", label: "Contact Us" },
  { to: "/faq", label: "FAQ" },
  { to: "/privacy-policy", label: "Privacy Policy" },
  { to: "/shipping-policies", label: "Shipping Policies" },
  { to: "/terms-and-conditions", label: "Terms & Conditions" },
  { to: "/terms-of-service", label: "Terms of Service" },
] as const;

export interface TocEntry {
  id: string;
  label: string;
}

interface StaticPageProps {
  /** The page's name: its h1 and its title ("{brand} | {name}"). */
  name: string;
  /** The meta description. */
  description: string;
  eyebrow: string;
  lede: ReactNode;
  /** In-page anchors listed beside the text on wide screens. */
  toc?: readonly TocEntry[];
  /** Shown under the lede, e.g. fact tiles. */
  heroExtra?: ReactNode;
  children: ReactNode;
}

/** The editorial frame of the static pages: a night-sky hero, a side menu, the text. */
export function StaticPage({ name, description, eyebrow, lede, toc, heroExtra, children }: StaticPageProps) {
  usePageTitle(name, description);
  return (
    <div className="static-page">
      <header className="static-hero">
        <div className="static-hero__stars" aria-hidden="true" />
        <div className="moon static-hero__moon" aria-hidden="true" />
        <div className="static-hero__inner">
          <p className="static-hero__eyebrow">{eyebrow}</p>
          <h1 className="static-hero__title">{name}</h1>
          <div className="static-hero__lede">{lede}</div>
          {heroExtra}
        </div>
      </header>

      <div className="static-layout">
        <aside className="static-aside">
          {toc && toc.length > 0 ? (
            <nav className="static-toc" aria-label="On this page">
              <p className="static-aside__title">On this page</p>
              <ol>
                {toc.map((entry, index) => (
                  <li key={entry.id}>
                    <a href={`#${entry.id}`}>
                      <span aria-hidden="true">{String(index + 1).padStart(2, "0")}</span> {entry.label}
                    </a>
                  </li>
                ))}
              </ol>
            </nav>
          ) : null}
          <nav className="static-more" aria-label="Help and policies">
            <p className="static-aside__title">Help &amp; policies</p>
            <ul>
              {STATIC_PAGES.map((page) => (
                <li key={page.to}>
                  <NavLink to={page.to} end>
                    {page.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </aside>
        <div className="static-content">{children}</div>
      </div>
    </div>
  );
}

interface StaticSectionProps {
  id: string;
  /** "01": the big number beside the heading. */
  number?: string;
  title: string;
  children: ReactNode;
}

export function StaticSection({ id, number, title, children }: StaticSectionProps) {
  return (
    <section className="static-section" id={id} aria-labelledby={`${id}-title`}>
      <h2 className="static-section__title" id={`${id}-title`}>
        {number ? (
          <span className="static-section__number" aria-hidden="true">
            {number}
          </span>
        ) : null}
        {title}
      </h2>
      <div className="static-prose">{children}</div>
    </section>
  );
}

export interface FactTile {
  value: string;
  label: string;
}

/** Big numbers with a line each: the facts a shopper screenshots. */
export function FactTiles({ facts, label }: { facts: readonly FactTile[]; label: string }) {
  return (
    <ul className="fact-tiles" aria-label={label}>
      {facts.map((fact) => (
        <li key={fact.label} className="fact-tile">
          <span className="fact-tile__value">{fact.value}</span>
          <span className="fact-tile__label">{fact.label}</span>
        </li>
      ))}
    </ul>
  );
}

/** A highlighted box inside the text. */
export function Callout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <aside className="static-callout" aria-label={title}>
      <p className="static-callout__title">{title}</p>
      <div>{children}</div>
    </aside>
  );
}
