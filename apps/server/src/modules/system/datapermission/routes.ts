import type { FastifyInstance } from 'fastify';
import { dataPermissionCalls } from '@dandelion/shared/system/datapermission';
import { serveRecordCalls } from '../../../core/recordRoutes';
import type { DataPermissionService } from './service';

/** Data-permission rules (spec §7 /rest/datapermission/*): how far holders (roles, organisations) see org-owned data. */
export function registerDataPermissionRoutes(app: FastifyInstance, rules: DataPermissionService) {
  serveRecordCalls(app, dataPermissionCalls, rules);
}
