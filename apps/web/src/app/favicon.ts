/** The favicon follows the system's dark or light preference, live (R-STORE-2). */
export function followColourSchemeWithFavicon(): void {
  const icon = document.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
  const query = window.matchMedia?.("(prefers-color-scheme: light)");
  if (!icon || !query) return;
  const apply = () => {
    const href = query.matches ? "/favicon-light.svg" : "/favicon.svg";
    // Setting the same address again would fetch the icon again.
    if (icon.getAttribute("href") !== href) icon.setAttribute("href", href);
  };
  apply();
  query.addEventListener("change", apply);
}
