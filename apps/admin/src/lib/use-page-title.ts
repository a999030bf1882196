import { useEffect } from "react";

/** Sets the tab's title to "<page> · VAKI Admin". */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · VAKI Admin`;
  }, [title]);
}
