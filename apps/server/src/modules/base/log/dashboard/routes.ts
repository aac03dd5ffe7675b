import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../../../core/envelope';
import { LOGIN_LOG_PERMISSION } from '../access/routes';
import type { DashboardService } from './service';

const TAG = '首页统计';
const DAYS_MESSAGE = '统计天数必须是 1 到 90 之间的整数';
const zDays = z.number({ error: DAYS_MESSAGE }).int(DAYS_MESSAGE).min(1, DAYS_MESSAGE).max(90, DAYS_MESSAGE).default(7);
const day = z.string().describe('YYYY-MM-DD（北京时间）');

/**
 * The console home's trend charts (spec §7 /rest/index/loginfo, visitInfo). They sum the sign-in
 * and access logs, so they need the right to read those logs (base:log:login); every console user
 * sees the home page, only holders of that right see the charts.
 */
export function registerDashboardRoutes(app: FastifyInstance, { dashboard }: { dashboard: DashboardService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/rest/index/loginfo',
    {
      config: { permission: LOGIN_LOG_PERMISSION },
      schema: {
        tags: [TAG],
        summary: '登录统计：今日登录次数、成功与失败次数、登录用户数，以及最近 N 天每天的成功、失败次数和登录用户数',
        body: z.object({ days: zDays }),
        response: {
          200: envelopeOf(
            z.object({
              today: z.object({ total: z.number(), success: z.number(), failure: z.number(), users: z.number() }),
              users: z.number(),
              days: z.array(z.object({ date: day, success: z.number(), failure: z.number(), users: z.number() })),
            }),
          ),
        },
      },
    },
    async (request) => ok(await dashboard.loginInfo(request.body.days)),
  );

  r.post(
    '/rest/index/visitInfo',
    {
      config: { permission: LOGIN_LOG_PERMISSION },
      schema: {
        tags: [TAG],
        summary: '访问统计：今日访问量与访客数，最近 N 天每天门户与控制台的访问量和访客数，以及访问最多的页面',
        body: z.object({ days: zDays, top: z.number({ error: '热门页面数必须是 1 到 50 之间的整数' }).int('热门页面数必须是 1 到 50 之间的整数').min(1, '热门页面数必须是 1 到 50 之间的整数').max(50, '热门页面数必须是 1 到 50 之间的整数').default(10) }),
        response: {
          200: envelopeOf(
            z.object({
              today: z.object({ views: z.number(), portal: z.number(), console: z.number(), visitors: z.number() }),
              views: z.number(),
              visitors: z.number(),
              days: z.array(z.object({ date: day, portal: z.number(), console: z.number(), visitors: z.number() })),
              topPages: z.array(z.object({ client: z.string(), path: z.string(), title: z.string().nullable(), views: z.number() })),
            }),
          ),
        },
      },
    },
    async (request) => ok(await dashboard.visitInfo(request.body.days, request.body.top)),
  );
}
