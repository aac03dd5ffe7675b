/** Scheduled tasks (spec §7 /rest/task/*); server: apps/server/src/modules/base/scheduler/routes.ts. */
import type { Page, TaskRunStatus, TaskStatus, TaskTriggerType } from '@dandelion/shared';
import { postJson } from '../../../api/http';
import type { PageQuery } from '../../../components/PagedTable';

export const TASK_PERMISSIONS = {
  list: 'base:scheduler:list',
  add: 'base:scheduler:add',
  upd: 'base:scheduler:upd',
  detail: 'base:scheduler:detail',
  del: 'base:scheduler:del',
  enable: 'base:scheduler:enable',
  run: 'base:scheduler:run',
  log: 'base:scheduler:log',
  logDetail: 'base:scheduler:logdetail',
} as const;

export const TASK_TABLE_KEY = 'base:scheduler';
export const TASK_RUN_TABLE_KEY = 'base:scheduler:runs';

export interface LastRun {
  status: TaskRunStatus;
  startTime: string;
  durationMs: number | null;
}

export interface Task {
  taskId: string;
  taskCode: string;
  taskName: string;
  taskGroup: string;
  cron: string;
  handler: string;
  params: Record<string, unknown>;
  status: TaskStatus;
  skipIfRunning: boolean;
  timeoutSeconds: number;
  maxRetries: number;
  retryBackoffSeconds: number;
  remark: string | null;
  nextFireTime: string | null;
  createTime: string;
  createBy: string | null;
  updateTime: string;
  updateBy: string | null;
  lockVersion: number;
}

export type TaskRow = Task & { lastRun: LastRun | null };

export type TaskValues = Pick<
  Task,
  'taskCode' | 'taskName' | 'taskGroup' | 'cron' | 'handler' | 'params' | 'status' | 'skipIfRunning' | 'timeoutSeconds' | 'maxRetries' | 'retryBackoffSeconds' | 'remark'
>;

export interface TaskSearch {
  taskName?: string;
  taskCode?: string;
  taskGroup?: string;
  status?: TaskStatus;
  handler?: string;
}

export interface TaskRun {
  logId: string;
  taskId: string;
  taskCode: string | null;
  taskName: string | null;
  triggerType: TaskTriggerType;
  fireTime: string;
  instanceId: string;
  status: TaskRunStatus;
  attempts: number;
  startTime: string;
  endTime: string | null;
  durationMs: number | null;
  message: string | null;
  createTime: string;
}

export interface TaskRunSearch {
  taskId?: string;
  status?: TaskRunStatus;
  triggerType?: TaskTriggerType;
  beginTime?: string;
  endTime?: string;
}

export interface TaskHandler {
  handler: string;
  title: string;
  description: string;
  example: Record<string, unknown>;
}

/** One problem the server found in the parameters (attributes.paramErrors of a 400). */
export interface ParamError {
  path: string;
  message: string;
}

export const fetchTaskPage = (query: PageQuery<TaskSearch>, signal: AbortSignal) => postJson<Page<TaskRow>>('/rest/task/getTaskPage', query, { signal });
export const fetchTask = (taskId: string, signal?: AbortSignal) => postJson<Task>('/rest/task/getTaskById', { taskId }, { signal, silent: true });
export const addTask = (values: TaskValues) => postJson<Task>('/rest/task/addTask', values, { silent: true });
export const updateTask = (taskId: string, lockVersion: number, values: TaskValues) =>
  postJson<Task>('/rest/task/updateTask', { ...values, taskId, lockVersion }, { silent: true });
export const updateTaskStatus = (taskId: string, lockVersion: number, status: TaskStatus) =>
  postJson<Task>('/rest/task/updateStatus', { taskId, lockVersion, status });
export const deleteTask = (taskId: string, lockVersion: number) => postJson<null>('/rest/task/deleteTask', { taskId, lockVersion });
export const deleteTasks = (ids: string[]) => postJson<{ deleted: number }>('/rest/task/deleteTaskByIds', { ids });
export const runTask = (taskId: string) => postJson<{ runId: string }>('/rest/task/runTask', { taskId });
export const fetchTaskRunPage = (query: PageQuery<TaskRunSearch>, signal: AbortSignal) =>
  postJson<Page<TaskRun>>('/rest/task/getTaskLogPage', query, { signal });
export const fetchTaskRun = (logId: string, signal?: AbortSignal) => postJson<TaskRun>('/rest/task/getTaskLogById', { logId }, { signal, silent: true });
export const fetchHandlers = (signal?: AbortSignal) => postJson<TaskHandler[]>('/rest/task/getHandlers', {}, { signal });
/** Validates an expression and answers its next fire times; the form shows a refusal in place. */
export const fetchNextFireTimes = (cron: string, signal?: AbortSignal) =>
  postJson<{ cron: string; times: string[] }>('/rest/task/nextFireTimes', { cron }, { signal, silent: true });

export const HANDLERS_QUERY_KEY = ['task-handlers'] as const;
