import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../../../core/envelope';
import { errors } from '../../../../core/errors';
import { beijingTime, sendWorkbook, workbookOf, type SheetColumn } from '../../../../core/excel';
import { PUBLIC, type Principal } from '../../../../core/permissions';
import { zDateTime, zId, zPageParameter } from '@dandelion/shared';
import { logPageOf, timeRangeShape, zFilterText } from '../../../../core/listing';
import { ACCESS_CLIENTS, type AccessLogService } from './accessLogService';
import { LOGIN_TYPES } from '@dandelion/shared';
import type { LoginLogItem, LoginLogSource as LoginLogRepo } from './loginLogSource';

const TAG = '登录与访问日志';
export const LOGIN_LOG_PERMISSION = 'base:log:login';
/** Page views one address may report per minute: a person clicking fast stays far below it. */
export const ACCESS_BEACON_LIMIT = { max: 60, timeWindow: 60_000 };

const loginItem = z.object({
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
const loginFilterShape = {
  ...timeRangeShape,
  loginName: zFilterText('登录名', 64),
  ip: zFilterText('IP', 64),
  success: z.boolean({ error: '登录结果必须是 true（成功）或 false（失败）' }).optional(),
  loginType: z.enum(LOGIN_TYPES, { error: `登录方式只能是 ${LOGIN_TYPES.join('、')} 之一` }).optional(),
};

const accessItem = z.object({
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
const clientSchema = z.enum(ACCESS_CLIENTS, { error: '客户端只能是 PORTAL（门户）或 CONSOLE（控制台）' });

const PATH_MESSAGE = '页面路径必须以 / 开头，且不能含空白、查询参数或锚点';
/** The beacon's body: only these fields, each bounded; who, from where and when the server decides. */
const pageViewBody = z.strictObject(
  {
    client: clientSchema,
    path: z.string({ error: '请提供页面路径' }).min(1, '请提供页面路径').max(256, '页面路径不能超过256个字符').regex(/^\/[^\s?#]*$/, PATH_MESSAGE),
    title: z.string({ error: '页面标题必须是文本' }).max(128, '页面标题不能超过128个字符').optional(),
    referrer: z.string({ error: '来源地址必须是文本' }).max(1024, '来源地址不能超过1024个字符').optional(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `不支持的字段：${issue.keys.join('、')}` : undefined) },
);

const LOGIN_TYPE_LABELS: Record<string, string> = { ACCOUNT: '账号密码', PHONE_PASSWORD: '手机号密码', SMS: '短信验证码', CAS: '单点登录', OAUTH: '第三方登录' };
const LOGIN_EXPORT_COLUMNS: SheetColumn<LoginLogItem>[] = [
  { header: '登录时间', width: 20, value: (r) => beijingTime(r.createTime) },
  { header: '登录名', width: 18, value: (r) => r.loginName },
  { header: '登录方式', width: 12, value: (r) => LOGIN_TYPE_LABELS[r.loginType] ?? r.loginType },
  { header: '结果', width: 8, value: (r) => (r.success ? '成功' : '失败') },
  { header: '提示信息', width: 28, value: (r) => r.message },
  { header: 'IP', width: 18, value: (r) => r.ip },
  { header: '客户端', width: 48, value: (r) => r.userAgent },
];

const present = <T extends { id: number }>({ id, ...rest }: T) => ({ logId: id, ...rest });

function holds(principal: Principal | null, code: string) {
  return !!principal && (principal.isSuperAdmin || principal.permissions.has(code));
}

export interface AccessRouteDeps {
  logins: LoginLogRepo;
  visits: AccessLogService;
  /** Who is calling a public route, when the request carries a valid session. */
  identify?: (request: FastifyRequest) => Promise<Principal | null>;
}

/** Sign-in log and access log (page /base/log/loginLogList, two tabs) and the page-view beacon. */
export function registerAccessRoutes(app: FastifyInstance, { logins, visits, identify }: AccessRouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/rest/log/getSysLoginLogPage',
    {
      config: { permission: LOGIN_LOG_PERMISSION, restLog: 'noResponseBody' },
      schema: {
        tags: [TAG],
        summary: '登录日志分页（每次登录尝试，成功或失败；新的在前）',
        body: z.object({ pageParameter: zPageParameter, ...loginFilterShape }),
        response: { 200: envelopeOf(logPageOf(loginItem)) },
      },
    },
    async (request) => {
      const { pageParameter, ...filter } = request.body;
      const page = await logins.page(filter, pageParameter);
      return ok({ ...page, list: page.list.map(present) });
    },
  );

  r.post(
    '/rest/log/exportSysLoginLog',
    {
      config: { permission: 'base:log:export', restLog: 'noResponseBody' },
      schema: { tags: [TAG], summary: '导出登录日志（还需要查看登录日志的权限 base:log:login；最多 10000 行，.xlsx）', body: z.object(loginFilterShape) },
    },
    async (request, reply) => {
      // Exporting is a second right on top of reading: a holder of only the export code reads nothing.
      if (!holds(request.principal, LOGIN_LOG_PERMISSION)) throw errors.forbidden();
      return sendWorkbook(reply, '登录日志', 'login_logs', await workbookOf('登录日志', LOGIN_EXPORT_COLUMNS, await logins.forExport(request.body)));
    },
  );

  r.post(
    '/rest/log/getAccesssLogPage',
    {
      config: { permission: LOGIN_LOG_PERMISSION, restLog: 'noResponseBody' },
      schema: {
        tags: [TAG],
        summary: '访问日志分页（门户与控制台的页面访问，新的在前）；路径以 / 开头时按前缀匹配',
        body: z.object({
          pageParameter: zPageParameter,
          ...timeRangeShape,
          client: clientSchema.optional(),
          path: zFilterText('页面路径', 256),
          username: zFilterText('用户名', 64),
          ip: zFilterText('IP', 64),
        }),
        response: { 200: envelopeOf(logPageOf(accessItem)) },
      },
    },
    async (request) => {
      const { pageParameter, ...filter } = request.body;
      const page = await visits.page(filter, pageParameter);
      return ok({ ...page, list: page.list.map(present) });
    },
  );

  r.post(
    '/rest/log/addAccessLog',
    {
      // Public: portal visitors are anonymous. Bounded per address; the call itself is not logged
      // as an interface call (it is the access log).
      config: { permission: PUBLIC, rateLimit: ACCESS_BEACON_LIMIT, restLog: 'skip' },
      schema: {
        tags: [TAG],
        summary: '记录一次页面访问（浏览器在路由切换后调用；用户、IP、时间由服务端确定；每个 IP 每分钟最多 60 次）',
        body: pageViewBody,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      const principal = identify ? await identify(request).catch(() => null) : null;
      visits.record(request.body, {
        userId: principal?.userId ?? null,
        username: principal?.username ?? null,
        ip: request.ip,
        userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
      });
      return ok(null, '已记录');
    },
  );
}
