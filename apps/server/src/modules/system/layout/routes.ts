import { zLockVersion, zRecordStatus, zRemark, zSort } from '@dandelion/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../../core/envelope';
import { SIGNED_IN } from '../../../core/permissions';
import { pageOf, zDateTime, zId, zPageParameter } from '@dandelion/shared';
import { changeOf } from '../../../core/audit';
import type { LayoutRow, LayoutService } from './service';

const TAG = '布局';
const optText = (max: number, label: string) => z.string().trim().max(max, `${label}不能超过${max}个字符`).nullish().transform((v) => v || null);
const layoutSchema = z.object({
  layoutId: zId, layoutName: z.string(), layoutUiName: z.string(), componentPath: z.string().nullable(), thumbnail: z.string().nullable(),
  status: z.string(), sort: z.number(), remark: z.string().nullable(), createTime: zDateTime, createBy: z.string().nullable(), updateTime: zDateTime, updateBy: z.string().nullable(), lockVersion: z.number(),
});
const present = ({ id, delFlag: _d, createById: _c, updateById: _u, ...rest }: LayoutRow) => ({ layoutId: id, ...rest });
const layoutBody = z.object({
  layoutName: z.string({ error: '请输入布局名称' }).trim().min(1, '请输入布局名称').max(64, '布局名称不能超过64个字符'),
  layoutUiName: z.string({ error: '请输入布局标识' }).trim().min(1, '请输入布局标识').max(64, '布局标识不能超过64个字符').regex(/^[a-z][a-z0-9-]*$/, '布局标识只能由小写字母、数字和连字符组成，如 cms-layout'),
  componentPath: optText(256, '组件路径'),
  thumbnail: optText(512, '缩略图'),
  status: zRecordStatus.default('NORMAL'),
  sort: zSort,
  remark: zRemark,
});

/** Layouts (spec §7 /rest/layout/*). getAvailableLayouts is for anyone signed in: the theme forms need it. */
export function registerLayoutRoutes(app: FastifyInstance, { layouts }: { layouts: LayoutService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/rest/layout/query',
    { config: { permission: 'system:layout:list' }, schema: { tags: [TAG], summary: '布局分页（名称或标识模糊查询）', body: z.object({ pageParameter: zPageParameter, keyword: z.string().trim().max(64).optional(), status: zRecordStatus.optional() }), response: { 200: envelopeOf(pageOf(layoutSchema)) } } },
    async (request) => {
      const page = await layouts.page(request.body);
      return ok({ ...page, list: page.list.map(present) });
    },
  );
  r.post(
    '/rest/layout/getAvailableLayouts',
    { config: { permission: SIGNED_IN }, schema: { tags: [TAG], summary: '主题可选的布局（控制台能渲染的布局，启用的布局记录提供名称与缩略图）', body: z.object({}), response: { 200: envelopeOf(z.array(z.object({ layoutId: zId.nullable(), layoutName: z.string(), layoutUiName: z.string(), thumbnail: z.string().nullable() }))) } } },
    async () => ok(await layouts.available()),
  );
  r.post(
    '/rest/layout/get',
    { config: { permission: 'system:layout:detail' }, schema: { tags: [TAG], summary: '布局详情', body: z.object({ layoutId: zId }), response: { 200: envelopeOf(layoutSchema) } } },
    async (request) => ok(present(await layouts.get(request.body.layoutId))),
  );
  r.post(
    '/rest/layout/create',
    { config: { permission: 'system:layout:add' }, schema: { tags: [TAG], summary: '新增布局', body: layoutBody, response: { 200: envelopeOf(layoutSchema) } } },
    async (request) => ok(present(await layouts.create(request.body, changeOf(request))), '新增成功'),
  );
  r.post(
    '/rest/layout/update',
    { config: { permission: 'system:layout:upd' }, schema: { tags: [TAG], summary: '修改布局（被主题使用时不能改标识）', body: layoutBody.extend({ layoutId: zId, lockVersion: z.number({ error: '缺少版本号 lockVersion' }).int().min(0) }), response: { 200: envelopeOf(layoutSchema) } } },
    async (request) => {
      const { layoutId, lockVersion, ...input } = request.body;
      return ok(present(await layouts.update(layoutId, lockVersion, input, changeOf(request))), '修改成功');
    },
  );
  r.post(
    '/rest/layout/delete',
    { config: { permission: 'system:layout:del' }, schema: { tags: [TAG], summary: '删除布局（被主题使用时拒绝）', body: z.object({ layoutId: zId }), response: { 200: envelopeOf(z.null()) } } },
    async (request) => {
      await layouts.remove(request.body.layoutId, changeOf(request));
      return ok(null, '删除成功');
    },
  );
}
