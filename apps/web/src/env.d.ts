/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Shop name shown in the header, titles and footer. Falls back to "VAKI". */
  readonly VITE_SHOP_NAME?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
