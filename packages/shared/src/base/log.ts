/**
 * Logs (spec §2 /base/rest, /base/log; spec §7 /rest/restLog/*, /rest/log/*, /rest/index/loginfo and
 * visitInfo): the interface-call log, the operation log, the sign-in and access logs, and the home
 * page's trends summed from them. Every log list is newest first and counts at most LOG_COUNT_CAP rows.
 */
import { z } from 'zod';
import { LOGIN_TYPES, type LoginType } from '../constants';
import { defineCall, permissionsOf, PUBLIC } from '../contract';
import { pageOf, zDateTime, zFilterTime, zId, zPageParameter } from '../schemas';

export const REST_LOG_PERMISSIONS = permissionsOf('base:rest', ['list', 'detail', 'export']);
/** `login` reads the sign-in and access logs and the home page's trends; `export` also needs the right to read. */
export const LOG_PERMISSIONS = permissionsOf('base:log', ['list', 'detail', 'login', 'export', 'verify']);

/**
 * The retention a scheduled purge uses unless told otherwise: 180 days, the six months the
 * Cybersecurity Law (网络安全法 第二十一条) asks network operators to keep their logs for.
 */
export const DEFAULT_LOG_RETENTION_DAYS = 180;

/**
 * Log lists count at most this many matching rows (the server's COUNT_CAP): beyond it the total
 * reads as this number and `totalCapped` is true. Ten thousand rows (1 000 pages of ten) is where
 * search engines stop paging too; counting 100 000 index entries cost 60–110 ms on every view of a
 * million-row log (bench/lists), 10 000 a few.
 */
export const LOG_COUNT_CAP = 10_000;

// ── what every log list shares ──

const timeRange = { beginTime: zFilterTime.optional(), endTime: zFilterTime.optional() };
/** Optional trimmed text filter with a length bound and a Chinese message. */
const filterText = (label: string, max: number) => z.string({ error: `${label}必须是文本` }).trim().max(max, `${label}不能超过${max}个字符`).optional();
/** A log page: the usual page plus whether more rows matched than were counted. */
const logPageOf = <T extends z.ZodType>(item: T) => pageOf(item).extend({ totalCapped: z.boolean() });
const byLogId = z.object({ logId: zId });

// ── interface calls ──

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;
export const STATUS_CLASSES = ['2xx', '3xx', '4xx', '5xx'] as const;
export type StatusClass = (typeof STATUS_CLASSES)[number];

const STATUS_MESSAGE = 'HTTP 状态码必须是 100 到 599 之间的整数';
const DURATION_MESSAGE = '最短耗时必须是不小于 0 的整数（毫秒）';

/** Search fields of the interface-call log (list and export). */
export const restLogFilter = z.object({
  ...timeRange,
  username: filterText('用户名', 64),
  path: filterText('接口路径', 256),
  method: z.enum(HTTP_METHODS, { error: '请求方法只能是 GET、POST、PUT、DELETE 或 PATCH' }).optional(),
  status: z.number({ error: STATUS_MESSAGE }).int(STATUS_MESSAGE).min(100, STATUS_MESSAGE).max(599, STATUS_MESSAGE).optional(),
  statusClass: z.enum(STATUS_CLASSES, { error: '状态类别只能是 2xx、3xx、4xx 或 5xx' }).optional(),
  code: filterText('业务码', 16),
  minDuration: z.number({ error: DURATION_MESSAGE }).int(DURATION_MESSAGE).min(0, DURATION_MESSAGE).max(3_600_000, '最短耗时不能超过 3600000 毫秒').optional(),
  ip: filterText('IP', 64),
  requestId: filterText('请求编号', 64),
});

export const restLogRow = z.object({
  logId: zId,
  method: z.string(),
  path: z.string(),
  route: z.string().nullable(),
  status: z.number(),
  code: z.string().nullable(),
  durationMs: z.number(),
  userId: zId.nullable(),
  username: z.string().nullable(),
  ip: z.string().nullable(),
  requestId: z.string().nullable(),
  createTime: zDateTime,
});

const REST_TAG = '接口调用日志';

/** Reading the interface-call log (pages /base/rest/restList and restDetail). */
export const restLogCalls = {
  page: defineCall({
    method: 'POST',
    path: '/rest/restLog/getRestLogPage',
    access: REST_LOG_PERMISSIONS.list,
    tag: REST_TAG,
    summary: '接口调用日志分页（新的在前）；路径以 / 开头时按前缀匹配，否则按包含匹配',
    body: restLogFilter.extend({ pageParameter: zPageParameter }),
    response: logPageOf(restLogRow),
  }),
  detail: defineCall({
    method: 'POST',
    path: '/rest/restLog/getRestLogById',
    access: REST_LOG_PERMISSIONS.detail,
    tag: REST_TAG,
    summary: '接口调用日志详情：请求与响应内容（已脱敏、截断）',
    body: byLogId,
    response: restLogRow.extend({
      query: z.string().nullable(),
      userAgent: z.string().nullable(),
      requestBody: z.string().nullable(),
      responseBody: z.string().nullable(),
    }),
  }),
  export: defineCall({
    method: 'POST',
    path: '/rest/restLog/export',
    access: REST_LOG_PERMISSIONS.export,
    tag: REST_TAG,
    summary: '导出接口调用日志（与列表相同的筛选条件，最多 10000 行，不含请求与响应内容，.xlsx）',
    body: restLogFilter,
    answer: 'raw',
  }),
};

// ── operations ──

/** Search fields of the operation log (list and export). */
export const operLogFilter = z.object({
  ...timeRange,
  username: filterText('操作人', 64),
  module: filterText('模块', 64),
  action: filterText('操作类型', 32),
  entityId: filterText('记录编号', 64),
  text: filterText('摘要关键字', 100),
});

export const operLogRow = z.object({
  logId: zId,
  module: z.string(),
  action: z.string(),
  entityId: z.string().nullable(),
  summary: z.string(),
  userId: zId.nullable(),
  username: z.string().nullable(),
  ip: z.string().nullable(),
  requestId: z.string().nullable(),
  createTime: zDateTime,
});

const OPER_TAG = '操作日志';

/** What the seal check found: how many rows it checked, and the first broken link if any. */
export const operLogChainReport = z.object({
  checked: z.number(),
  /** Rows written in the last seconds, not sealed yet. */
  unsealed: z.number(),
  intact: z.boolean(),
  firstBroken: z
    .object({
      logId: zId,
      sealSeq: z.number(),
      /** What is wrong, in words: 记录内容与封存不符 / 缺少前一条记录 … */
      reason: z.string(),
    })
    .nullable(),
  checkedAt: zDateTime,
});

/** Who changed what, with before and after (pages /base/log/logList, logDetail). */
export const operLogCalls = {
  page: defineCall({
    method: 'POST',
    path: '/rest/log/getOperLogPage',
    access: LOG_PERMISSIONS.list,
    tag: OPER_TAG,
    summary: '操作日志分页（新的在前）：按时间、操作人、模块、操作类型、记录编号、摘要筛选',
    body: operLogFilter.extend({ pageParameter: zPageParameter }),
    response: logPageOf(operLogRow),
  }),
  detail: defineCall({
    method: 'POST',
    path: '/rest/log/getOperLogById',
    access: LOG_PERMISSIONS.detail,
    tag: OPER_TAG,
    summary: '操作日志详情：变更前后的记录（密码等敏感字段已去除）',
    body: byLogId,
    response: operLogRow.extend({ before: z.unknown(), after: z.unknown() }),
  }),
  modules: defineCall({
    method: 'POST',
    path: '/rest/log/getOperLogModules',
    access: LOG_PERMISSIONS.list,
    tag: OPER_TAG,
    summary: '记录过操作的模块及条数（搜索表单的模块选项）',
    body: z.object({}),
    response: z.array(z.object({ module: z.string(), total: z.number() })),
  }),
  export: defineCall({
    method: 'POST',
    path: '/rest/log/exportOperLog',
    access: LOG_PERMISSIONS.export,
    tag: OPER_TAG,
    summary: '导出操作日志（与列表相同的筛选条件，最多 10000 行，.xlsx）',
    body: operLogFilter,
    answer: 'raw',
  }),
  verify: defineCall({
    method: 'POST',
    path: '/rest/log/verifyOperLogChain',
    access: LOG_PERMISSIONS.verify,
    tag: OPER_TAG,
    summary: '校验操作日志的完整性：逐条核对封存链，报告第一处被改动、删除或插入的记录',
    body: z.object({}),
    response: operLogChainReport,
  }),
};

// ── sign-ins and page views ──

export const LOGIN_TYPE_LABELS: Readonly<Record<LoginType, string>> = {
  ACCOUNT: '账号密码',
  PHONE_PASSWORD: '手机号密码',
  SMS: '短信验证码',
  CAS: '单点登录',
  OAUTH: '第三方登录',
};

export const ACCESS_CLIENTS = ['PORTAL', 'CONSOLE'] as const;
export type AccessClient = (typeof ACCESS_CLIENTS)[number];
const zAccessClient = z.enum(ACCESS_CLIENTS, { error: '客户端只能是 PORTAL（门户）或 CONSOLE（控制台）' });

/** Search fields of the sign-in log (list and export). */
export const loginLogFilter = z.object({
  ...timeRange,
  loginName: filterText('登录名', 64),
  ip: filterText('IP', 64),
  success: z.boolean({ error: '登录结果必须是 true（成功）或 false（失败）' }).optional(),
  loginType: z.enum(LOGIN_TYPES, { error: `登录方式只能是 ${LOGIN_TYPES.join('、')} 之一` }).optional(),
});

export const loginLogRow = z.object({
  logId: zId,
  loginName: z.string(),
  userId: zId.nullable(),
  loginType: z.string(),
  ip: z.string(),
  userAgent: z.string().nullable(),
  success: z.boolean(),
  message: z.string().nullable(),
  createTime: zDateTime,
});

export const accessLogRow = z.object({
  logId: zId,
  client: z.string(),
  path: z.string(),
  title: z.string().nullable(),
  referrer: z.string().nullable(),
  userId: zId.nullable(),
  username: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createTime: zDateTime,
});

const PATH_MESSAGE = '页面路径必须以 / 开头，且不能含空白、查询参数或锚点';
/** The beacon's body: only these fields, each bounded; who, from where and when the server decides. */
export const pageViewBody = z.strictObject(
  {
    client: zAccessClient,
    path: z.string({ error: '请提供页面路径' }).min(1, '请提供页面路径').max(256, '页面路径不能超过256个字符').regex(/^\/[^\s?#]*$/, PATH_MESSAGE),
    title: z.string({ error: '页面标题必须是文本' }).max(128, '页面标题不能超过128个字符').optional(),
    referrer: z.string({ error: '来源地址必须是文本' }).max(1024, '来源地址不能超过1024个字符').optional(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `不支持的字段：${issue.keys.join('、')}` : undefined) },
);

const ACCESS_TAG = '登录与访问日志';

/** Sign-in log and access log (page /base/log/loginLogList, two tabs) and the page-view beacon. */
export const accessLogCalls = {
  loginPage: defineCall({
    method: 'POST',
    path: '/rest/log/getSysLoginLogPage',
    access: LOG_PERMISSIONS.login,
    tag: ACCESS_TAG,
    summary: '登录日志分页（每次登录尝试，成功或失败；新的在前）',
    body: loginLogFilter.extend({ pageParameter: zPageParameter }),
    response: logPageOf(loginLogRow),
  }),
  loginExport: defineCall({
    method: 'POST',
    path: '/rest/log/exportSysLoginLog',
    access: LOG_PERMISSIONS.export,
    tag: ACCESS_TAG,
    summary: '导出登录日志（还需要查看登录日志的权限 base:log:login；最多 10000 行，.xlsx）',
    body: loginLogFilter,
    answer: 'raw',
  }),
  accessPage: defineCall({
    method: 'POST',
    path: '/rest/log/getAccesssLogPage',
    access: LOG_PERMISSIONS.login,
    tag: ACCESS_TAG,
    summary: '访问日志分页（门户与控制台的页面访问，新的在前）；路径以 / 开头时按前缀匹配',
    body: z.object({
      pageParameter: zPageParameter,
      ...timeRange,
      client: zAccessClient.optional(),
      path: filterText('页面路径', 256),
      username: filterText('用户名', 64),
      ip: filterText('IP', 64),
    }),
    response: logPageOf(accessLogRow),
  }),
  /** Public: portal visitors are anonymous; the server bounds it per address. */
  addAccessLog: defineCall({
    method: 'POST',
    path: '/rest/log/addAccessLog',
    access: PUBLIC,
    tag: ACCESS_TAG,
    summary: '记录一次页面访问（浏览器在路由切换后调用；用户、IP、时间由服务端确定；每个 IP 每分钟最多 60 次）',
    body: pageViewBody,
    response: z.null(),
  }),
};

// ── the console home's trends ──

const DAYS_MESSAGE = '统计天数必须是 1 到 90 之间的整数';
const TOP_MESSAGE = '热门页面数必须是 1 到 50 之间的整数';
const zDays = z.number({ error: DAYS_MESSAGE }).int(DAYS_MESSAGE).min(1, DAYS_MESSAGE).max(90, DAYS_MESSAGE).default(7);
const day = z.string().describe('YYYY-MM-DD（北京时间）');
const DASHBOARD_TAG = '首页统计';

/**
 * The console home's trend charts (spec §7 /rest/index/loginfo, visitInfo). They sum the sign-in and
 * access logs, so they need the right to read those logs: every console user sees the home page,
 * only holders of base:log:login see the charts.
 */
export const dashboardCalls = {
  loginInfo: defineCall({
    method: 'POST',
    path: '/rest/index/loginfo',
    access: LOG_PERMISSIONS.login,
    tag: DASHBOARD_TAG,
    summary: '登录统计：今日登录次数、成功与失败次数、登录用户数，以及最近 N 天每天的成功、失败次数和登录用户数',
    body: z.object({ days: zDays }),
    response: z.object({
      today: z.object({ total: z.number(), success: z.number(), failure: z.number(), users: z.number() }),
      users: z.number(),
      days: z.array(z.object({ date: day, success: z.number(), failure: z.number(), users: z.number() })),
    }),
  }),
  visitInfo: defineCall({
    method: 'POST',
    path: '/rest/index/visitInfo',
    access: LOG_PERMISSIONS.login,
    tag: DASHBOARD_TAG,
    summary: '访问统计：今日访问量与访客数，最近 N 天每天门户与控制台的访问量和访客数，以及访问最多的页面',
    body: z.object({ days: zDays, top: z.number({ error: TOP_MESSAGE }).int(TOP_MESSAGE).min(1, TOP_MESSAGE).max(50, TOP_MESSAGE).default(10) }),
    response: z.object({
      today: z.object({ views: z.number(), portal: z.number(), console: z.number(), visitors: z.number() }),
      views: z.number(),
      visitors: z.number(),
      days: z.array(z.object({ date: day, portal: z.number(), console: z.number(), visitors: z.number() })),
      topPages: z.array(z.object({ client: z.string(), path: z.string(), title: z.string().nullable(), views: z.number() })),
    }),
  }),
};
