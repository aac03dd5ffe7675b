import type { FastifyInstance } from 'fastify';
import { dashboardCalls } from '@dandelion/shared/base/log';
import { ok } from '../../../../core/envelope';
import { serve } from '../../../../core/route';
import type { DashboardService } from './service';

/** The console home's trend charts (spec §7 /rest/index/loginfo, visitInfo), summed from the sign-in and access logs. */
export function registerDashboardRoutes(app: FastifyInstance, { dashboard }: { dashboard: DashboardService }) {
  serve(app, dashboardCalls.loginInfo, async (request) => ok(await dashboard.loginInfo(request.body.days)));
  serve(app, dashboardCalls.visitInfo, async (request) => ok(await dashboard.visitInfo(request.body.days, request.body.top)));
}
