import { z } from 'zod';
import { httpCallJob } from './httpJob';
import { unknownParamKey } from './jobParams';
import type { JobRegistry } from './registry';

/** What the built-in jobs may call in other modules; app.ts passes them. */
export interface SchedulerJobDeps {
  /** The log module's retention: rows deleted per log. */
  purgeLogs(olderThanDays: number): Promise<{ restLogs: number; operLogs: number; loginLogs: number; accessLogs: number }>;
  purgeEndedSessions(keepDays: number): Promise<number>;
  /** The database's night-time upkeep (core/db.ts `maintain`). */
  maintainDatabase(): Promise<string>;
}

const days = (what: string, fallback: number) =>
  z
    .number({ error: `${what}必须是 1 到 3650 之间的整数` })
    .int(`${what}必须是 1 到 3650 之间的整数`)
    .min(1, `${what}必须是 1 到 3650 之间的整数`)
    .max(3650, `${what}必须是 1 到 3650 之间的整数`)
    .default(fallback);


/**
 * The jobs every installation has. `purgeTaskRuns` is the scheduler's own retention (its run log
 * grows fastest of all: an every-minute task writes 1440 rows a day).
 */
export function registerBuiltinJobs(registry: JobRegistry, deps: SchedulerJobDeps & { purgeTaskRuns(olderThanDays: number): Promise<number> }) {
  registry.register({
    handler: 'base.purgeLogs',
    title: '清理过期日志',
    description:
      '删除早于保留天数的接口调用日志、操作日志、登录日志、访问日志和定时任务执行日志（执行中的记录保留）。参数 retentionDays：保留天数，1–3650，默认 180。',
    params: z.strictObject({ retentionDays: days('保留天数', 180) }, unknownParamKey),
    example: { retentionDays: 180 },
    async run({ retentionDays }, { signal }) {
      const purged = await deps.purgeLogs(retentionDays);
      signal.throwIfAborted();
      const runs = await deps.purgeTaskRuns(retentionDays);
      return `已清理 ${retentionDays} 天前的日志：接口调用日志 ${purged.restLogs} 条，操作日志 ${purged.operLogs} 条，登录日志 ${purged.loginLogs} 条，访问日志 ${purged.accessLogs} 条，任务执行日志 ${runs} 条`;
    },
  });

  registry.register({
    handler: 'auth.purgeEndedSessions',
    title: '清理已结束的会话',
    description: '删除过期或已注销超过保留天数的登录会话，在线会话不受影响。参数 keepDays：保留天数，1–3650，默认 30。',
    params: z.strictObject({ keepDays: days('保留天数', 30) }, unknownParamKey),
    example: { keepDays: 30 },
    async run({ keepDays }) {
      const removed = await deps.purgeEndedSessions(keepDays);
      return `已清理结束超过 ${keepDays} 天的会话 ${removed} 个`;
    },
  });

  registry.register({
    handler: 'base.maintainDatabase',
    title: '数据库整理',
    description: '嵌入式数据库（PGlite）没有自动清理：回收已删除行的空间并更新统计信息（VACUUM ANALYZE）。PostgreSQL 只更新统计信息，空间回收由其 autovacuum 负责。统计信息也是大列表“约 N 条”总数的依据。无参数。',
    params: z.strictObject({}, unknownParamKey),
    example: {},
    run: () => deps.maintainDatabase(),
  });

  registry.register(httpCallJob);
}
