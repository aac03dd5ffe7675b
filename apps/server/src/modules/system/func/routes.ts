import type { FastifyInstance } from 'fastify';
import { funcCalls } from '@dandelion/shared/system/func';
import { changeOf } from '../../../core/audit';
import { ok } from '../../../core/envelope';
import { serve } from '../../../core/route';
import type { FuncRow } from './repo';
import type { FuncAdminService, FuncTreeNode } from './service';

const present = ({ ...rest }: FuncRow) => rest;
type TreeAnswer = ReturnType<typeof present> & { children: TreeAnswer[] };
const presentTree = (nodes: FuncTreeNode[]): TreeAnswer[] => nodes.map((n) => ({ ...present(n), children: presentTree(n.children) }));

/** Functions: menus and buttons (spec §7 /rest/menu/*, /rest/button/*). UserMenuList and getMenuUserTree live with the current user. */
export function registerFuncRoutes(app: FastifyInstance, funcs: FuncAdminService) {
  serve(app, funcCalls.tree, async () => ok(presentTree(await funcs.tree())));
  serve(app, funcCalls.menuTree, async () => ok(presentTree(await funcs.menuTree())));
  serve(app, funcCalls.page, async (request) => {
    const { pageParameter, ...filter } = request.body;
    const page = await funcs.page(filter, pageParameter);
    return ok({ ...page, list: page.list.map(present) });
  });
  serve(app, funcCalls.detail, async (request) => ok(present(await funcs.get(request.body.id))));

  serve(app, funcCalls.addMenu, async (request) => ok(present(await funcs.add(request.body, changeOf(request))), '新增成功'));
  serve(app, funcCalls.editMenu, async (request) => {
    const { id, lockVersion, ...input } = request.body;
    return ok(present(await funcs.edit(id, lockVersion, input, changeOf(request))), '修改成功');
  });
  serve(app, funcCalls.addButton, async (request) => ok(present(await funcs.add({ ...request.body, funcType: 'BUTTON' }, changeOf(request))), '新增成功'));
  serve(app, funcCalls.editButton, async (request) => {
    const { id, lockVersion, ...input } = request.body;
    return ok(present(await funcs.edit(id, lockVersion, { ...input, funcType: 'BUTTON' }, changeOf(request))), '修改成功');
  });

  serve(app, funcCalls.remove, async (request) => {
    await funcs.remove([request.body.id], changeOf(request));
    return ok(null, '删除成功');
  });
  serve(app, funcCalls.removeMany, async (request) => {
    await funcs.remove(request.body.ids, changeOf(request));
    return ok(null, '删除成功');
  });
  serve(app, funcCalls.sort, async (request) => {
    await funcs.sort(request.body.pid, request.body.orderedIds, changeOf(request));
    return ok(null, '排序成功');
  });

  serve(app, funcCalls.relateApp, async (request) => {
    await funcs.relate(request.body.appId, request.body.funcIds, true, changeOf(request));
    return ok(null, '关联成功');
  });
  serve(app, funcCalls.unrelateApp, async (request) => {
    await funcs.relate(request.body.appId, request.body.funcIds, false, changeOf(request));
    return ok(null, '已取消关联');
  });

  serve(app, funcCalls.addView, async (request) => {
    await funcs.addView(request.principal!.userId, request.body.funcId);
    return ok(null);
  });
  serve(app, funcCalls.recent, async (request) => {
    const p = request.principal!;
    const rows = await funcs.recent(p.userId);
    return ok(
      rows
        .filter((r) => p.isSuperAdmin || p.permissions.has(r.func.funcCode))
        .map((r) => ({ funcId: r.func.id, funcCode: r.func.funcCode, funcName: r.func.funcName, path: r.func.path, icon: r.func.icon, viewTime: r.viewTime })),
    );
  });
}
