import { useEffect } from "react";
import { pageTitle } from "./brand";

/** Sets document.title to "{brand} | {pageName}" while the calling page is mounted. */
export function usePageTitle(pageName: string): void {
  useEffect(() => {
    document.title = pageTitle(pageName);
  }, [pageName]);
}
