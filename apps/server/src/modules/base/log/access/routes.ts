import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accessLogCalls } from '@dandelion/shared/base/log';
import { ok } from '../../../../core/envelope';
import { sendWorkbook } from '../../../../core/excel';
import type { Principal } from '../../../../core/permissions';
import { serve } from '../../../../core/route';
import { LOG_READ, serveLogPage } from '../reads';
import type { AccessLogService } from './service';

/** Page views one address may report per minute: a person clicking fast stays far below it. */
export const ACCESS_BEACON_LIMIT = { max: 60, timeWindow: 60_000 };

export interface AccessRouteDeps {
  visits: AccessLogService;
  /** Who is calling a public route, when the request carries a valid session. */
  identify?: (request: FastifyRequest) => Promise<Principal | null>;
}

/** Sign-in log and access log (page /base/log/loginLogList, two tabs) and the page-view beacon. */
export function registerAccessRoutes(app: FastifyInstance, { visits, identify }: AccessRouteDeps) {
  serveLogPage(app, accessLogCalls.loginPage, visits.loginPage);
  serve(
    app,
    accessLogCalls.loginExport,
    async (request, reply) => sendWorkbook(reply, '登录日志', 'login_logs', await visits.loginWorkbook(request.body, request.principal)),
    LOG_READ,
  );
  serveLogPage(app, accessLogCalls.accessPage, visits.page);
  // Bounded per address; the call itself is not an interface-log row (it is the access log).
  serve(
    app,
    accessLogCalls.addAccessLog,
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
    { config: { rateLimit: ACCESS_BEACON_LIMIT, restLog: 'skip' } },
  );
}
