import { useEffect } from "react";
import { DEFAULT_DESCRIPTION, pageTitle } from "./brand";

function setMetaDescription(description: string): void {
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement("meta");
    meta.name = "description";
    document.head.append(meta);
  }
  meta.content = description;
}

/**
 * Sets document.title to "{brand} | {pageName}" while the calling page is mounted, and the meta
 * description: the page's own, or the shop's default (never the previous page's).
 */
export function usePageTitle(pageName: string, description?: string): void {
  useEffect(() => {
    document.title = pageTitle(pageName);
    setMetaDescription(description ?? DEFAULT_DESCRIPTION);
  }, [pageName, description]);
}
