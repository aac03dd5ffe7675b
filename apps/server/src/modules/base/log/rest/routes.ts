import type { FastifyInstance } from 'fastify';
import { restLogCalls } from '@dandelion/shared/base/log';
import { serveLogReads } from '../reads';
import type { RestLogService } from './service';

/** Interface-call log: list, detail and export (pages /base/rest/restList, restDetail). */
export function registerRestLogRoutes(app: FastifyInstance, { restLogs }: { restLogs: RestLogService }) {
  serveLogReads(app, restLogCalls, restLogs, { name: '接口调用日志', ascii: 'rest_logs' });
}
