import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../../core/envelope';
import { pageOf, zDateTime, zId, zPageParameter } from '@dandelion/shared';
import { changeOf } from '../role/routes';
import type { ThemeService } from './service';

const TAG = '主题';

export const themeBody = z.object({
  themeName: z.string({ error: '请输入主题名称' }).trim().min(1, '请输入主题名称').max(64, '主题名称不能超过64个字符'),
  layoutUiName: z.string({ error: '请选择布局' }).trim().min(1, '请选择布局').max(64),
  basicProperties: z
    .array(z.object({ uiName: z.string().trim().min(1).max(64), value: z.union([z.string().max(256), z.boolean()]).nullable() }), { error: '主题属性格式不正确' })
    .max(64, '主题属性过多'),
});
const lockVersion = z.number({ error: '缺少版本号 lockVersion' }).int().min(0);

/** A shared theme as administration sees it: the effective shape plus its record fields. */
export const sharedThemeFields = {
  isDefault: z.boolean(),
  lockVersion: z.number(),
  createTime: zDateTime,
  createBy: z.string().nullable(),
  updateTime: zDateTime,
  updateBy: z.string().nullable(),
};

/** Shared-theme administration (spec §7 /rest/theme/*: query, create, update, delete, setGlobalDefaultTheme). */
export function registerThemeAdminRoutes(app: FastifyInstance, { themes, themeSchema }: { themes: ThemeService; themeSchema: z.ZodObject }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const shared = themeSchema.extend({ themeId: zId, ...sharedThemeFields });
  const present = <T extends { themeId: number | null }>(t: T) => ({ ...t, themeId: t.themeId! });

  r.post(
    '/rest/theme/query',
    { config: { permission: 'system:theme:list' }, schema: { tags: [TAG], summary: '共享主题分页（不含个人主题；默认主题在前）', body: z.object({ pageParameter: zPageParameter, themeName: z.string().trim().max(64).optional() }), response: { 200: envelopeOf(pageOf(shared)) } } },
    async (request) => {
      const page = await themes.query(request.body);
      return ok({ ...page, list: page.list.map(present) } as never);
    },
  );
  r.post(
    '/rest/theme/create',
    { config: { permission: 'system:theme:add' }, schema: { tags: [TAG], summary: '新增共享主题', body: themeBody, response: { 200: envelopeOf(shared) } } },
    async (request) => ok(present(await themes.create(request.body, changeOf(request))) as never, '新增成功'),
  );
  r.post(
    '/rest/theme/update',
    { config: { permission: 'system:theme:upd' }, schema: { tags: [TAG], summary: '修改共享主题', body: themeBody.extend({ themeId: zId, lockVersion }), response: { 200: envelopeOf(shared) } } },
    async (request) => {
      const { themeId, lockVersion: version, ...input } = request.body;
      return ok(present(await themes.update(themeId, version, input, changeOf(request))) as never, '修改成功');
    },
  );
  r.post(
    '/rest/theme/delete',
    { config: { permission: 'system:theme:del' }, schema: { tags: [TAG], summary: '删除共享主题（全局默认主题不能删除）', body: z.object({ themeId: zId }), response: { 200: envelopeOf(z.null()) } } },
    async (request) => {
      await themes.remove(request.body.themeId, changeOf(request));
      return ok(null, '删除成功');
    },
  );
  r.post(
    '/rest/theme/setGlobalDefaultTheme',
    { config: { permission: 'system:theme:enable' }, schema: { tags: [TAG], summary: '设为全局默认主题（始终恰好一个）', body: z.object({ themeId: zId }), response: { 200: envelopeOf(shared) } } },
    async (request) => ok(present(await themes.setGlobalDefault(request.body.themeId, changeOf(request))) as never, '已设为默认主题'),
  );
}
