/**
 * Review groups and expert assignment (评审组, 专家推送). Other features use only what this file
 * exports: the directory of groups and assignments; the area wires the routes and the two jobs.
 */
import type { FastifyInstance } from 'fastify';
import { createAssignmentContext, type AssignmentDeps } from './context';
import { createGroupService } from './groupService';
import { overdueReviewJob, reviewReminderJob } from './jobs';
import { createPushService } from './pushService';
import { registerAssignmentRoutes } from './routes';
import { createTaskService } from './taskService';

export { assignmentDirectory, type AssignmentRow, type NewAssignment, type NewReviewGroup, type ReviewGroupRow } from './directory';
export type { AssignmentDeps, ExpertPool } from './context';
export type { AssignableDeclaration, AssignableExpert } from './solver';
export { AWARD_ASSIGNMENT_OVERDUE, AWARD_ASSIGNMENT_OVERDUE_HANDLER, AWARD_ASSIGNMENT_REMINDERS, AWARD_ASSIGNMENT_REMINDERS_HANDLER } from './jobs';

/** Registers /rest/reviewGroup/* and /rest/expertPush/*; answers the scheduler's two jobs. */
export function registerAssignmentModule(app: FastifyInstance, deps: AssignmentDeps) {
  const ctx = createAssignmentContext(deps);
  registerAssignmentRoutes(app, { groups: createGroupService(deps), push: createPushService(deps, ctx), tasks: createTaskService(deps, ctx) });
  return { reminderJob: reviewReminderJob(deps, ctx), overdueJob: overdueReviewJob(deps, ctx) };
}
