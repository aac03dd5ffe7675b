import { z } from 'zod';
import { NOTICE_AUDIENCES, NOTICE_PRIORITIES } from '@dandelion/shared';
import { zDateTime, zId } from '@dandelion/shared';

/** Request and answer shapes of the notice calls (admin, reader and portal). */

export const zPriority = z.enum(NOTICE_PRIORITIES, { error: '优先级只能是 NORMAL、IMPORTANT 或 URGENT' });
export const zAudienceType = z.enum(NOTICE_AUDIENCES, { error: '通知对象只能是 ALL（全体用户）或 SCOPED（指定范围）' });
export const zReadFlag = z.union([z.literal(0), z.literal(1)], { error: '阅读状态只能是 0（未读）或 1（已读）' });
export const zLockVersion = z.number({ error: '缺少版本号 lockVersion' }).int().min(0);

const ids = (what: string, max: number) => z.array(zId, { error: `${what}格式不正确` }).max(max, `${what}最多 ${max} 个`).default([]);

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

const audienceName = z.object({ value: zId, label: z.string() });

export const noticeSchema = z.object({
  noticeId: zId,
  title: z.string(),
  summary: z.string(),
  priority: z.string(),
  audienceType: z.string(),
  includeSubOrgs: z.boolean(),
  isPublic: z.boolean(),
  publishTime: zDateTime.nullable(),
  expireTime: zDateTime.nullable(),
  status: z.string(),
  releaseTime: zDateTime.nullable(),
  releaseBy: z.string().nullable(),
  revokeTime: zDateTime.nullable(),
  revokeBy: z.string().nullable(),
  attachmentIds: z.array(z.string()),
  createTime: zDateTime,
  createBy: z.string().nullable(),
  updateTime: zDateTime,
  updateBy: z.string().nullable(),
  lockVersion: z.number(),
});

export const attachmentSchema = z.object({
  fileId: zId,
  fileRepId: zId,
  filename: z.string(),
  size: z.number(),
  type: z.string(),
  url: z.string(),
});

export const noticeListItem = noticeSchema.extend({ audienceNames: z.array(z.string()), deliveredCount: z.number(), readCount: z.number() });

export const noticeDetail = noticeSchema.extend({
  content: z.string(),
  roleIds: z.array(zId),
  orgIds: z.array(zId),
  userIds: z.array(zId),
  roles: z.array(audienceName),
  orgs: z.array(audienceName),
  users: z.array(audienceName),
  attachments: z.array(attachmentSchema),
  deliveredCount: z.number(),
  readCount: z.number(),
});

export const savedNotice = noticeSchema.extend({ content: z.string() });

/** A notice as its reader sees it in a list. */
export const readerNotice = z.object({
  noticeId: zId,
  title: z.string(),
  summary: z.string(),
  priority: z.string(),
  publishTime: zDateTime,
  expireTime: zDateTime.nullable(),
  releaseBy: z.string().nullable(),
  attachmentCount: z.number(),
  readFlag: zReadFlag,
  readTime: zDateTime.nullable(),
});

export const readerNoticeDetail = readerNotice.extend({ content: z.string(), attachments: z.array(attachmentSchema) });
