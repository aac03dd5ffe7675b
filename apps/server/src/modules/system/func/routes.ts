import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../../core/envelope';
import { SIGNED_IN } from '../../../core/permissions';
import { pageOf, zDateTime, zId, zPageParameter } from '@dandelion/shared';
import { changeOf } from '../../../core/audit';
import { FUNC_STATUSES, FUNC_TYPES, type FuncAdminService, type FuncInput, type FuncTreeNode } from './admin';
import type { FuncRow } from './service';

const TAG = '功能菜单';
const optText = (max: number, label: string) => z.string().trim().max(max, `${label}不能超过${max}个字符`).nullish().transform((v) => v || null);
const lockVersion = z.number({ error: '缺少版本号 lockVersion' }).int().min(0);
/** Permission codes: module:feature[:action[:end]] (spec §6). */
const CODE = /^[a-z][a-zA-Z0-9]*(:[a-zA-Z0-9]+){0,3}$/;
const BUTTON_CODE = /^[a-z][a-zA-Z0-9]*(:[a-zA-Z0-9]+){2,3}$/;

const funcFields = {
  pid: zId.nullish().transform((v) => v ?? null),
  funcCode: z.string({ error: '请输入权限标识' }).trim().min(1, '请输入权限标识').max(128, '权限标识不能超过128个字符').regex(CODE, '权限标识只能由字母数字组成，用冒号分隔，如 system:user:list'),
  funcName: z.string({ error: '请输入菜单名称' }).trim().min(1, '请输入菜单名称').max(64, '菜单名称不能超过64个字符'),
  path: optText(256, '路由地址'),
  url: optText(256, '组件路径'),
  redirect: optText(256, '重定向地址'),
  hidden: z.boolean().optional(),
  alwaysShow: z.boolean().optional(),
  icon: optText(128, '图标'),
  activeMenu: optText(256, '高亮菜单'),
  sort: z.number({ error: '排序必须是整数' }).int('排序必须是整数').min(0, '排序不能小于0').max(99999, '排序不能大于99999').optional(),
  status: z.enum(FUNC_STATUSES, { error: '状态只能是 NORMAL 或 DISABLED' }).optional(),
};
const menuBody = z.object({ ...funcFields, funcType: z.enum(FUNC_TYPES, { error: '菜单类型只能是 DIR、MENU 或 BUTTON' }) });
const buttonBody = z.object({
  pid: zId,
  funcCode: funcFields.funcCode.regex(BUTTON_CODE, '按钮权限标识必须形如 模块:功能:操作'),
  funcName: z.string({ error: '请输入按钮名称' }).trim().min(1, '请输入按钮名称').max(64, '按钮名称不能超过64个字符'),
  sort: funcFields.sort,
  status: funcFields.status,
});

const funcSchema = z.object({
  id: zId,
  pid: zId.nullable(),
  funcCode: z.string(),
  funcName: z.string(),
  funcType: z.string(),
  path: z.string().nullable(),
  url: z.string().nullable(),
  redirect: z.string().nullable(),
  hidden: z.boolean(),
  alwaysShow: z.boolean(),
  icon: z.string().nullable(),
  activeMenu: z.string().nullable(),
  sort: z.number(),
  status: z.string(),
  createTime: zDateTime,
  createBy: z.string().nullable(),
  updateTime: zDateTime,
  updateBy: z.string().nullable(),
  lockVersion: z.number(),
});
type FuncOut = z.input<typeof funcSchema> & { children: FuncOut[] };
const treeSchema: z.ZodType<FuncOut, unknown> = z.lazy(() => funcSchema.extend({ children: z.array(treeSchema) })) as never;

const present = (r: FuncRow) => {
  const { delFlag: _d, createById: _c, updateById: _u, ...rest } = r;
  return rest;
};
const presentTree = (nodes: FuncTreeNode[]): never => nodes.map((n) => ({ ...present(n), children: presentTree(n.children) })) as never;

/** Functions: menus and buttons (spec §7 /rest/menu/*, /rest/button/*). UserMenuList and getMenuUserTree live with the current user. */
export function registerFuncRoutes(app: FastifyInstance, { funcs }: { funcs: FuncAdminService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Every route here has the same shape: schema in, permission, one service call, envelope out.
  const route = <B extends z.ZodType, D extends z.ZodType>(url: string, permission: string, summary: string, body: B, data: D, handler: (body: z.output<B>, request: FastifyRequest) => Promise<unknown>) =>
    r.post(url, { config: { permission }, schema: { tags: [TAG], summary, body, response: { 200: envelopeOf(data) } } }, (async (request: FastifyRequest) => handler(request.body as z.output<B>, request)) as never);

  route('/rest/menu/getMenuTree', 'system:func:list', '全部功能树（目录、菜单、按钮，含停用）', z.object({}), z.array(treeSchema), async () => ok(presentTree(await funcs.tree())));
  route('/rest/menu/getAllMenuTree', 'system:func:list', '目录与菜单树（不含按钮，供选择上级菜单）', z.object({}), z.array(treeSchema), async () => ok(presentTree(await funcs.menuTree())));
  route(
    '/rest/menu/getAllMenuListByPage', 'system:func:list', '功能分页（按名称、标识、类型筛选）',
    z.object({ pageParameter: zPageParameter, funcName: z.string().trim().max(64).optional(), funcCode: z.string().trim().max(128).optional(), funcType: z.enum(FUNC_TYPES).optional() }),
    pageOf(funcSchema),
    async (body) => {
      const page = await funcs.page(body);
      return ok({ ...page, list: page.list.map(present) });
    },
  );
  route('/rest/menu/detail', 'system:func:detail', '功能详情', z.object({ id: zId }), funcSchema, async (body) => ok(present(await funcs.get(body.id))));
  route('/rest/menu/addMenu', 'system:func:add', '新增目录、菜单或按钮', menuBody, funcSchema, async (body, req) => ok(present(await funcs.add(body as FuncInput, changeOf(req))), '新增成功'));
  route('/rest/menu/editMenu', 'system:func:upd', '修改功能（可改上级，不可形成环）', menuBody.extend({ id: zId, lockVersion }), funcSchema, async (body, req) => {
    const { id, lockVersion: version, ...input } = body;
    return ok(present(await funcs.edit(id, version, input as FuncInput, changeOf(req))), '修改成功');
  });
  route('/rest/menu/delete', 'system:func:del', '删除功能（有下级时拒绝；同时解除角色、机构、应用的绑定）', z.object({ id: zId }), z.null(), async (body, req) => {
    await funcs.remove([body.id], changeOf(req));
    return ok(null, '删除成功');
  });
  route('/rest/menu/deleteBatch', 'system:func:del', '批量删除功能（所选之外还有下级时拒绝）', z.object({ ids: z.array(zId).min(1, '请选择要删除的菜单').max(500) }), z.null(), async (body, req) => {
    await funcs.remove(body.ids, changeOf(req));
    return ok(null, '删除成功');
  });
  route('/rest/menu/menuSort', 'system:func:sort', '同一上级下的排序（orderedIds 为全部下级的新顺序）', z.object({ pid: zId.nullish().transform((v) => v ?? null), orderedIds: z.array(zId).min(1).max(1000) }), z.null(), async (body, req) => {
    await funcs.sort(body.pid, body.orderedIds, changeOf(req));
    return ok(null, '排序成功');
  });
  const relBody = z.object({ appId: zId, funcIds: z.array(zId).min(1, '请选择菜单').max(1000) });
  route('/rest/menu/addMenuRel', 'system:func:upd', '把菜单关联到应用', relBody, z.null(), async (body, req) => {
    await funcs.relate(body.appId, body.funcIds, true, changeOf(req));
    return ok(null, '关联成功');
  });
  route('/rest/menu/delMenuRel', 'system:func:upd', '解除菜单与应用的关联', relBody, z.null(), async (body, req) => {
    await funcs.relate(body.appId, body.funcIds, false, changeOf(req));
    return ok(null, '已取消关联');
  });
  route('/rest/menu/addMenuView', SIGNED_IN, '记录本人打开了某菜单（每人保留最近 16 条）', z.object({ funcId: zId }), z.null(), async (body, req) => {
    await funcs.addView(req.principal!.userId, body.funcId);
    return ok(null);
  });
  route(
    '/rest/menu/UserNearMenuList', SIGNED_IN, '本人最近打开的菜单（最新在前，至多 16 条，仅限仍有权限的）', z.object({}),
    z.array(z.object({ funcId: zId, funcCode: z.string(), funcName: z.string(), path: z.string().nullable(), icon: z.string().nullable(), viewTime: zDateTime })),
    async (_body, req) => {
      const p = req.principal!;
      const rows = await funcs.recent(p.userId);
      return ok(
        rows
          .filter((r) => p.isSuperAdmin || p.permissions.has(r.func.funcCode))
          .map((r) => ({ funcId: r.func.id, funcCode: r.func.funcCode, funcName: r.func.funcName, path: r.func.path, icon: r.func.icon, viewTime: r.viewTime })),
      );
    },
  );
  route('/rest/button/add', 'system:func:add', '新增按钮（上级必须是菜单）', buttonBody, funcSchema, async (body, req) =>
    ok(present(await funcs.add({ ...body, funcType: 'BUTTON' }, changeOf(req))), '新增成功'),
  );
  route('/rest/button/edit', 'system:func:upd', '修改按钮', buttonBody.extend({ id: zId, lockVersion }), funcSchema, async (body, req) => {
    const { id, lockVersion: version, ...input } = body;
    return ok(present(await funcs.edit(id, version, { ...input, funcType: 'BUTTON' }, changeOf(req))), '修改成功');
  });
}
