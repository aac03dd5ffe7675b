import type { FastifyInstance } from 'fastify';
import { expertPushCalls } from '@dandelion/shared/award/expertPush';
import { reviewGroupCalls } from '@dandelion/shared/award/reviewGroup';
import { changeOf } from '../../../core/audit';
import { ok } from '../../../core/envelope';
import { serve } from '../../../core/route';
import type { GroupService } from './groupService';
import type { PushService } from './pushService';
import type { TaskService } from './taskService';

/** Review groups (/rest/reviewGroup/*) and expert assignment (/rest/expertPush/*). */
export function registerAssignmentRoutes(app: FastifyInstance, services: { groups: GroupService; push: PushService; tasks: TaskService }) {
  const { groups, push, tasks } = services;
  serve(app, reviewGroupCalls.page, async (request) => {
    const { pageParameter, ...filter } = request.body;
    return ok(await groups.page(filter, pageParameter));
  });
  serve(app, reviewGroupCalls.detail, async (request) => ok(await groups.detail(request.body.groupId)));
  serve(app, reviewGroupCalls.add, async (request) => ok(await groups.add(request.body, changeOf(request)), '新增成功'));
  serve(app, reviewGroupCalls.update, async (request) => {
    const { groupId, lockVersion, ...input } = request.body;
    return ok(await groups.update(groupId, lockVersion, input, changeOf(request)), '修改成功');
  });
  serve(app, reviewGroupCalls.remove, async (request) => {
    await groups.remove(request.body.groupId, request.body.lockVersion, changeOf(request));
    return ok(null, '删除成功');
  });
  serve(app, reviewGroupCalls.members, async (request) => ok(await groups.members(request.body.groupId)));
  serve(app, reviewGroupCalls.candidateDeclarations, async (request) => ok(await groups.candidateDeclarations(request.body.groupId, request.body.disciplinePrefixes)));
  serve(app, reviewGroupCalls.setDeclarations, async (request) => {
    const { groupId, ...input } = request.body;
    return ok(await groups.setDeclarations(groupId, input, changeOf(request)), '设置成功');
  });
  serve(app, reviewGroupCalls.candidateExperts, async (request) => {
    const { groupId, ...filter } = request.body;
    return ok(await groups.candidateExperts(groupId, filter));
  });
  serve(app, reviewGroupCalls.setExperts, async (request) => {
    const { groupId, ...input } = request.body;
    return ok(await groups.setExperts(groupId, input, changeOf(request)), '设置成功');
  });

  serve(app, expertPushCalls.propose, async (request) => ok(await push.propose(request.body.groupId, request.body.seed, changeOf(request)), '已生成分配方案'));
  serve(app, expertPushCalls.getProposal, async (request) => ok(await push.proposal(request.body.groupId)));
  serve(app, expertPushCalls.getExcluded, async (request) => ok(await push.excluded(request.body.groupId, request.body.declarationId, request.body.pageParameter)));
  serve(app, expertPushCalls.change, async (request) => ok(await push.change(request.body, changeOf(request)), '调整成功'));
  serve(app, expertPushCalls.push, async (request) => ok(await push.push(request.body.groupId, changeOf(request)), '推送成功'));
  serve(app, expertPushCalls.getChanges, async (request) => ok(await push.changes(request.body.groupId, request.body.pageParameter)));

  serve(app, expertPushCalls.myTasks, async (request) => ok(await tasks.myTasks(changeOf(request), request.body.state, request.body.pageParameter)));
  serve(app, expertPushCalls.accept, async (request) => ok(await tasks.accept(request.body.assignmentId, changeOf(request)), '已接受评审邀请'));
  serve(app, expertPushCalls.decline, async (request) => ok(await tasks.decline(request.body.assignmentId, request.body.reason, request.body.note, changeOf(request)), '已拒绝评审邀请'));
  serve(app, expertPushCalls.declareConflict, async (request) => ok(await tasks.declareConflict(request.body.assignmentId, request.body.note, changeOf(request)), '已声明回避'));
}
