import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../../../core/envelope';
import { sendWorkbook } from '../../../../core/excel';
import { zDateTime, zId, zPageParameter } from '@dandelion/shared';
import { logPageOf, timeRangeShape, zFilterText } from '../../../../core/listing';
import type { OperLogService } from './service';

const TAG = '操作日志';

const itemShape = {
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
};
const detailSchema = z.object({ ...itemShape, before: z.unknown(), after: z.unknown() });

const filterShape = {
  ...timeRangeShape,
  username: zFilterText('操作人', 64),
  module: zFilterText('模块', 64),
  action: zFilterText('操作类型', 32),
  entityId: zFilterText('记录编号', 64),
  text: zFilterText('摘要关键字', 100),
};

const present = <T extends { id: number }>({ id, ...rest }: T) => ({ logId: id, ...rest });

/** Operation log: who changed what, with before and after (pages /base/log/logList, logDetail). */
export function registerOperLogRoutes(app: FastifyInstance, { operLogs }: { operLogs: OperLogService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/rest/log/getOperLogPage',
    {
      config: { permission: 'base:log:list', restLog: 'noResponseBody' },
      schema: {
        tags: [TAG],
        summary: '操作日志分页（新的在前）：按时间、操作人、模块、操作类型、记录编号、摘要筛选',
        body: z.object({ pageParameter: zPageParameter, ...filterShape }),
        response: { 200: envelopeOf(logPageOf(z.object(itemShape))) },
      },
    },
    async (request) => {
      const { pageParameter, ...filter } = request.body;
      const page = await operLogs.page(filter, pageParameter);
      return ok({ ...page, list: page.list.map(present) });
    },
  );

  r.post(
    '/rest/log/getOperLogById',
    {
      config: { permission: 'base:log:detail', restLog: 'noResponseBody' },
      schema: { tags: [TAG], summary: '操作日志详情：变更前后的记录（密码等敏感字段已去除）', body: z.object({ logId: zId }), response: { 200: envelopeOf(detailSchema) } },
    },
    async (request) => ok(present(await operLogs.detail(request.body.logId))),
  );

  r.post(
    '/rest/log/getOperLogModules',
    {
      config: { permission: 'base:log:list', restLog: 'noResponseBody' },
      schema: {
        tags: [TAG],
        summary: '记录过操作的模块及条数（搜索表单的模块选项）',
        body: z.object({}),
        response: { 200: envelopeOf(z.array(z.object({ module: z.string(), total: z.number() }))) },
      },
    },
    async () => ok(await operLogs.modules()),
  );

  r.post(
    '/rest/log/exportOperLog',
    {
      config: { permission: 'base:log:export', restLog: 'noResponseBody' },
      schema: { tags: [TAG], summary: '导出操作日志（与列表相同的筛选条件，最多 10000 行，.xlsx）', body: z.object(filterShape) },
    },
    async (request, reply) => sendWorkbook(reply, '操作日志', 'operation_logs', await operLogs.exportWorkbook(request.body)),
  );
}
