/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Prefix of every server call (spec §7 "the configured API base"); empty means same origin. */
  readonly VITE_API_BASE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
