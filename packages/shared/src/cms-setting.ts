/**
 * CMS 站点设置 (sites, catalogues, banners, templates): the values both the server and the console
 * forms use, with their Chinese labels, so a select shows exactly what the server accepts.
 */

/** Spec §3/§4: online is code 2. Offline is ours: code 1 (0 is easily confused with "unset"). */
export const SITE_STATUSES = ['2', '1'] as const;
export type SiteStatus = (typeof SITE_STATUSES)[number];
export const SITE_STATUS_OFFLINE = '1';
export const SITE_STATUS_LABELS: Readonly<Record<SiteStatus, string>> = { '2': '在线', '1': '离线' };

export const CATALOG_STATUSES = ['ENABLE', 'DISABLE'] as const;
export type CatalogStatus = (typeof CATALOG_STATUSES)[number];
export const CATALOG_STATUS_LABELS: Readonly<Record<CatalogStatus, string>> = { ENABLE: '启用', DISABLE: '停用' };

/** TITLE_COLUMN (spec): an ordinary column listing articles; the others are ours. */
export const CATALOG_TYPES = ['TITLE_COLUMN', 'SINGLE_PAGE', 'PICTURE_COLUMN'] as const;
export type CatalogType = (typeof CATALOG_TYPES)[number];
export const CATALOG_TYPE_LABELS: Readonly<Record<CatalogType, string>> = {
  TITLE_COLUMN: '标题栏目',
  SINGLE_PAGE: '单页栏目',
  PICTURE_COLUMN: '图片栏目',
};

export const LINK_TYPES = ['FRONT_LINK', 'EXTERNAL_LINK'] as const;
export type LinkType = (typeof LINK_TYPES)[number];
export const LINK_TYPE_LABELS: Readonly<Record<LinkType, string>> = { FRONT_LINK: '站内页面', EXTERNAL_LINK: '外部链接' };

export const OPEN_TYPES = ['INTERNAL_OPEN', 'EXTERNAL_OPEN'] as const;
export type OpenType = (typeof OPEN_TYPES)[number];
export const OPEN_TYPE_LABELS: Readonly<Record<OpenType, string>> = { INTERNAL_OPEN: '当前窗口打开', EXTERNAL_OPEN: '新窗口打开' };

/** ATTILE is the spec's (sic) spelling for articles; kept so stored values match. */
export const CATALOG_CONTENT_TYPES = ['ATTILE', 'PICTURE', 'VIDEO', 'DOWNLOAD'] as const;
export type CatalogContentType = (typeof CATALOG_CONTENT_TYPES)[number];
export const CATALOG_CONTENT_TYPE_LABELS: Readonly<Record<CatalogContentType, string>> = {
  ATTILE: '文章',
  PICTURE: '图片',
  VIDEO: '视频',
  DOWNLOAD: '下载',
};

export const BANNER_STATUSES = ['ENABLE', 'DISABLE'] as const;
export type BannerStatus = (typeof BANNER_STATUSES)[number];
export const BANNER_STATUS_LABELS: Readonly<Record<BannerStatus, string>> = { ENABLE: '启用', DISABLE: '停用' };
/** The position the portal home page asks `rotatePictures` for when it names none. */
export const DEFAULT_BANNER_CODE = 'HOME';

export const TEMPLATE_TYPES = ['INDEX', 'LIST', 'DETAIL'] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];
export const TEMPLATE_TYPE_LABELS: Readonly<Record<TemplateType, string>> = { INDEX: '首页模板', LIST: '列表模板', DETAIL: '详情模板' };

/** The content table's modes (spec §2): bars, grid menu, table. */
export const TEMPLATE_STYLES = ['LIST', 'GRID', 'TABLE'] as const;
export type TemplateStyle = (typeof TEMPLATE_STYLES)[number];
export const TEMPLATE_STYLE_LABELS: Readonly<Record<TemplateStyle, string>> = { LIST: '列表', GRID: '宫格', TABLE: '表格' };

/**
 * The portal components a template may name. A template stores a name from this list, never code:
 * the portal looks the name up in its own registry and falls back to its default when unknown.
 */
export const PORTAL_COMPONENT_NAMES = ['HomeIndex', 'ContentList', 'ContentGrid', 'ContentTable', 'ContentDetail'] as const;
export type PortalComponentName = (typeof PORTAL_COMPONENT_NAMES)[number];
export const PORTAL_COMPONENT_LABELS: Readonly<Record<PortalComponentName, string>> = {
  HomeIndex: '门户首页',
  ContentList: '内容列表（条目）',
  ContentGrid: '内容宫格',
  ContentTable: '内容表格',
  ContentDetail: '内容详情',
};

/** Permission codes of the 站点设置 page (seeded, spec §6). */
export const CMS_SETTING_PERMISSIONS = {
  list: 'cms:setting:list',
  add: 'cms:setting:add',
  upd: 'cms:setting:upd',
  del: 'cms:setting:del',
  sort: 'cms:setting:sort',
} as const;

/** Site and catalogue codes: what portal routes and calls name them by. */
export const CMS_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_-]*$/;
export const CMS_CODE_MESSAGE = '编码须以字母开头，只能包含字母、数字、下划线和横杠';
