import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../../core/envelope';
import { zDateTime, zId } from '@dandelion/shared';
import { changeOf } from '../../../core/audit';
import type { IconRow, IconService } from './service';
import { MAX_SVG_BYTES } from './svg';

const TAG = '自定义图标';
const iconSchema = z.object({ iconId: zId, iconName: z.string(), pathContent: z.string(), viewBox: z.string(), createTime: zDateTime, createBy: z.string().nullable(), lockVersion: z.number() });
const present = (r: IconRow) => ({ iconId: r.id, iconName: r.iconName, pathContent: r.pathContent, viewBox: r.viewBox, createTime: r.createTime, createBy: r.createBy, lockVersion: r.lockVersion });
const iconName = z.string({ error: '请输入图标名称' }).trim().min(1, '请输入图标名称').max(64, '图标名称不能超过64个字符');
const svg = z.string({ error: '请上传 SVG 图标' }).min(1, '请上传 SVG 图标').max(MAX_SVG_BYTES, '图标文件不能超过 64 KB');

/**
 * Custom menu icons (spec §7 /rest/icon/*). They are part of menu administration, so they
 * use the function codes: list with system:func:list, add/update/delete with add/upd/del.
 */
export function registerIconRoutes(app: FastifyInstance, { icons }: { icons: IconService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/rest/icon/list', { config: { permission: 'system:func:list' }, schema: { tags: [TAG], summary: '全部自定义图标', body: z.object({}), response: { 200: envelopeOf(z.array(iconSchema)) } } }, async () =>
    ok((await icons.list()).map(present)),
  );
  r.post(
    '/rest/icon/add',
    { config: { permission: 'system:func:add' }, schema: { tags: [TAG], summary: '上传 SVG 图标（只保留 path 的 d 数据与 viewBox；含脚本、事件属性、外部引用的文件被拒绝）', body: z.object({ iconName, svg }), response: { 200: envelopeOf(iconSchema) } } },
    async (request) => ok(present(await icons.add(request.body, changeOf(request))), '上传成功'),
  );
  r.post(
    '/rest/icon/update',
    {
      config: { permission: 'system:func:upd' },
      schema: { tags: [TAG], summary: '修改图标名称，或重新上传 SVG', body: z.object({ iconId: zId, iconName, svg: svg.nullish(), lockVersion: z.number({ error: '缺少版本号 lockVersion' }).int().min(0) }), response: { 200: envelopeOf(iconSchema) } },
    },
    async (request) => {
      const { iconId, lockVersion, ...input } = request.body;
      return ok(present(await icons.update(iconId, lockVersion, input, changeOf(request))), '修改成功');
    },
  );
  r.post(
    '/rest/icon/delete',
    { config: { permission: 'system:func:del' }, schema: { tags: [TAG], summary: '删除图标', body: z.object({ iconId: zId }), response: { 200: envelopeOf(z.null()) } } },
    async (request) => {
      await icons.remove(request.body.iconId, changeOf(request));
      return ok(null, '删除成功');
    },
  );
}
