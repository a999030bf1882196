import type { ReactNode } from "react";
import { usePageTitle } from "../lib/use-page-title";

/** The page's one h1, an optional line under it, and its actions on the right. */
export function PageHeader({
  title,
  description,
  actions,
  breadcrumb,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  breadcrumb?: ReactNode;
}) {
  usePageTitle(title);
  return (
    <header className="page-header">
      <div className="page-header__text">
        {breadcrumb ? <div className="breadcrumb">{breadcrumb}</div> : null}
        <h1>{title}</h1>
        {description ? <p className="page-header__description">{description}</p> : null}
      </div>
      {actions ? <div className="form-row">{actions}</div> : null}
    </header>
  );
}
