/**
 * CMS articles and the resource library: what the server and the console must agree on — statuses,
 * resource types, the body's character limit and the permission codes of the two back-office pages.
 */

/** DRAFT → SCHEDULED (publish with a future time) or PUBLISHED → OFFLINE → publish again. */
export const CONTENT_STATUSES = ['DRAFT', 'SCHEDULED', 'PUBLISHED', 'OFFLINE'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];
export const CONTENT_STATUS_LABELS: Readonly<Record<ContentStatus, string>> = {
  DRAFT: '草稿',
  SCHEDULED: '待发布',
  PUBLISHED: '已发布',
  OFFLINE: '已下线',
};

/** Visible characters an article body may hold (spec §5 rich-text rule; the spec leaves the number to the form). */
export const CONTENT_BODY_MAX = 50_000;
/** Attachments one article may carry. */
export const CONTENT_ATTACHMENTS_MAX = 20;

export const RESOURCE_TYPES = ['IMAGE', 'DOCUMENT', 'VIDEO', 'LINK'] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];
export const RESOURCE_TYPE_LABELS: Readonly<Record<ResourceType, string>> = {
  IMAGE: '图片',
  DOCUMENT: '文档',
  VIDEO: '视频',
  LINK: '链接',
};

export const CONTENT_PERMISSIONS = {
  list: 'cms:content:list',
  detail: 'cms:content:detail',
  add: 'cms:content:add',
  upd: 'cms:content:upd',
  del: 'cms:content:del',
  publish: 'cms:content:publish',
  offline: 'cms:content:offline',
  top: 'cms:content:top',
} as const;

export const RESOURCE_PERMISSIONS = {
  list: 'cms:resource:list',
  detail: 'cms:resource:detail',
  add: 'cms:resource:add',
  upd: 'cms:resource:upd',
  del: 'cms:resource:del',
  /** Spelt as seeded (spec §2 action list: addAtricle). */
  addArticle: 'cms:resource:addAtricle',
} as const;

/** Only http and https links: an article or resource link is opened by visitors' browsers. */
export const WEB_LINK = /^https?:\/\/[^\s]+$/i;
export const WEB_LINK_MESSAGE = '链接地址必须以 http:// 或 https:// 开头';
