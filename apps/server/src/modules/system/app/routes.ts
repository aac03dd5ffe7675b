import type { FastifyInstance } from 'fastify';
import { appCalls } from '@dandelion/shared/system/app';
import { changeOf } from '../../../core/audit';
import { ok } from '../../../core/envelope';
import { serveRecordCalls } from '../../../core/recordRoutes';
import { serve } from '../../../core/route';
import type { AppService } from './service';

/** Applications (spec §7 /rest/app/*; the member names are ours): the record calls, and the menus an application carries. */
export function registerAppRoutes(app: FastifyInstance, apps: AppService) {
  serveRecordCalls(app, appCalls, apps);
  serve(app, appCalls.bindMenus, async (request) => ok(await apps.bindMenus(request.body.appId, request.body.funcIds, changeOf(request)), '菜单已绑定'));
}
