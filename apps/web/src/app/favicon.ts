/** The favicon follows the system's dark or light preference, live (spec: storefront §2). */
export function followColourSchemeWithFavicon(): void {
  const icon = document.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
  const query = window.matchMedia?.("(prefers-color-scheme: light)");
  if (!icon || !query) return;
  const apply = () => {
    icon.href = query.matches ? "/favicon-light.svg" : "/favicon.svg";
  };
  apply();
  query.addEventListener("change", apply);
}
