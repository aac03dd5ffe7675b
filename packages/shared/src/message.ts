/**
 * Messaging (notices, in-site messages, templates): the values and labels both sides show, and the
 * template syntax, so the console's live preview renders exactly what the server will send.
 */

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

export const MESSAGE_CHANNELS = ['SITE', 'SMS', 'EMAIL'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
export const MESSAGE_CHANNEL_LABELS: Readonly<Record<MessageChannel, string>> = { SITE: '站内消息', SMS: '短信', EMAIL: '电子邮件' };

/** What an in-site message is about; modules sending messages pick one. */
export const MESSAGE_CATEGORIES = ['SYSTEM', 'DECLARATION', 'REVIEW', 'TASK', 'TEMPLATE'] as const;
export type MessageCategory = (typeof MESSAGE_CATEGORIES)[number];
export const MESSAGE_CATEGORY_LABELS: Readonly<Record<MessageCategory, string>> = {
  SYSTEM: '系统消息',
  DECLARATION: '申报',
  REVIEW: '评审',
  TASK: '定时任务',
  TEMPLATE: '模板消息',
};

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

/** A link in a message must stay inside the site: a root-relative path, never `//host` or `javascript:`. */
export const SITE_LINK = /^\/(?!\/)[^\s\\]*$/;
export const SITE_LINK_MESSAGE = '链接只能是以 / 开头的站内地址';

/** Permission codes of the notice pages and calls (seeded menu buttons; the server checks them, the console shows by them). */
export const NOTICE_PERMISSIONS = {
  list: 'message:notice:list',
  add: 'message:notice:add',
  upd: 'message:notice:upd',
  detail: 'message:notice:detail',
  del: 'message:notice:del',
  release: 'message:notice:release',
  sync: 'message:notice:sync',
  receipt: 'message:notice:receipt',
} as const;

/** Permission codes of the message-template pages and calls. */
export const TEMPLATE_PERMISSIONS = {
  list: 'message:template:list',
  add: 'message:template:add',
  upd: 'message:template:upd',
  detail: 'message:template:detail',
  del: 'message:template:del',
  send: 'message:template:send',
  log: 'message:template:log',
} as const;
