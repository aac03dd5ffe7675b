import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../core/envelope';
import { errors } from '../../core/errors';
import { SIGNED_IN } from '../../core/permissions';
import { zId } from '@dandelion/shared';
import type { MenuNode } from '../system/func/service';
import type { CurrentUserService } from './currentUserService';
import { userInfoSchema } from './routes';

const TAG = '当前用户';

const menuNodeSchema: z.ZodType<MenuNode, unknown> = z.lazy(() =>
  z.object({
    id: z.string(),
    pid: z.string().nullable(),
    path: z.string().nullable(),
    url: z.string().nullable(),
    name: z.string(),
    redirect: z.string().nullable(),
    hidden: z.boolean(),
    alwaysShow: z.boolean(),
    meta: z.object({ title: z.string(), icon: z.string().nullable(), activeMenu: z.string().nullable() }),
    children: z.array(menuNodeSchema),
  }),
);

export function registerCurrentUserRoutes(app: FastifyInstance, { current }: { current: CurrentUserService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: SIGNED_IN };

  r.get(
    '/api/user/info',
    { config, schema: { tags: [TAG], summary: '当前登录用户信息', response: { 200: envelopeOf(userInfoSchema) } } },
    async (request) => ok(await current.userInfo(request.principal!)),
  );

  r.post(
    '/rest/user/getUserRoles',
    {
      config,
      schema: {
        tags: [TAG],
        summary: '按用户编号查询其角色（本人；查询他人需要 system:user:list）',
        body: z.object({ userId: zId.optional() }),
        response: { 200: envelopeOf(z.array(z.object({ roleId: zId, roleCode: z.string(), roleName: z.string(), roleType: z.string() }))) },
      },
    },
    async (request) => {
      const me = request.principal!;
      const userId = request.body.userId ?? me.userId;
      if (userId !== me.userId && !me.isSuperAdmin && !me.permissions.has('system:user:list')) throw errors.forbidden();
      return ok(await current.roles(userId));
    },
  );

  r.post(
    '/rest/index/init',
    {
      config,
      schema: {
        tags: [TAG],
        summary: '控制台初始化数据：图标、菜单、应用、首页菜单、应用字典、权限码',
        response: {
          200: envelopeOf(
            z.object({
              icons: z.array(z.object({ iconId: z.string(), name: z.string(), pathContent: z.string(), viewBox: z.string() })),
              menu: z.array(menuNodeSchema),
              apps: z.array(z.object({ appCode: z.string(), visitUrl: z.string(), path: z.string() })),
              indexMenu: z.object({ path: z.string(), component: z.string(), meta: z.object({ title: z.string() }) }),
              appDicts: z.record(z.string(), z.unknown()),
              permissions: z.array(z.string()),
            }),
          ),
        },
      },
    },
    async (request) => ok(await current.init(request.principal!)),
  );

  r.post(
    '/rest/index/permission',
    {
      config,
      schema: {
        tags: [TAG],
        summary: '权限数据：站点显示名、模板（菜单）列表、主题布局、首页模板',
        response: {
          200: envelopeOf(
            z.object({
              site: z.object({ displayName: z.string() }),
              templateList: z.array(menuNodeSchema),
              theme: z.object({ layoutUiName: z.string() }),
              indexTemplateEntity: z.object({ componentPath: z.string(), componentName: z.string() }),
            }),
          ),
        },
      },
    },
    async (request) => ok(await current.permission(request.principal!)),
  );

  r.post(
    '/rest/menu/UserMenuList',
    { config, schema: { tags: [TAG], summary: '当前用户的菜单树', response: { 200: envelopeOf(z.array(menuNodeSchema)) } } },
    async (request) => ok(await current.menuTree(request.principal!)),
  );

  r.post(
    '/rest/menu/getMenuUserTree',
    {
      config,
      schema: {
        tags: [TAG],
        summary: '当前用户的菜单树与按钮权限码',
        response: { 200: envelopeOf(z.object({ menus: z.array(menuNodeSchema), permissions: z.array(z.string()) })) },
      },
    },
    async (request) => ok({ menus: await current.menuTree(request.principal!), permissions: await current.permissionCodes(request.principal!) }),
  );
}
