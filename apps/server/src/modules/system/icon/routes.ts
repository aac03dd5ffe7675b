import type { FastifyInstance } from 'fastify';
import { iconCalls } from '@dandelion/shared/system/icon';
import { changeOf } from '../../../core/audit';
import { ok } from '../../../core/envelope';
import { serve } from '../../../core/route';
import type { IconService } from './service';

/** Custom menu icons (spec §7 /rest/icon/*), administered with the function codes. */
export function registerIconRoutes(app: FastifyInstance, icons: IconService) {
  serve(app, iconCalls.list, async () => ok(await icons.list()));
  serve(app, iconCalls.add, async (request) => ok(await icons.add(request.body, changeOf(request)), '上传成功'));
  serve(app, iconCalls.update, async (request) => {
    const { iconId, lockVersion, ...input } = request.body;
    return ok(await icons.update(iconId, lockVersion, input, changeOf(request)), '修改成功');
  });
  serve(app, iconCalls.remove, async (request) => {
    await icons.remove(request.body.iconId, changeOf(request));
    return ok(null, '删除成功');
  });
}
