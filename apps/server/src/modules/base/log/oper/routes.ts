import type { FastifyInstance } from 'fastify';
import { operLogCalls } from '@dandelion/shared/base/log';
import { ok } from '../../../../core/envelope';
import { serve } from '../../../../core/route';
import { LOG_READ, serveLogReads } from '../reads';
import type { OperLogService } from './service';
import type { OperLogSeal } from './seal';

/** Operation log: who changed what, with before and after (pages /base/log/logList, logDetail). */
export function registerOperLogRoutes(app: FastifyInstance, { operLogs, seal }: { operLogs: OperLogService; seal: OperLogSeal }) {
  serveLogReads(app, operLogCalls, operLogs, { name: '操作日志', ascii: 'operation_logs' });
  serve(app, operLogCalls.modules, async () => ok(await operLogs.modules()), LOG_READ);
  serve(app, operLogCalls.verify, async () => ok(await seal.verify()), LOG_READ);
}
