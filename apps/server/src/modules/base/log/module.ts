import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../../core/db';
import type { Principal } from '../../../core/permissions';
import { createAccessLogService, type AccessLogRow } from './access/accessLogService';
import type { LoginLogSource } from './access/loginLogSource';
import { registerAccessRoutes } from './access/routes';
import { createBatchWriter, type BatchWriter } from './batchWriter';
import { registerDashboardRoutes } from './dashboard/routes';
import { createDashboardService } from './dashboard/service';
import { registerOperLogRoutes } from './oper/routes';
import { createOperLogService } from './oper/service';
import { registerRestLogCapture as registerCapture } from './rest/capture';
import { registerRestLogRoutes } from './rest/routes';
import { createRestLogService } from './rest/service';
import { sysAccessLog } from './schema';

/**
 * Captures every API call into the interface-call log (buffered, written in batches).
 * Registered before any route so every route is covered.
 */
export function registerRestLogCapture(app: FastifyInstance, deps: { db: Db }) {
  registerCapture(app, deps);
}

/** Log reading: interface calls, operations, sign-ins, access, and the home page's trends. */
export function registerLogModule(
  app: FastifyInstance,
  deps: { db: Db; logins: LoginLogSource; identify?: (request: FastifyRequest) => Promise<Principal | null> },
) {
  const { db } = deps;
  const accessWriter = createBatchWriter<AccessLogRow>({ name: '访问日志', log: app.log, insert: (rows) => db.insert(sysAccessLog).values(rows) });
  app.logWriters.add(accessWriter as BatchWriter<never>);
  app.addHook('onClose', async () => {
    await accessWriter.close().catch((err) => app.log.warn({ err }, '关闭时写入访问日志失败'));
  });

  const { logins } = deps;
  const visits = createAccessLogService({ db, writer: accessWriter });
  registerRestLogRoutes(app, { restLogs: createRestLogService({ db }) });
  registerOperLogRoutes(app, { operLogs: createOperLogService({ db }) });
  registerAccessRoutes(app, { logins, visits, identify: deps.identify });
  registerDashboardRoutes(app, { dashboard: createDashboardService({ logins, visits }) });
}
