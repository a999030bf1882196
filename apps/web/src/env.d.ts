/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Shop name shown in the header, titles and footer. Falls back to "VAKI". */
  readonly VITE_SHOP_NAME?: string;
  /** The shop's profiles in the footer (https, a profile not the network's home page); unset: not shown. */
  readonly VITE_INSTAGRAM_URL?: string;
  readonly VITE_YOUTUBE_URL?: string;
  readonly VITE_X_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
