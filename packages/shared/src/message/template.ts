/**
 * Message templates (spec §7 /rest/templateService/*): a title and body with ${name} variables, sent
 * through one channel. The template syntax lives here so the console's live preview renders exactly
 * what the server will send.
 */
import { z } from 'zod';
import { defineCall, permissionsOf } from '../contract';
import { recordCalls } from '../recordCalls';
import { auditFields, zRecordStatus, zRemark } from '../records';
import { pageOf, zDateTime, zId, zPageParameter } from '../schemas';
import { directorySearch, directoryUser } from './common';
import { SMS_STATUSES, zSmsStatus } from './sms';

export const MESSAGE_CHANNELS = ['SITE', 'SMS', 'EMAIL'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
export const MESSAGE_CHANNEL_LABELS: Readonly<Record<MessageChannel, string>> = { SITE: '站内消息', SMS: '短信', EMAIL: '电子邮件' };

/** Permission codes of the message-template pages and calls. */
export const TEMPLATE_PERMISSIONS = permissionsOf('message:template', ['list', 'add', 'upd', 'detail', 'del', 'send', 'log']);

/** Longest SMS template (and SMS once its variables are filled in). */
export const SMS_TEMPLATE_MAX = 500;
/** Most recipients one send reaches. */
export const SEND_RECIPIENTS_MAX = 1000;

/** A variable's name in a template: `${name}`. */
export const TEMPLATE_VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
export const TEMPLATE_VARIABLE_RULE = '变量名只能包含字母、数字和下划线，且不能以数字开头';

export interface TemplateScan {
  /** Variable names in order of first use. */
  variables: string[];
  /** Why the text is not a valid template (empty when it is). */
  problems: string[];
}

type Piece = { text: string } | { variable: string };

/**
 * Splits a template into literal text and variables. `${name}` is a variable, `$${` writes a
 * literal `${` (so a template can show the syntax itself), any other `$` is just a dollar sign.
 */
function piecesOf(template: string): { pieces: Piece[]; problems: string[] } {
  const pieces: Piece[] = [];
  const problems: string[] = [];
  let literal = '';
  let i = 0;
  while (i < template.length) {
    if (template.startsWith('$${', i)) {
      literal += '${';
      i += 3;
      continue;
    }
    if (template.startsWith('${', i)) {
      const end = template.indexOf('}', i + 2);
      if (end < 0) {
        problems.push(`第 ${i + 1} 个字符处的 \${ 没有对应的 }`);
        literal += template.slice(i);
        break;
      }
      const name = template.slice(i + 2, end).trim();
      if (!TEMPLATE_VARIABLE_NAME.test(name)) problems.push(`变量 \${${name}} 写法不正确：${TEMPLATE_VARIABLE_RULE}`);
      if (literal) pieces.push({ text: literal });
      literal = '';
      pieces.push({ variable: name });
      i = end + 1;
      continue;
    }
    literal += template[i];
    i += 1;
  }
  if (literal) pieces.push({ text: literal });
  return { pieces, problems };
}

/** The variables of one or more template texts (title and body), and what is wrong with them. */
export function scanTemplate(...texts: ReadonlyArray<string | null | undefined>): TemplateScan {
  const variables: string[] = [];
  const problems: string[] = [];
  for (const text of texts) {
    const scanned = piecesOf(text ?? '');
    problems.push(...scanned.problems);
    for (const piece of scanned.pieces) if ('variable' in piece && !variables.includes(piece.variable)) variables.push(piece.variable);
  }
  return { variables, problems };
}

export type TemplateValues = Readonly<Record<string, string | number | null | undefined>>;

export interface RenderedTemplate {
  text: string;
  /** Variables the template uses that have no (non-blank) value. */
  missing: string[];
}

/** Fills a template's variables; a variable without a value is left as written and listed in `missing`. */
export function renderTemplate(template: string, values: TemplateValues): RenderedTemplate {
  const missing: string[] = [];
  let text = '';
  for (const piece of piecesOf(template).pieces) {
    if ('text' in piece) {
      text += piece.text;
      continue;
    }
    const value = Object.hasOwn(values, piece.variable) ? values[piece.variable] : undefined;
    const shown = value === null || value === undefined ? '' : String(value);
    if (!shown.trim()) {
      if (!missing.includes(piece.variable)) missing.push(piece.variable);
      text += `\${${piece.variable}}`;
    } else text += shown;
  }
  return { text, missing };
}

/** 缺少模板变量的值：name、date */
export const missingVariablesMessage = (names: readonly string[]) => `缺少模板变量的值：${names.join('、')}`;
/** 模板中没有这些变量：foo、bar */
export const unknownVariablesMessage = (names: readonly string[]) => `模板中没有这些变量：${names.join('、')}`;

/**
 * Checks the values given for a template: every variable needs a non-blank value and no value may
 * name a variable the template lacks. Answers the message to refuse with, or null when all is well.
 */
export function checkTemplateValues(variables: readonly string[], values: TemplateValues): string | null {
  const unknown = Object.keys(values).filter((name) => !variables.includes(name));
  if (unknown.length) return unknownVariablesMessage(unknown);
  const missing = variables.filter((name) => {
    const value = values[name];
    return value === null || value === undefined || !String(value).trim();
  });
  if (missing.length) return missingVariablesMessage(missing);
  return null;
}

const zChannel = z.enum(MESSAGE_CHANNELS, { error: '发送渠道只能是 SITE（站内消息）、SMS（短信）或 EMAIL（电子邮件）' });
const zValue = z.union([z.string().max(500, '变量的值不能超过500个字符'), z.number()], { error: '变量的值必须是文字或数字' });

/** A template code: how other modules name the template they send. */
export const TEMPLATE_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/;

/** What addTemplate and updateTemplate send. */
export const templateBody = z.object({
  templateCode: z
    .string({ error: '请输入模板编码' })
    .trim()
    .min(1, '请输入模板编码')
    .max(64, '模板编码不能超过64个字符')
    .regex(TEMPLATE_CODE_PATTERN, '模板编码只能包含字母、数字和下划线，且以字母开头'),
  templateName: z.string({ error: '请输入模板名称' }).trim().min(1, '请输入模板名称').max(100, '模板名称不能超过100个字符'),
  channel: zChannel,
  title: z.string().trim().max(200, '标题不能超过200个字符').nullish().transform((v) => v || null),
  content: z.string({ error: '请输入模板内容' }).trim().min(1, '请输入模板内容').max(2000, '模板内容不能超过2000个字符'),
  sampleValues: z.record(z.string(), z.string().max(500, '示例值不能超过500个字符'), { error: '示例值格式不正确' }).default({}),
  status: zRecordStatus.default('NORMAL'),
  remark: zRemark,
});

export const templateRow = z.object({
  templateId: zId,
  templateCode: z.string(),
  templateName: z.string(),
  channel: z.enum(MESSAGE_CHANNELS),
  title: z.string().nullable(),
  content: z.string(),
  sampleValues: z.record(z.string(), z.string()),
  variables: z.array(z.string()),
  status: zRecordStatus,
  remark: z.string().nullable(),
  ...auditFields,
});

/** One message sent from a template to one recipient. */
export const sendLogRow = z.object({
  logId: zId,
  templateId: zId,
  templateCode: z.string(),
  channel: z.enum(MESSAGE_CHANNELS),
  batchId: z.string(),
  userId: zId.nullable(),
  recipientName: z.string().nullable(),
  address: z.string().nullable(),
  title: z.string().nullable(),
  content: z.string(),
  status: z.enum(SMS_STATUSES),
  error: z.string().nullable(),
  provider: z.string(),
  createTime: zDateTime,
  createBy: z.string().nullable(),
});

const tag = '消息模板';

/** The template records (getTemplateById and updateTemplate are ours), sending, its log and the recipient lookup. */
export const templateCalls = {
  ...recordCalls({
    tag,
    // The word the batch-delete messages use: 请选择要删除的模板.
    entity: '模板',
    idField: 'templateId',
    row: templateRow,
    body: templateBody,
    filter: {
      templateCode: z.string().trim().max(64).optional(),
      templateName: z.string().trim().max(100).optional(),
      channel: zChannel.optional(),
      status: zRecordStatus.optional(),
    },
    permissions: TEMPLATE_PERMISSIONS,
    paths: {
      page: '/rest/templateService/getTemplateByPage',
      detail: '/rest/templateService/getTemplateById',
      add: '/rest/templateService/addTemplate',
      update: '/rest/templateService/updateTemplate',
      remove: '/rest/templateService/deleteTemplateById',
      removeMany: '/rest/templateService/deleteTemplateByIds',
    },
    summaries: {
      page: '消息模板分页（最近修改在前）',
      detail: '消息模板详情（含变量列表）',
      add: '新增消息模板：编码唯一；标题和内容中用 ${变量名} 写变量，$${ 表示字面的 ${',
      update: '修改消息模板（乐观锁：lockVersion 过期返回 409）',
      remove: '删除消息模板（逻辑删除；发送记录保留）',
      removeMany: '批量删除消息模板（全部成功或全部不删）',
    },
  }),
  send: defineCall({
    method: 'POST',
    path: '/rest/templateService/sendMsg',
    access: TEMPLATE_PERMISSIONS.send,
    tag,
    summary: '按模板给选定用户发送消息（站内消息、短信或邮件），每个收信人记一条发送记录',
    description: 'templateId 或 templateCode 二选一；values 必须为模板的每个变量给出非空的值，且不能含模板没有的变量，否则 400 并列出变量名。',
    body: z
      .object({
        templateId: zId.optional(),
        templateCode: z.string().trim().max(64).optional(),
        userIds: z.array(zId, { error: '请选择收信人' }).min(1, '请选择收信人').max(SEND_RECIPIENTS_MAX, `一次最多发送给 ${SEND_RECIPIENTS_MAX} 人`),
        values: z.record(z.string(), zValue, { error: '变量的值格式不正确' }).default({}),
      })
      .refine((b) => b.templateId || b.templateCode, { message: '请选择消息模板' }),
    response: z.object({ batchId: z.string(), total: z.number(), sent: z.number(), failed: z.number() }),
  }),
  logPage: defineCall({
    method: 'POST',
    path: '/rest/templateService/getSendLogByPage',
    access: TEMPLATE_PERMISSIONS.log,
    tag,
    summary: '模板发送记录（最新在前）：按模板、渠道、状态、收信人或时间筛选',
    body: z.object({
      pageParameter: zPageParameter,
      templateId: zId.optional(),
      channel: zChannel.optional(),
      status: zSmsStatus.optional(),
      keyword: z.string().trim().max(64).optional(),
      beginTime: zDateTime.optional(),
      endTime: zDateTime.optional(),
    }),
    response: pageOf(sendLogRow),
  }),
  searchRecipients: defineCall({
    method: 'POST',
    path: '/rest/templateService/searchRecipients',
    access: TEMPLATE_PERMISSIONS.send,
    tag,
    summary: '按用户名、姓名或手机号查找收信人（最多 20 个），或按编号取已选用户',
    body: directorySearch(SEND_RECIPIENTS_MAX),
    response: z.array(directoryUser),
  }),
};
