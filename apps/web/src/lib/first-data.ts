/**
 * The route's first answer, which the server writes into the HTML it serves (decision 0008:
 * `<script type="application/json" id="vaki-first-data">{"path": "/api/…", "data": …}</script>`),
 * so the page paints without a second round trip. It is only taken for the call it was written
 * for, and only once: later navigations fetch as usual.
 */
const FIRST_DATA_ELEMENT_ID = "vaki-first-data";

export function takeFirstData<T>(apiPath: string): T | undefined {
  const element = typeof document === "undefined" ? null : document.getElementById(FIRST_DATA_ELEMENT_ID);
  if (!element?.textContent) return undefined;
  try {
    const parsed = JSON.parse(element.textContent) as { path?: unknown; data?: unknown };
    if (parsed.path !== apiPath || parsed.data === undefined) return undefined;
    element.remove();
    return parsed.data as T;
  } catch {
    return undefined;
  }
}
