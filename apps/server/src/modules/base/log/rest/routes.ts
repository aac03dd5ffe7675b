import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../../../core/envelope';
import { sendWorkbook } from '../../../../core/excel';
import { zDateTime, zId, zPageParameter } from '@dandelion/shared';
import { logPageOf, timeRangeShape, zFilterText } from '../../../../core/listing';
import { STATUS_CLASSES, type RestLogService } from './service';

const TAG = '接口调用日志';
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;

const itemShape = {
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
};
const itemSchema = z.object(itemShape);
const detailSchema = z.object({
  ...itemShape,
  query: z.string().nullable(),
  userAgent: z.string().nullable(),
  requestBody: z.string().nullable(),
  responseBody: z.string().nullable(),
});

export const restLogFilterShape = {
  ...timeRangeShape,
  username: zFilterText('用户名', 64),
  path: zFilterText('接口路径', 256),
  method: z.enum(HTTP_METHODS, { error: '请求方法只能是 GET、POST、PUT、DELETE 或 PATCH' }).optional(),
  status: z.number({ error: 'HTTP 状态码必须是 100 到 599 之间的整数' }).int('HTTP 状态码必须是 100 到 599 之间的整数').min(100, 'HTTP 状态码必须是 100 到 599 之间的整数').max(599, 'HTTP 状态码必须是 100 到 599 之间的整数').optional(),
  statusClass: z.enum(STATUS_CLASSES, { error: '状态类别只能是 2xx、3xx、4xx 或 5xx' }).optional(),
  code: zFilterText('业务码', 16),
  minDuration: z.number({ error: '最短耗时必须是不小于 0 的整数（毫秒）' }).int('最短耗时必须是不小于 0 的整数（毫秒）').min(0, '最短耗时必须是不小于 0 的整数（毫秒）').max(3_600_000, '最短耗时不能超过 3600000 毫秒').optional(),
  ip: zFilterText('IP', 64),
  requestId: zFilterText('请求编号', 64),
};

const present = <T extends { id: number }>({ id, ...rest }: T) => ({ logId: id, ...rest });

/** Interface-call log: list, detail and export (pages /base/rest/restList, restDetail). */
export function registerRestLogRoutes(app: FastifyInstance, { restLogs }: { restLogs: RestLogService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/rest/restLog/getRestLogPage',
    {
      config: { permission: 'base:rest:list', restLog: 'noResponseBody' },
      schema: {
        tags: [TAG],
        summary: '接口调用日志分页（新的在前）；路径以 / 开头时按前缀匹配，否则按包含匹配',
        body: z.object({ pageParameter: zPageParameter, ...restLogFilterShape }),
        response: { 200: envelopeOf(logPageOf(itemSchema)) },
      },
    },
    async (request) => {
      const { pageParameter, ...filter } = request.body;
      const page = await restLogs.page(filter, pageParameter);
      return ok({ ...page, list: page.list.map(present) });
    },
  );

  r.post(
    '/rest/restLog/getRestLogById',
    {
      config: { permission: 'base:rest:detail', restLog: 'noResponseBody' },
      schema: { tags: [TAG], summary: '接口调用日志详情：请求与响应内容（已脱敏、截断）', body: z.object({ logId: zId }), response: { 200: envelopeOf(detailSchema) } },
    },
    async (request) => ok(present(await restLogs.detail(request.body.logId))),
  );

  r.post(
    '/rest/restLog/export',
    {
      config: { permission: 'base:rest:export', restLog: 'noResponseBody' },
      schema: { tags: [TAG], summary: '导出接口调用日志（与列表相同的筛选条件，最多 10000 行，不含请求与响应内容，.xlsx）', body: z.object(restLogFilterShape) },
    },
    async (request, reply) => sendWorkbook(reply, '接口调用日志', 'rest_logs', await restLogs.exportWorkbook(request.body)),
  );
}
