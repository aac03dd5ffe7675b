import type { z } from 'zod';
import type { TaskParamError, TaskTriggerType } from '@dandelion/shared/base/scheduler';

/** What a job receives besides its parameters. */
export interface JobContext {
  /** Aborted when the attempt times out (or the run is abandoned): stop work and return. */
  signal: AbortSignal;
  taskId: number;
  taskCode: string;
  /** The run's log row. */
  runId: number;
  /** The cron slot (SCHEDULE) or the time 立即执行 was asked for (MANUAL). */
  fireTime: Date;
  trigger: TaskTriggerType;
  /** 1 for the first attempt, 2 for the first retry, … */
  attempt: number;
}

/**
 * A built-in job an administrator can schedule. Jobs are code registered by modules, never code or
 * SQL typed into the console: the console only picks a job and fills in its parameters, which the
 * job's schema checks on save and again before every run.
 */
export interface JobDefinition<P extends z.ZodType = z.ZodType> {
  /** Stable key stored in base_task.handler: `<module>.<job>`, e.g. `cms.publishScheduled`. */
  handler: string;
  /** Shown in the handler select. */
  title: string;
  /** What the job does and what its parameters mean, shown under the select. */
  description: string;
  /** Parameters as a zod schema with Chinese messages; use z.strictObject so a misspelt key is refused. */
  params: P;
  /** Parameters the form starts with when this job is picked. */
  example: z.input<P>;
  /** Does the work. The returned text goes into the run's message body (truncated if long). */
  run(params: z.output<P>, context: JobContext): Promise<string | void>;
}

export type ParamCheck = { ok: true; value: unknown } | { ok: false; message: string; errors: TaskParamError[] };

export interface JobRegistry {
  /** Adds a job. Call while the app is being built; a key registered twice is a programming error. */
  register<P extends z.ZodType>(job: JobDefinition<P>): void;
  get(handler: string): JobDefinition | undefined;
  list(): JobDefinition[];
  /** Checks parameters against the job's schema: the value to run with, or Chinese messages per field. */
  checkParams(handler: string, params: unknown): ParamCheck;
}

const HANDLER_KEY = /^[a-z][a-zA-Z0-9]*(\.[a-zA-Z0-9]+)+$/;

export const UNKNOWN_HANDLER_MESSAGE = '任务处理器不存在，请重新选择';

/** First line of a refusal: the first problem, named by its parameter. */
function describe(errors: TaskParamError[]): string {
  const first = errors[0]!;
  return first.path ? `任务参数 ${first.path}：${first.message}` : `任务参数不正确：${first.message}`;
}

export function createJobRegistry(): JobRegistry {
  const jobs = new Map<string, JobDefinition>();
  return {
    register(job) {
      if (!HANDLER_KEY.test(job.handler)) throw new Error(`任务处理器的键不合规范（<模块>.<任务>）：${job.handler}`);
      if (jobs.has(job.handler)) throw new Error(`任务处理器重复注册：${job.handler}`);
      if (!job.params.safeParse(job.example).success) throw new Error(`任务处理器 ${job.handler} 的示例参数不符合其参数定义`);
      jobs.set(job.handler, job as unknown as JobDefinition);
    },
    get: (handler) => jobs.get(handler),
    list: () => [...jobs.values()],
    checkParams(handler, params) {
      const job = jobs.get(handler);
      if (!job) return { ok: false, message: UNKNOWN_HANDLER_MESSAGE, errors: [{ path: '', message: UNKNOWN_HANDLER_MESSAGE }] };
      const parsed = job.params.safeParse(params);
      if (parsed.success) return { ok: true, value: parsed.data };
      const errors = parsed.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
      return { ok: false, message: describe(errors), errors };
    },
  };
}
