/**
 * The expert pool (专家库, DOMAIN.md "Experts"): what the pool's calls answer, and the calls under
 * /rest/expert/* — the office's (list, audit, suspension, blacklist, deletion, history, Excel,
 * invitations) and the expert's own (profile, invitation). The states and moves live in
 * expertStates.ts and are re-exported here (one import for callers); the profile's fields and their
 * rules are expertProfile.ts.
 * The states are the pool's; an expert's part in one review is the assignment's (expertPush.ts).
 */
import { z } from 'zod';
import { defineCall, permissionsOf, PUBLIC, SIGNED_IN } from '../contract';
import { auditFields, zLockVersion } from '../records';
import { pageOf, zDateTime, zId, zPageParameter } from '../schemas';
import { RELATION_KINDS } from './assignmentConflicts';
import { EXPERT_GENDERS, expertProfile, expertProfileFields } from './expertProfile';
import { EXPERT_HISTORY_ACTIONS, EXPERT_SOURCES, EXPERT_STATUSES } from './expertStates';

export { MAX_EXPERT_DISCIPLINES } from './expertProfile';
export {
  EXPERT_STATUSES,
  type ExpertStatus,
  EXPERT_STATUS_LABELS,
  EXPERT_SOURCES,
  type ExpertSource,
  EXPERT_SOURCE_LABELS,
  EXPERT_HISTORY_ACTIONS,
  type ExpertHistoryAction,
  EXPERT_HISTORY_ACTION_LABELS,
  EXPERT_MOVES,
  type ExpertMove,
  mayMove,
  EXPERT_SELF_EDITABLE,
} from './expertStates';

/** The office's codes (奖励办). The expert's own calls are SIGNED_IN: anyone may register as an expert. */
export const EXPERT_PERMISSIONS = permissionsOf('award:expert', [
  'list',
  'detail',
  'add',
  'upd',
  'audit',
  'suspend',
  'blacklist',
  /** 申请删除 */
  'del',
  /** 审核删除 (a second person decides) */
  'deletion',
  'history',
  'export',
  'import',
  'invite',
]);

/** An invitation link is good for this many days, once. */
export const EXPERT_INVITATION_DAYS = 7;
/** Where the portal takes up an invitation: `${EXPERT_INVITATION_PATH}?token=…`. */
export const EXPERT_INVITATION_PATH = '/expert/invitation';
/** The message template the office may configure to have an invitation also sent by SMS (values: name, inviter, link, expiresAt). */
export const EXPERT_INVITE_TEMPLATE = 'EXPERT_INVITE';

const TAG = '专家库';

const zExpertStatus = z.enum(EXPERT_STATUSES, { error: '专家状态不正确' });
const zDay = z.string().nullable();
const isoDay = (label: string) =>
  z
    .string({ error: `${label}格式不正确` })
    .refine((v) => v === '' || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v))), `${label}格式不正确，应为 YYYY-MM-DD`)
    .nullish();
const requiredReason = (label: string) => z.string({ error: `请填写${label}` }).trim().min(1, `请填写${label}`).max(500, `${label}不能超过500个字符`);
const optionalReason = (label: string) => z.string({ error: `${label}格式不正确` }).trim().max(500, `${label}不能超过500个字符`).nullish();

export const expertRef = z.object({ expertId: zId });
const versionedRef = expertRef.extend({ lockVersion: zLockVersion });

/** One row of the office's list. ID numbers are masked (only the expert sees their own). */
export const expertRow = z.object({
  expertId: zId,
  userId: zId.nullable(),
  name: z.string(),
  idNumber: z.string().nullable(),
  gender: z.enum(EXPERT_GENDERS).nullable(),
  birthYear: z.number().int().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  title: z.string().nullable(),
  position: z.string().nullable(),
  unitName: z.string().nullable(),
  unitCreditCode: z.string().nullable(),
  region: z.string().nullable(),
  disciplineCodes: z.array(z.string()),
  keywords: z.array(z.string()),
  status: zExpertStatus,
  source: z.enum(EXPERT_SOURCES),
  /** The reason of the last refusal, suspension, blacklisting or deletion request. */
  statusReason: z.string().nullable(),
  /** Suspended or blacklisted until this Beijing date (null = indefinitely). */
  statusUntil: zDay,
  createTime: zDateTime,
  updateTime: zDateTime,
  lockVersion: z.number(),
});

const storedFormerUnit = z.object({ unitName: z.string(), creditCode: z.string().nullable(), from: zDay, until: zDay });
const storedRelation = z.object({
  kind: z.enum(RELATION_KINDS),
  personName: z.string().nullable(),
  personIdNumber: z.string().nullable(),
  unitName: z.string().nullable(),
  creditCode: z.string().nullable(),
  from: zDay,
  until: zDay,
  note: z.string().nullable(),
});

/** The whole profile, with the audit fields. Relation ID numbers are masked like the expert's own. */
export const expertDetail = expertRow.omit({ createTime: true, updateTime: true, lockVersion: true }).extend({
  formerUnits: z.array(storedFormerUnit),
  relations: z.array(storedRelation),
  remark: z.string().nullable(),
  /** Evidence of the blacklisting (a file of the file service). */
  evidenceFileId: zId.nullable(),
  ...auditFields,
});

export const expertHistoryRow = z.object({
  historyId: zId,
  action: z.enum(EXPERT_HISTORY_ACTIONS),
  fromStatus: zExpertStatus.nullable(),
  toStatus: zExpertStatus,
  reason: z.string().nullable(),
  until: zDay,
  evidenceFileId: zId.nullable(),
  actorName: z.string(),
  createTime: zDateTime,
});

export const expertFilter = {
  /** Name, unit name or keyword. */
  keyword: z.string().trim().max(64, '关键词不能超过64个字符').optional(),
  status: zExpertStatus.optional(),
  /** Any of the expert's discipline codes starts with it. */
  disciplineCode: z.string().trim().max(16, '学科代码不能超过16个字符').optional(),
  title: z.string().trim().max(32, '职称不能超过32个字符').optional(),
  /** A region code: the region and every region inside it (110000 finds 110105). */
  region: z.string().trim().regex(/^(\d{2,12})?$/, '所在地区格式不正确').optional(),
  source: z.enum(EXPERT_SOURCES, { error: '来源不正确' }).optional(),
};

/** The workbook travels as base64 inside JSON (as the user import). */
export const MAX_EXPERT_IMPORT_BYTES = 2 * 1024 * 1024;
export const MAX_EXPERT_IMPORT_ROWS = 1000;

export const expertCalls = {
  page: defineCall({
    method: 'POST',
    path: '/rest/expert/getExpertPage',
    access: EXPERT_PERMISSIONS.list,
    tag: TAG,
    summary: '专家库列表：按姓名/单位/关键词、状态、学科代码前缀、职称、地区、来源筛选，最新的在前；证件号码脱敏',
    body: z.object({ pageParameter: zPageParameter, ...expertFilter }),
    response: pageOf(expertRow),
  }),
  detail: defineCall({
    method: 'POST',
    path: '/rest/expert/getExpertDetail',
    access: EXPERT_PERMISSIONS.detail,
    tag: TAG,
    summary: '专家详情（证件号码脱敏）',
    body: expertRef,
    response: expertDetail,
  }),
  add: defineCall({
    method: 'POST',
    path: '/rest/expert/addExpert',
    access: EXPERT_PERMISSIONS.add,
    tag: TAG,
    summary: '奖励办直接添加专家（直接入库，状态为在库）',
    body: expertProfile,
    response: expertDetail,
  }),
  update: defineCall({
    method: 'POST',
    path: '/rest/expert/updateExpert',
    access: EXPERT_PERMISSIONS.upd,
    tag: TAG,
    summary: '修改专家资料（乐观锁；回传脱敏的证件号码表示不修改）',
    body: versionedRef.extend(expertProfileFields),
    response: expertDetail,
  }),
  audit: defineCall({
    method: 'POST',
    path: '/rest/expert/auditExpert',
    access: EXPERT_PERMISSIONS.audit,
    tag: TAG,
    summary: '审核待审核的专家：通过（入库）或不通过（须填写理由）',
    body: versionedRef.extend({ approve: z.boolean({ error: '请选择审核结果' }), reason: optionalReason('审核意见') }),
    response: expertDetail,
  }),
  suspend: defineCall({
    method: 'POST',
    path: '/rest/expert/suspendExpert',
    access: EXPERT_PERMISSIONS.suspend,
    tag: TAG,
    summary: '暂停在库专家（须填写理由；可设截止日期，届时自动恢复）',
    body: versionedRef.extend({ reason: requiredReason('暂停理由'), until: isoDay('暂停截止日期') }),
    response: expertDetail,
  }),
  resume: defineCall({
    method: 'POST',
    path: '/rest/expert/resumeExpert',
    access: EXPERT_PERMISSIONS.suspend,
    tag: TAG,
    summary: '恢复暂停的专家',
    body: versionedRef.extend({ reason: optionalReason('恢复说明') }),
    response: expertDetail,
  }),
  blacklist: defineCall({
    method: 'POST',
    path: '/rest/expert/blacklistExpert',
    access: EXPERT_PERMISSIONS.blacklist,
    tag: TAG,
    summary: '将专家列入黑名单（须填写理由并上传证明材料；可设截止日期，届时自动恢复）',
    body: versionedRef.extend({
      reason: requiredReason('列入黑名单的理由'),
      evidenceFileId: zId.optional(),
      until: isoDay('黑名单截止日期'),
    }),
    response: expertDetail,
  }),
  unblacklist: defineCall({
    method: 'POST',
    path: '/rest/expert/unblacklistExpert',
    access: EXPERT_PERMISSIONS.blacklist,
    tag: TAG,
    summary: '解除黑名单（须填写理由），专家恢复在库',
    body: versionedRef.extend({ reason: requiredReason('解除理由') }),
    response: expertDetail,
  }),
  requestDeletion: defineCall({
    method: 'POST',
    path: '/rest/expert/requestDeletion',
    access: EXPERT_PERMISSIONS.del,
    tag: TAG,
    summary: '申请删除专家（须填写理由），由有审核删除权限的人同意后删除',
    body: versionedRef.extend({ reason: requiredReason('删除理由') }),
    response: expertDetail,
  }),
  reviewDeletion: defineCall({
    method: 'POST',
    path: '/rest/expert/reviewDeletion',
    access: EXPERT_PERMISSIONS.deletion,
    tag: TAG,
    summary: '审核删除申请：同意则删除专家（逻辑删除），不同意则恢复申请前的状态',
    body: versionedRef.extend({ approve: z.boolean({ error: '请选择是否同意删除' }), reason: optionalReason('审核意见') }),
    response: expertDetail.nullable(),
  }),
  history: defineCall({
    method: 'POST',
    path: '/rest/expert/getExpertHistory',
    access: EXPERT_PERMISSIONS.history,
    tag: TAG,
    summary: '专家的审核历史：每次状态变化的时间、办理人、理由、截止日期与证明材料，按时间先后',
    body: expertRef,
    response: z.array(expertHistoryRow),
  }),
  exportList: defineCall({
    method: 'POST',
    path: '/rest/expert/exportExperts',
    access: EXPERT_PERMISSIONS.export,
    tag: TAG,
    summary: '导出专家列表（与列表相同的筛选条件，证件号码脱敏，.xlsx）',
    body: z.object(expertFilter),
    answer: 'raw',
  }),
  importTemplate: defineCall({
    method: 'POST',
    path: '/rest/expert/importTemplate',
    access: EXPERT_PERMISSIONS.import,
    tag: TAG,
    summary: '专家导入模板（.xlsx）',
    body: z.object({}),
    answer: 'raw',
  }),
  importList: defineCall({
    method: 'POST',
    path: '/rest/expert/importExperts',
    access: EXPERT_PERMISSIONS.import,
    tag: TAG,
    summary: '导入专家（.xlsx 的 base64，不超过 2 MB）：逐行全部校验，任一行有误则不导入任何数据，attributes.errors 列出 { row, field, message }',
    body: z.object({
      fileName: z
        .string({ error: '请选择要导入的文件' })
        .trim()
        .min(1, '请选择要导入的文件')
        .max(255)
        .refine((n) => /\.xlsx$/i.test(n), '只能导入 .xlsx 格式的 Excel 文件'),
      contentBase64: z
        .string({ error: '文件内容为空' })
        .min(1, '文件内容为空')
        .max(Math.ceil((MAX_EXPERT_IMPORT_BYTES * 4) / 3) + 16, '导入文件不能超过 2 MB'),
    }),
    response: z.object({ imported: z.number(), experts: z.array(z.object({ row: z.number(), expertId: zId, name: z.string() })) }),
  }),
  invite: defineCall({
    method: 'POST',
    path: '/rest/expert/inviteExpert',
    access: EXPERT_PERMISSIONS.invite,
    tag: TAG,
    summary: `邀请专家入库：建立专家档案（邀请入库、已注册）并生成 ${EXPERT_INVITATION_DAYS} 天内有效的一次性邀请链接；手机号属于已有用户时发送站内信，配置了模板 ${EXPERT_INVITE_TEMPLATE} 时同时发送短信`,
    body: z.object({
      name: expertProfileFields.name,
      phone: expertProfileFields.phone,
      email: expertProfileFields.email,
      unitName: expertProfileFields.unitName,
    }),
    response: z.object({
      expertId: zId,
      /** The portal address with the token: shown once, for the office to pass on where no message reached. */
      link: z.string(),
      expiresAt: zDateTime,
      /** Whether the phone belongs to a user, who was told by in-site message. */
      messaged: z.boolean(),
      /** Whether the SMS template was configured and sent. */
      smsSent: z.boolean(),
    }),
  }),
};

/** The expert's own calls (portal 专家中心) and the invitation, which anyone with the link may read. */
export const expertSelfCalls = {
  myProfile: defineCall({
    method: 'POST',
    path: '/rest/expert/getMyProfile',
    access: SIGNED_IN,
    tag: TAG,
    summary: '我的专家档案（未建档时为 null；证件号码不脱敏）',
    body: z.object({}),
    response: expertDetail.nullable(),
  }),
  saveMyProfile: defineCall({
    method: 'POST',
    path: '/rest/expert/saveMyProfile',
    access: SIGNED_IN,
    tag: TAG,
    summary: '保存我的专家档案：未建档时建档（已注册），已有时修改（乐观锁）；审核中、暂停、黑名单、待删除时不能修改',
    body: expertProfile.extend({ lockVersion: zLockVersion.optional() }),
    response: expertDetail,
  }),
  submitMyProfile: defineCall({
    method: 'POST',
    path: '/rest/expert/submitMyProfile',
    access: SIGNED_IN,
    tag: TAG,
    summary: '提交我的专家档案待奖励办审核（已注册或未通过时）',
    body: z.object({ lockVersion: zLockVersion }),
    response: expertDetail,
  }),
  invitation: defineCall({
    method: 'POST',
    path: '/rest/expert/getInvitation',
    access: PUBLIC,
    tag: TAG,
    summary: '查看专家邀请：谁邀请、邀请谁、何时过期；已使用或已过期的邀请答复原因',
    body: z.object({ token: z.string({ error: '邀请链接不正确' }).trim().regex(/^[A-Za-z0-9_-]{20,128}$/, '邀请链接不正确') }),
    response: z.object({ expertName: z.string(), unitName: z.string().nullable(), inviterName: z.string(), purpose: z.string(), expiresAt: zDateTime }),
  }),
  acceptInvitation: defineCall({
    method: 'POST',
    path: '/rest/expert/acceptInvitation',
    access: SIGNED_IN,
    tag: TAG,
    summary: '接受专家邀请：把当前账号关联到受邀的专家档案（一次有效），之后完善资料并提交审核',
    body: z.object({ token: z.string({ error: '邀请链接不正确' }).trim().regex(/^[A-Za-z0-9_-]{20,128}$/, '邀请链接不正确') }),
    response: expertDetail,
  }),
};

export type ExpertRowData = z.input<typeof expertRow>;
export type ExpertDetailData = z.input<typeof expertDetail>;
export type ExpertHistoryData = z.input<typeof expertHistoryRow>;
