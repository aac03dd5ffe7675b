/**
 * Objections (异议): filing in an open publicity window (/rest/objection/file, getMyObjections) and the
 * office's handling (/rest/objection/*). An objection holds its declaration from receipt until its end.
 * Evidence and the seal page are read only by the objector and the handlers.
 */
import type { FastifyInstance } from 'fastify';
import { OBJECTION_HANDLER_PERMISSIONS } from '@dandelion/shared/award/objection';
import type { ObjectionDeps } from './deps';
import { objectionReminderJob } from './reminderJob';
import { registerObjectionRoutes } from './routes';
import { createObjectionService, OBJECTION_FILE_BIZ } from './service';

export type { ObjectionDeps, ObjectionTell } from './deps';
export { AWARD_OBJECTION_REMINDERS, AWARD_OBJECTION_REMINDERS_HANDLER } from './reminderJob';
export { MY_OBJECTIONS_LINK, OBJECTION_CONSOLE_LINK } from './service';

export function registerObjectionModule(app: FastifyInstance, deps: ObjectionDeps) {
  const objections = createObjectionService(deps);
  deps.files.registerAccessRule(OBJECTION_FILE_BIZ, async (principal, bizId) => {
    if (principal.isSuperAdmin || OBJECTION_HANDLER_PERMISSIONS.some((code) => principal.permissions.has(code))) return true;
    const id = Number(bizId);
    return Number.isSafeInteger(id) && id > 0 && objections.isObjector(id, principal.userId);
  });
  registerObjectionRoutes(app, objections);
  return { reminderJob: objectionReminderJob(objections) };
}
