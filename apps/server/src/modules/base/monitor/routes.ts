import type { FastifyInstance } from 'fastify';
import { monitorCalls } from '@dandelion/shared/base/monitor';
import { ok } from '../../../core/envelope';
import { serve } from '../../../core/route';
import type { MonitorService } from './service';

/** Server monitor (page /base/monitor/monitorMain). The page polls every few seconds: those calls would bury the interface log. */
export function registerMonitorRoutes(app: FastifyInstance, { monitor }: { monitor: MonitorService }) {
  serve(app, monitorCalls.info, async () => ok(await monitor.info()), { config: { restLog: 'skip' } });
}
