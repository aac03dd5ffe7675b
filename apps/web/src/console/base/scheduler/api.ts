/** Scheduled tasks: the console's calls of the shared contract (`@dandelion/shared/base/scheduler`). */
import type { CallData, CallInput } from '@dandelion/shared';
import { schedulerCalls, taskCalls, type TaskStatus } from '@dandelion/shared/base/scheduler';
import { call } from '../../../api/call';
import { recordApi, type RecordRow, type RecordSearch, type RecordValues } from '../../../api/recordApi';
import type { PageQuery } from '../../../components/PagedTable';

export const TASK_TABLE_KEY = 'base:scheduler';
export const TASK_RUN_TABLE_KEY = 'base:scheduler:runs';
export const HANDLERS_QUERY_KEY = ['task-handlers'] as const;

/** Page, detail, add, update, delete and batch delete. */
export const taskApi = recordApi(taskCalls);
/** A task; the list's rows also carry the latest run. */
export type Task = RecordRow<typeof taskCalls>;
export type TaskRow = Task;
export type TaskValues = RecordValues<typeof taskCalls>;
export type TaskSearch = RecordSearch<typeof taskCalls>;
export type TaskRun = CallData<typeof schedulerCalls.runDetail>;
export type TaskRunSearch = Omit<CallInput<typeof schedulerCalls.runPage>, 'pageParameter'>;
export type TaskHandler = CallData<typeof schedulerCalls.handlers>[number];

export const updateTaskStatus = (taskId: string, lockVersion: number, status: TaskStatus) => call(schedulerCalls.updateStatus, { taskId, lockVersion, status });
export const runTask = (taskId: string) => call(schedulerCalls.run, { taskId });
export const fetchTaskRunPage = (query: PageQuery<TaskRunSearch>, signal: AbortSignal) => call(schedulerCalls.runPage, query, { signal });
export const fetchTaskRun = (logId: string, signal?: AbortSignal) => call(schedulerCalls.runDetail, { logId }, { signal, silent: true });
export const fetchHandlers = (signal?: AbortSignal) => call(schedulerCalls.handlers, {}, { signal });
/** Validates an expression and answers its next fire times; the form shows a refusal in place. */
export const fetchNextFireTimes = (cron: string, signal?: AbortSignal) => call(schedulerCalls.nextFireTimes, { cron }, { signal, silent: true });
