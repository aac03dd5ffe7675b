/**
 * Business constants and limits shared by server and web (spec §9, plus the
 * few enum values of spec §3/§4 that both sides must spell the same way).
 */

/** Local-storage key prefix for everything the web app persists (spec §9). */
export const STORAGE_NAMESPACE = 'dandelion__';

/** Session storage lifetime: 7 days in milliseconds (spec §9). */
export const SESSION_LIFETIME_MS = 604_800_000;

/** Default HTTP request timeout (spec §9; permission binding calls have none). */
export const REQUEST_TIMEOUT_MS = 90_000;

/** Code-split chunk loader timeout (spec §8, §9). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** Default home path (spec §9). */
export const HOME_PATH = '/home';

/** Main index page path constant (spec §2 Standalone routes). */
export const MAIN_INDEX_PATH = '/project/display';

/** Success code answered by the development mock endpoints (spec §8, §9). */
export const MOCK_SUCCESS_CODE = 20000;

/** At most this many recent enhance records are kept per code (spec §9). */
export const RECENT_RECORDS_LIMIT = 16;

/** Default length of the ellipsis filter (spec §9). */
export const ELLIPSIS_DEFAULT_LENGTH = 25;

/** Default number of decimals of the number filter (spec §9). */
export const NUMBER_DEFAULT_DECIMALS = 2;

/** Theme fallbacks used when a theme leaves a value empty (spec §9 "Theme defaults"). */
export const THEME_DEFAULTS = {
  MENU_FONT_SIZE: '14px',
  MENU_HEIGHT: '40px',
  SUBMENU_PADDING: '0 0 0 10px',
  SUBMENU_PADDING_L2: '0 0 0 30px',
  HEADER_FONT_FALLBACK: '#fff',
  MENU_FONT_FALLBACK: '#000',
} as const;

/** Rich-text editor defaults (spec §9 "Rich-text editor defaults"). */
export const RICH_TEXT_EDITOR_DEFAULTS = {
  width: '100%',
  height: 400,
  minWidth: 650,
  minHeight: 400,
  fontSizes: ['9px', '10px', '12px', '14px', '16px', '18px', '24px', '32px'],
  language: 'zh-CN',
  /** Milliseconds to wait before appending the initial content. */
  initialContentDelayMs: 1000,
  zIndex: 811213,
  minChangeSize: 5,
  /** Multipart field name of an image upload. */
  uploadFieldName: 'imgFile',
} as const;

/** CMS site status code meaning "online" (spec §3 CMS site, §4). */
export const SITE_STATUS_ONLINE = '2';

/** Employee / organisation status value meaning "normal" (spec §3 current user info, §4). */
export const STATUS_NORMAL = 'NORMAL';

/** Employee `enableUser` flag: 1 enabled, 0 disabled (spec §3 current user info, §4). */
export const ENABLE_USER = {
  ENABLED: 1,
  DISABLED: 0,
} as const;
export type EnableUser = (typeof ENABLE_USER)[keyof typeof ENABLE_USER];

/** Catalogue enum values (spec §3 Catalogue, §4). */
export const CATALOG_STATUS = { ENABLE: 'ENABLE' } as const;
export const CATALOG_TYPE = { TITLE_COLUMN: 'TITLE_COLUMN' } as const;
export const LINK_TYPE = { FRONT_LINK: 'FRONT_LINK' } as const;
export const OPEN_TYPE = { INTERNAL_OPEN: 'INTERNAL_OPEN' } as const;
/** Spelled `ATTILE` in the spec/legacy data (sic): keep the spelling so stored values match. */
export const CATALOG_CONTENT_TYPE = { ATTILE: 'ATTILE' } as const;

/** How a sign-in attempt was made, as the sign-in log records it. */
export const LOGIN_TYPES = ['ACCOUNT', 'PHONE_PASSWORD', 'SMS', 'CAS', 'OAUTH'] as const;
export type LoginType = (typeof LOGIN_TYPES)[number];
