import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../../core/envelope';
import { changeOf } from '../../../core/audit';
import { errors } from '../../../core/errors';
import { SIGNED_IN, type Principal } from '../../../core/permissions';
import { zId } from '@dandelion/shared';
import { registerThemeAdminRoutes, sharedThemeFields } from './adminRoutes';
import type { Actor } from '../../../core/records';
import type { ThemeService } from './service';

const TAG = '主题';
const actorOf = (p: Principal | null): Actor => ({ id: p!.userId, name: p!.username });

const propertySchema = z.object({
  uiName: z.string(),
  value: z.union([z.string(), z.boolean()]).nullable(),
  defaultValue: z.union([z.string(), z.boolean()]).nullable(),
  displayName: z.string(),
  inputType: z.enum(['switch', 'colorselect', 'imgselect', 'select', 'text']),
  valueOption: z.array(z.object({ label: z.string(), value: z.string() })).optional(),
  valueType: z.enum(['string', 'boolean', 'number']).optional(),
});

export const themeSchema = z.object({
  themeId: z.string().nullable(),
  themeName: z.string(),
  layoutUiName: z.string(),
  basicProperties: z.array(propertySchema),
  components: z.array(z.object({ uiName: z.string(), displayName: z.string(), properties: z.array(propertySchema) })),
  personal: z.boolean(),
});

const personalBody = z.object({
  layoutUiName: z.string({ error: '请选择布局' }).trim().min(1, '请选择布局').max(64),
  basicProperties: z
    .array(z.object({ uiName: z.string().trim().min(1).max(64), value: z.union([z.string().max(256), z.boolean()]).nullable() }), { error: '主题属性格式不正确' })
    .max(64, '主题属性过多'),
});

const partialShared = Object.fromEntries(Object.entries(sharedThemeFields).map(([k, v]) => [k, v.optional()])) as { [K in keyof typeof sharedThemeFields]: z.ZodOptional<(typeof sharedThemeFields)[K]> };

const present = <T extends { themeId: number | null }>(t: T) => ({ ...t, themeId: t.themeId === null ? null : String(t.themeId) });

/** The console's theme for the signed-in user (spec §3 Theme); shared-theme administration is the system module's. */
export function registerThemeRoutes(app: FastifyInstance, { themes }: { themes: ThemeService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/rest/theme/get',
    {
      config: { permission: SIGNED_IN },
      schema: {
        tags: [TAG],
        summary: '无 themeId：当前用户生效的主题（个人主题，否则全局默认）；有 themeId：该共享主题（需 system:theme:detail）',
        body: z.object({ themeId: zId.optional() }),
        response: { 200: envelopeOf(themeSchema.extend(partialShared)) },
      },
    },
    async (request) => {
      const p = request.principal!;
      if (request.body.themeId === undefined) return ok(present(await themes.effective(p.userId)));
      // One path, two audiences: reading another theme is administration, so it needs the detail code.
      if (!p.isSuperAdmin && !p.permissions.has('system:theme:detail')) throw errors.forbidden();
      return ok(present(await themes.getShared(request.body.themeId)));
    },
  );

  r.post(
    '/rest/theme/personal/save',
    {
      config: { permission: SIGNED_IN },
      schema: {
        tags: [TAG],
        summary: '保存本人的个人主题（布局与基础属性），覆盖全局默认主题',
        body: personalBody,
        response: { 200: envelopeOf(themeSchema) },
      },
    },
    async (request) => ok(present(await themes.savePersonal(changeOf(request), request.body)), '主题已保存'),
  );

  r.post(
    '/rest/theme/personal/reset',
    {
      config: { permission: SIGNED_IN },
      schema: { tags: [TAG], summary: '删除本人的个人主题，恢复全局默认主题', body: z.object({}), response: { 200: envelopeOf(themeSchema) } },
    },
    async (request) => ok(present(await themes.resetPersonal(changeOf(request))), '已恢复默认主题'),
  );

  registerThemeAdminRoutes(app, { themes, themeSchema });
}
