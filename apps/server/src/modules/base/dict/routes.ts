import type { FastifyInstance } from 'fastify';
import { dictCalls as calls } from '@dandelion/shared/base/dict';
import { changeOf } from '../../../core/audit';
import { ok } from '../../../core/envelope';
import { sendWorkbook } from '../../../core/excel';
import { serve } from '../../../core/route';
import type { Dictionaries } from './service';

/** Dictionaries (spec §7 Dictionaries: /rest/dict/*, /rest/dictItem/*, /rest/client/getclientdictlist). */
export function registerDictRoutes(app: FastifyInstance, dicts: Dictionaries) {
  const { categories, items } = dicts;

  // Reads for forms: every signed-in user, and the portal (served from the cache, limited per address).
  serve(app, calls.lists, async (request) => ok(await dicts.itemsByCategory([...new Set(request.body.dictCategorys)])));
  serve(app, calls.clientList, async (request) => ok((await dicts.itemsByCategory([request.body.categoryCode]))[request.body.categoryCode]!), {
    config: { rateLimit: { max: 120, timeWindow: 60_000 } },
  });

  // The dictionary page: categories on the left.
  serve(app, calls.categoryTree, async (request) => ok(await categories.tree({ keyword: request.body.keyword || undefined, appCode: request.body.appCode })));
  serve(app, calls.treeList, async (request) => ok(await dicts.treeList(request.body)));
  serve(app, calls.detail, async (request) => ok(await categories.detail(request.body.dictId)));
  serve(app, calls.addCategory, async (request) => ok(await categories.add(request.body, changeOf(request)), '新增成功'));
  serve(app, calls.editCategory, async (request) => {
    const { dictId, lockVersion, ...input } = request.body;
    return ok(await categories.edit(dictId, lockVersion, input, changeOf(request)), '修改成功');
  });
  serve(app, calls.removeCategory, async (request) => {
    await categories.remove(request.body.dictId, request.body.lockVersion, changeOf(request));
    return ok(null, '删除成功');
  });
  serve(app, calls.sort, async (request) => {
    await categories.sort(request.body.parentId, request.body.orderedIds, changeOf(request));
    return ok(null, '排序已保存');
  });
  serve(app, calls.lock, async (request) => {
    const { dictId, lockVersion, lockFlag } = request.body;
    return ok(await categories.setLock(dictId, lockVersion, lockFlag, changeOf(request)), lockFlag ? '已锁定' : '已解锁');
  });
  serve(app, calls.refresh, async () => ok(await dicts.refresh(), '缓存已刷新'));
  serve(app, calls.apps, async () => ok(await dicts.appsWithCategories()));

  // The values of the selected category on the right.
  serve(app, calls.itemPage, async (request) => {
    const { pageParameter, parentId, ...filter } = request.body;
    return ok(await items.page(parentId, filter, pageParameter));
  });
  serve(app, calls.exportItems, async (request, reply) => {
    const { parentId, ...filter } = request.body;
    const { category, file } = await items.exportWorkbook(parentId, filter);
    return sendWorkbook(reply, `字典项_${category.dictName}`, `dict_${category.dictCode}`, file);
  });
  serve(app, calls.addItem, async (request) => {
    const { parentId, ...input } = request.body;
    return ok(await items.add(parentId, input, changeOf(request)), '新增成功');
  });
  serve(app, calls.editItem, async (request) => {
    const { dictId, lockVersion, ...input } = request.body;
    return ok(await items.edit(dictId, lockVersion, input, changeOf(request)), '修改成功');
  });
  serve(app, calls.removeItem, async (request) => {
    await items.remove(request.body.dictId, request.body.lockVersion, changeOf(request));
    return ok(null, '删除成功');
  });
  serve(app, calls.removeItems, async (request) => ok({ deleted: await items.removeMany(request.body.ids, changeOf(request)) }, '删除成功'));
}
