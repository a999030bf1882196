/**
 * Where Radix portals draw: the page's body in the browser, nothing on the server (dialogs and
 * menus are never drawn open there). Given it, a portal draws with the rest of its render; left
 * to find the body itself, it draws nothing at first and everything again in a synchronous
 * re-render from a layout effect, one long task however the opening was scheduled (issue 14).
 */
export function portalContainer(): HTMLElement | undefined {
  return typeof document === "undefined" ? undefined : document.body;
}
