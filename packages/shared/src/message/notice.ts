/**
 * Notices (spec §7 /rest/noticeService/*): administrators write, release, revoke and sync them and
 * follow who has read them; every user reads their own; public ones show on the portal.
 */
import { z } from 'zod';
import { defineCall, permissionsOf, PUBLIC, SIGNED_IN } from '../contract';
import { auditFields, zLockVersion } from '../records';
import { pageOf, zDateTime, zId, zPageParameter } from '../schemas';
import { directorySearch, directoryUser, namedOption, zPickedIds, zReadFlag } from './common';
import { msgRow, readMarked } from './msg';

/** A notice is written (DRAFT), released to its audience (RELEASED), and may be revoked (REVOKED) and released again. */
export const NOTICE_STATUSES = ['DRAFT', 'RELEASED', 'REVOKED'] as const;
export type NoticeStatus = (typeof NOTICE_STATUSES)[number];
export const NOTICE_STATUS_LABELS: Readonly<Record<NoticeStatus, string>> = { DRAFT: '草稿', RELEASED: '已发布', REVOKED: '已撤回' };

export const NOTICE_PRIORITIES = ['NORMAL', 'IMPORTANT', 'URGENT'] as const;
export type NoticePriority = (typeof NOTICE_PRIORITIES)[number];
export const NOTICE_PRIORITY_LABELS: Readonly<Record<NoticePriority, string>> = { NORMAL: '普通', IMPORTANT: '重要', URGENT: '紧急' };

/** ALL: every user. SCOPED: the union of the chosen roles, organisations and users. */
export const NOTICE_AUDIENCES = ['ALL', 'SCOPED'] as const;
export type NoticeAudience = (typeof NOTICE_AUDIENCES)[number];
export const NOTICE_AUDIENCE_LABELS: Readonly<Record<NoticeAudience, string>> = { ALL: '全体用户', SCOPED: '指定范围' };

/** Visible characters a notice's body may hold (spec §5 rich-text rule). */
export const NOTICE_TEXT_MAX = 20_000;
/** Asked when a SCOPED notice names nobody. */
export const AUDIENCE_REQUIRED = '请选择通知对象：角色、机构或用户';

/** Permission codes of the notice pages and calls (seeded menu buttons; the server checks them, the console shows by them). */
export const NOTICE_PERMISSIONS = permissionsOf('message:notice', ['list', 'add', 'upd', 'detail', 'del', 'release', 'sync', 'receipt']);

export const zPriority = z.enum(NOTICE_PRIORITIES, { error: '优先级只能是 NORMAL、IMPORTANT 或 URGENT' });
export const zAudienceType = z.enum(NOTICE_AUDIENCES, { error: '通知对象只能是 ALL（全体用户）或 SCOPED（指定范围）' });

const ids = (what: string, max: number) => z.array(zId, { error: `${what}格式不正确` }).max(max, `${what}最多 ${max} 个`).default([]);

/** What addNotice and updateNotice send. */
export const noticeBody = z.object({
  title: z.string({ error: '请输入通知标题' }).trim().min(1, '请输入通知标题').max(200, '通知标题不能超过200个字符'),
  content: z.string({ error: '请输入通知内容' }).max(500_000, '通知内容过长'),
  priority: zPriority.default('NORMAL'),
  audienceType: zAudienceType.default('ALL'),
  roleIds: ids('角色', 200),
  orgIds: ids('机构', 500),
  userIds: ids('用户', 5000),
  includeSubOrgs: z.boolean({ error: '是否包含下级机构必须是 true 或 false' }).default(true),
  isPublic: z.boolean({ error: '是否公开到门户必须是 true 或 false' }).default(false),
  publishTime: zDateTime.nullish().describe('发布时间；不填则发布时立即生效'),
  expireTime: zDateTime.nullish().describe('失效时间；不填则长期有效'),
  attachmentIds: ids('附件', 20),
  release: z.boolean().default(false).describe('true：保存后立即发布（需要 message:notice:release）'),
});

export const noticeRow = z.object({
  noticeId: zId,
  title: z.string(),
  summary: z.string(),
  priority: z.enum(NOTICE_PRIORITIES),
  audienceType: z.enum(NOTICE_AUDIENCES),
  includeSubOrgs: z.boolean(),
  isPublic: z.boolean(),
  publishTime: zDateTime.nullable(),
  expireTime: zDateTime.nullable(),
  status: z.enum(NOTICE_STATUSES),
  releaseTime: zDateTime.nullable(),
  releaseBy: z.string().nullable(),
  revokeTime: zDateTime.nullable(),
  revokeBy: z.string().nullable(),
  attachmentIds: z.array(z.string()),
  ...auditFields,
});

/** A notice's attachment as the file service describes it. */
export const noticeAttachment = z.object({
  fileId: zId,
  fileRepId: zId,
  filename: z.string(),
  size: z.number(),
  type: z.string(),
  url: z.string(),
});

const deliveryCounts = { deliveredCount: z.number(), readCount: z.number() };

export const noticeListItem = noticeRow.extend({ audienceNames: z.array(z.string()), ...deliveryCounts });

export const noticeDetail = noticeRow.extend({
  content: z.string(),
  roleIds: z.array(zId),
  orgIds: z.array(zId),
  userIds: z.array(zId),
  roles: z.array(namedOption),
  orgs: z.array(namedOption),
  users: z.array(namedOption),
  attachments: z.array(noticeAttachment),
  ...deliveryCounts,
});

export const savedNotice = noticeRow.extend({ content: z.string() });

/** A notice as its reader sees it in a list. */
export const readerNotice = z.object({
  noticeId: zId,
  title: z.string(),
  summary: z.string(),
  priority: z.enum(NOTICE_PRIORITIES),
  publishTime: zDateTime,
  expireTime: zDateTime.nullable(),
  releaseBy: z.string().nullable(),
  attachmentCount: z.number(),
  readFlag: zReadFlag,
  readTime: zDateTime.nullable(),
});

export const readerNoticeDetail = readerNotice.extend({ content: z.string(), attachments: z.array(noticeAttachment) });

export const receiptRow = z.object({
  userId: zId,
  username: z.string(),
  realname: z.string().nullable(),
  orgName: z.string().nullable(),
  deliverTime: zDateTime,
  readTime: zDateTime.nullable(),
  readFlag: zReadFlag,
});

const receiptFilter = z.object({ noticeId: zId, readFlag: zReadFlag.optional(), keyword: z.string().trim().max(64).optional() });

/** A reader's title filter: the same length limit as the title itself. */
const titleFilter = z.string().trim().max(200).optional();

const tag = '通知公告';
const portalTag = '门户内容';

/** The administrators' calls (updateNotice, the receipts and the audience pickers are ours, in the spec's style). */
export const noticeCalls = {
  page: defineCall({
    method: 'POST',
    path: '/rest/noticeService/getNoticeByPage',
    access: NOTICE_PERMISSIONS.list,
    tag,
    summary: '通知分页（管理端，最新在前）：含发布范围名称、投递与已读人数',
    body: z.object({
      pageParameter: zPageParameter,
      title: titleFilter,
      status: z.enum(NOTICE_STATUSES, { error: '状态只能是 DRAFT、RELEASED 或 REVOKED' }).optional(),
      priority: zPriority.optional(),
      audienceType: zAudienceType.optional(),
      isPublic: z.boolean().optional(),
      beginTime: zDateTime.optional(),
      endTime: zDateTime.optional(),
    }),
    response: pageOf(noticeListItem),
  }),
  detail: defineCall({
    method: 'POST',
    path: '/rest/noticeService/getNoticeById',
    access: NOTICE_PERMISSIONS.detail,
    tag,
    summary: '通知详情（管理端）：正文、发布范围（含名称）、附件、投递与已读人数',
    body: z.object({ noticeId: zId }),
    response: noticeDetail,
  }),
  add: defineCall({
    method: 'POST',
    path: '/rest/noticeService/addNotice',
    access: NOTICE_PERMISSIONS.add,
    tag,
    summary: '新增通知（草稿）；release: true 时保存后立即发布',
    description: '正文为富文本，服务端按白名单清洗后保存。正文中的图片和附件（文件服务的 fileId）随通知一起对其受众可见。',
    body: noticeBody,
    response: savedNotice,
  }),
  update: defineCall({
    method: 'POST',
    path: '/rest/noticeService/updateNotice',
    access: NOTICE_PERMISSIONS.upd,
    tag,
    summary: '修改通知（草稿或已撤回的通知；已发布的需先撤回）；乐观锁：lockVersion 过期返回 409',
    body: noticeBody.extend({ noticeId: zId, lockVersion: zLockVersion }),
    response: savedNotice,
  }),
  updateStatus: defineCall({
    method: 'POST',
    path: '/rest/noticeService/updateStatus',
    access: NOTICE_PERMISSIONS.release,
    tag,
    summary: '发布（RELEASED）或撤回（REVOKED）通知',
    description: '发布：草稿或已撤回的通知可发布，立即投递给当前受众；撤回：仅已发布的通知，撤回后所有人立即看不到。',
    body: z.object({
      noticeId: zId,
      lockVersion: zLockVersion,
      status: z.enum(['RELEASED', 'REVOKED'], { error: '状态只能是 RELEASED（发布）或 REVOKED（撤回）' }),
    }),
    response: savedNotice,
  }),
  sync: defineCall({
    method: 'POST',
    path: '/rest/noticeService/SyncNoticeByIds',
    access: NOTICE_PERMISSIONS.sync,
    tag,
    summary: '按当前受众重新投递已发布的通知（幂等：不会重复投递）',
    description: '新加入受众的用户收到通知；已不在受众中的用户，未读的通知被收回，已读的保留为阅读记录。',
    body: z.object({ ids: zPickedIds('请选择要同步的通知', 100, '一次最多同步 100 条通知') }),
    response: z.object({ notices: z.number(), delivered: z.number(), withdrawn: z.number() }),
  }),
  remove: defineCall({
    method: 'POST',
    path: '/rest/noticeService/deleteNoticeById',
    access: NOTICE_PERMISSIONS.del,
    tag,
    summary: '删除通知（逻辑删除；已发布的通知删除后所有人立即看不到）',
    body: z.object({ noticeId: zId, lockVersion: zLockVersion.optional() }),
    response: z.null(),
  }),
  removeMany: defineCall({
    method: 'POST',
    path: '/rest/noticeService/deleteNoticeByIds',
    access: NOTICE_PERMISSIONS.del,
    tag,
    summary: '批量删除通知（全部成功或全部不删）',
    body: z.object({ ids: zPickedIds('请选择要删除的通知', 500, '一次最多删除 500 条通知') }),
    response: z.object({ deleted: z.number() }),
  }),
  receiptSummary: defineCall({
    method: 'POST',
    path: '/rest/noticeService/getReadReceiptSummary',
    access: NOTICE_PERMISSIONS.receipt,
    tag,
    summary: '通知的阅读情况汇总：投递人数、已读人数、未读人数',
    body: z.object({ noticeId: zId }),
    response: z.object({
      noticeId: zId,
      title: z.string(),
      status: z.enum(NOTICE_STATUSES),
      publishTime: zDateTime.nullable(),
      expireTime: zDateTime.nullable(),
      deliveredCount: z.number(),
      readCount: z.number(),
      unreadCount: z.number(),
    }),
  }),
  receiptPage: defineCall({
    method: 'POST',
    path: '/rest/noticeService/getReadReceiptByPage',
    access: NOTICE_PERMISSIONS.receipt,
    tag,
    summary: '通知的阅读情况明细（未读在前）：按阅读状态、用户名/姓名/机构筛选',
    body: receiptFilter.extend({ pageParameter: zPageParameter }),
    response: pageOf(receiptRow),
  }),
  exportReceipts: defineCall({
    method: 'POST',
    path: '/rest/noticeService/exportReadReceipt',
    access: NOTICE_PERMISSIONS.receipt,
    tag,
    summary: '导出通知的阅读情况（Excel，按当前筛选，最多 10000 行）',
    body: receiptFilter,
    answer: 'raw',
  }),
  audienceOptions: defineCall({
    method: 'POST',
    path: '/rest/noticeService/getAudienceOptions',
    access: NOTICE_PERMISSIONS.list,
    tag,
    summary: '通知对象的可选项：启用的角色、全部机构（扁平，含上级编号）',
    response: z.object({
      roles: z.array(z.object({ roleId: zId, roleCode: z.string(), roleName: z.string() })),
      orgs: z.array(z.object({ orgId: zId, orgName: z.string(), parentOrgId: zId.nullable() })),
    }),
  }),
  searchAudienceUsers: defineCall({
    method: 'POST',
    path: '/rest/noticeService/searchAudienceUsers',
    access: NOTICE_PERMISSIONS.list,
    tag,
    summary: '按用户名、姓名或手机号查找用户（最多 20 个），或按编号取已选用户的名称',
    body: directorySearch(5000),
    response: z.array(directoryUser),
  }),
};

/** The header's dropdown answer: the newest unread notices and messages, and the counts. */
export const headerNotice = z.object({
  notices: z.array(readerNotice),
  noticeUnread: z.number(),
  msgs: z.array(msgRow),
  msgUnread: z.number(),
  unreadCount: z.number(),
});

/** What every signed-in user calls about their own notices and the header's bell, and the portal's public notices. */
export const noticeInboxCalls = {
  page: defineCall({
    method: 'POST',
    path: '/rest/noticeService/getNoticeByUserPage',
    access: SIGNED_IN,
    tag,
    summary: '我的通知（分页，最新在前）：只含发给我的、已发布且在有效期内的通知，带已读/未读',
    body: z.object({ pageParameter: zPageParameter, title: titleFilter, readFlag: zReadFlag.optional(), priority: zPriority.optional() }),
    response: pageOf(readerNotice),
  }),
  open: defineCall({
    method: 'POST',
    path: '/rest/noticeService/getMyNoticeById',
    access: SIGNED_IN,
    tag,
    summary: '阅读一条我的通知（打开即标记为已读）；不是发给我的或已撤回、已过期的返回 404',
    body: z.object({ noticeId: zId }),
    response: readerNoticeDetail,
  }),
  header: defineCall({
    method: 'POST',
    path: '/rest/noticeService/getHeaderNotice',
    access: SIGNED_IN,
    tag,
    summary: '页头通知下拉：最新的未读通知与未读站内消息，以及未读总数（通知 + 消息）',
    body: z.object({ limit: z.number().int().min(1).max(20).default(5) }),
    response: headerNotice,
  }),
  markRead: defineCall({
    method: 'POST',
    path: '/rest/noticeService/updateReadStatus',
    access: SIGNED_IN,
    tag,
    summary: '把我的通知标记为已读：noticeIds 指定的几条，或 all: true 全部',
    body: z
      .object({ noticeIds: z.array(zId).max(500, '一次最多标记 500 条').optional(), all: z.boolean().optional() })
      .refine((b) => b.all || (b.noticeIds?.length ?? 0) > 0, { message: '请选择要标记为已读的通知' }),
    response: readMarked,
  }),
  publicPage: defineCall({
    method: 'POST',
    path: '/rest/noticeService/getPublicNoticeByPage',
    access: PUBLIC,
    answer: 'portal',
    tag: portalTag,
    summary: '门户通知公告列表（/notification）：已发布、在有效期内、公开到门户的通知，最新在前',
    body: z.object({ pageParameter: zPageParameter, title: titleFilter }),
    response: pageOf(z.object({ noticeId: zId, title: z.string(), summary: z.string(), priority: z.enum(NOTICE_PRIORITIES), publishTime: zDateTime })),
  }),
  publicDetail: defineCall({
    method: 'POST',
    path: '/rest/noticeService/getPublicNoticeById',
    access: PUBLIC,
    answer: 'portal',
    tag: portalTag,
    summary: '门户通知公告详情（/notificationDetail/{id}）：正文与附件；非公开、未发布或已失效的返回 404',
    body: z.object({ noticeId: zId }),
    response: z.object({
      noticeId: zId,
      title: z.string(),
      content: z.string(),
      priority: z.enum(NOTICE_PRIORITIES),
      publishTime: zDateTime,
      expireTime: zDateTime.nullable(),
      releaseBy: z.string().nullable(),
      attachments: z.array(noticeAttachment.omit({ fileRepId: true })),
    }),
  }),
};
