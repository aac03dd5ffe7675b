import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../../core/db';
import type { Principal } from '../../../core/permissions';
import type { LoginLogSource } from './access/loginLogSource';
import { accessLogRepo, type AccessLogRow } from './access/repo';
import { registerAccessRoutes } from './access/routes';
import { createAccessLogService } from './access/service';
import { createBatchWriter, type BatchWriter } from './batchWriter';
import { registerDashboardRoutes } from './dashboard/routes';
import { createDashboardService } from './dashboard/service';
import { registerOperLogRoutes } from './oper/routes';
import { createOperLogService } from './oper/service';
import { createOperLogSeal } from './oper/seal';
import { registerRestLogCapture as registerCapture } from './rest/capture';
import { registerRestLogRoutes } from './rest/routes';
import { createRestLogService } from './rest/service';
import { purgeLogs, type PurgedLogs } from './retention';

export type { LoginLogSource } from './access/loginLogSource';

/**
 * Captures every API call into the interface-call log (buffered, written in batches).
 * Registered before any route so every route is covered.
 */
export function registerRestLogCapture(app: FastifyInstance, deps: { db: Db }) {
  registerCapture(app, deps);
}

/** What other modules may ask of the logs: the scheduler's retention job purges them. */
export interface LogModule {
  /** Deletes every log's rows older than the given number of days (the sign-in log through its owner). */
  purgeLogs(olderThanDays: number): Promise<PurgedLogs>;
}

/** Log reading: interface calls, operations, sign-ins, access, and the home page's trends. */
export function registerLogModule(
  app: FastifyInstance,
  deps: { db: Db; logins: LoginLogSource; identify?: (request: FastifyRequest) => Promise<Principal | null>; sealKey: Buffer },
): LogModule {
  const { db, logins } = deps;
  // Operation-log rows are sealed every half minute (the verify call seals what is pending first).
  const seal = createOperLogSeal({ db, key: deps.sealKey });
  const sealTimer = setInterval(() => {
    seal.sealPending().catch((err: unknown) => app.log.warn({ err }, '封存操作日志失败'));
  }, 30_000);
  sealTimer.unref();
  app.addHook('onClose', async () => clearInterval(sealTimer));
  const accessWriter = createBatchWriter<AccessLogRow>({ name: '访问日志', log: app.log, insert: (rows) => accessLogRepo.insertMany(db, rows) });
  app.logWriters.add(accessWriter as BatchWriter<never>);
  app.addHook('onClose', async () => {
    await accessWriter.close().catch((err) => app.log.warn({ err }, '关闭时写入访问日志失败'));
  });

  registerRestLogRoutes(app, { restLogs: createRestLogService({ db }) });
  registerOperLogRoutes(app, { operLogs: createOperLogService({ db }), seal });
  registerAccessRoutes(app, { visits: createAccessLogService({ db, writer: accessWriter, logins }), identify: deps.identify });
  registerDashboardRoutes(app, { dashboard: createDashboardService({ db, logins }) });
  return { purgeLogs: (olderThanDays) => purgeLogs(db, olderThanDays, (before) => logins.purgeBefore(before)) };
}
