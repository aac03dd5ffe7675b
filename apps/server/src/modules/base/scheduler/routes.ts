import type { FastifyInstance } from 'fastify';
import { schedulerCalls, taskCalls } from '@dandelion/shared/base/scheduler';
import { changeOf } from '../../../core/audit';
import { ok } from '../../../core/envelope';
import { serveRecordCalls } from '../../../core/recordRoutes';
import { serve } from '../../../core/route';
import type { TaskService } from './service';

/** Scheduled tasks (spec §7 /rest/task/*): the task records, 启用/停用, 立即执行, the run log, jobs and the cron preview. */
export function registerTaskRoutes(app: FastifyInstance, { tasks }: { tasks: TaskService }) {
  serveRecordCalls(app, taskCalls, tasks);

  serve(app, schedulerCalls.updateStatus, async (request) => {
    const { taskId, lockVersion, status } = request.body;
    return ok(await tasks.setStatus(taskId, lockVersion, status, changeOf(request)), status === 'ENABLE' ? '已启用' : '已停用');
  });
  serve(app, schedulerCalls.run, async (request) => ok(await tasks.runNow(request.body.taskId, changeOf(request)), '已开始执行'));
  serve(app, schedulerCalls.runPage, async (request) => {
    const { pageParameter, ...filter } = request.body;
    return ok(await tasks.runPage(filter, pageParameter));
  });
  serve(app, schedulerCalls.runDetail, async (request) => ok(await tasks.runDetail(request.body.logId)));
  serve(app, schedulerCalls.handlers, async () => ok(tasks.handlers()));
  serve(app, schedulerCalls.nextFireTimes, async (request) => ok(tasks.nextFireTimes(request.body.cron, request.body.count)));
}
