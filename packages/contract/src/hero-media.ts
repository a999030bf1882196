/**
 * The home page hero's promo video and its posters (R-STORE-2, R-STORE-4): the phone cut on
 * screens narrower than 48rem, the desktop cut otherwise. Shared: the page shows them, the server
 * preloads the poster that will be the page's largest paint (issue 14).
 */
export const HERO_PHONE_QUERY = "(max-width: 47.99rem)";
/** The complement of HERO_PHONE_QUERY. */
export const HERO_DESKTOP_QUERY = "(min-width: 48rem)";

export const HERO_MEDIA = {
  desktop: { video: "/media/hero-desktop.webm", poster: "/media/hero-desktop.jpg", width: 1280, height: 720 },
  phone: { video: "/media/hero-mobile.webm", poster: "/media/hero-mobile.jpg", width: 540, height: 960 },
} as const;
