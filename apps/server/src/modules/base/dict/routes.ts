import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../../core/envelope';
import { PUBLIC, SIGNED_IN } from '../../../core/permissions';
import { changeOf } from '../../../core/audit';
import { registerItemRoutes } from './itemRoutes';
import {
  categoryNodeSchema, categoryRefSchema, optionSchema, recordSchema, TAG, treeNodeSchema, zAppCode, zAppFilter, zCategoryCode, zDictCode, zDictName, zDictSort, zId,
  zLockVersion, zParentId, zRemark,
} from './schemas';
import type { DictService } from './service';

const categoryBody = z.object({
  parentId: zParentId,
  dictCode: zDictCode,
  dictName: zDictName,
  dictSort: zDictSort.optional(),
  remark: zRemark,
  appCode: zAppCode.nullish().transform((v) => v || null),
});

/** Dictionaries (spec §7 Dictionaries: /rest/dict/*, /rest/dictItem/*, /rest/client/getclientdictlist). */
export function registerDictRoutes(app: FastifyInstance, { dicts }: { dicts: DictService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // ── reads for forms: every signed-in user, and the portal ──

  r.post(
    '/rest/dict/getdictlists',
    {
      config: { permission: SIGNED_IN },
      schema: {
        tags: [TAG],
        summary: '按字典类别批量取字典项（下拉框用，来自缓存）：答复以类别编码为键',
        body: z.object({ dictCategorys: z.array(zCategoryCode, { error: '请提供字典类别列表 dictCategorys' }).min(1, '请至少提供一个字典类别').max(50, '一次最多查询 50 个字典类别') }),
        response: { 200: envelopeOf(z.record(z.string(), z.array(optionSchema))) },
      },
    },
    async (request) => ok(await dicts.itemsByCategory([...new Set(request.body.dictCategorys)])),
  );

  r.post(
    '/rest/client/getclientdictlist',
    {
      // Registration (/enroll) and other portal forms are filled in before signing in; a dictionary
      // is a list of labels for codes, not private data. Served from the cache, limited per address.
      config: { permission: PUBLIC, rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: {
        tags: [TAG],
        summary: '门户/申报端取一个字典类别的字典项（无需登录，来自缓存，每个 IP 每分钟最多 120 次）',
        body: z.object({
          categoryCode: z.string({ error: '请提供字典类别 categoryCode' }).trim().min(1, '请提供字典类别 categoryCode').pipe(zCategoryCode),
        }),
        response: { 200: envelopeOf(z.array(optionSchema)) },
      },
    },
    async (request) => ok((await dicts.itemsByCategory([request.body.categoryCode]))[request.body.categoryCode]!),
  );

  // ── the dictionary page: categories ──

  r.post(
    '/rest/dict/dictTree',
    {
      config: { permission: 'base:dict:list' },
      schema: {
        tags: [TAG],
        summary: '字典分类树（页面左侧）：每个节点带 itemCount 与 childrens；keyword 按名称或编码过滤（保留上级），appCode 不传为全部、null 或空串为公共分类、应用编码为该应用的分类',
        body: z.object({ keyword: z.string().trim().max(64, '关键字不能超过64个字符').optional(), appCode: zAppFilter }),
        response: { 200: envelopeOf(z.array(categoryNodeSchema)) },
      },
    },
    async (request) => ok(await dicts.categories.tree({ keyword: request.body.keyword || undefined, appCode: request.body.appCode })),
  );

  r.post(
    '/rest/dict/treeList',
    {
      config: { permission: 'base:dict:list' },
      schema: {
        tags: [TAG],
        summary: '字典全树：分类及其下级分类、字典项嵌套在 childrens 中（先分类后字典项），带 label/value；dictCode 指定时只返回该分类的子树',
        body: z.object({ dictCode: zCategoryCode.optional(), appCode: zAppFilter }),
        response: { 200: envelopeOf(z.array(treeNodeSchema)) },
      },
    },
    async (request) => ok(await dicts.treeList(request.body)),
  );

  r.post(
    '/rest/dict/detail',
    {
      config: { permission: 'base:dict:detail' },
      schema: { tags: [TAG], summary: '字典分类或字典项详情（修改表单的读取）', body: z.object({ dictId: zId }), response: { 200: envelopeOf(recordSchema) } },
    },
    async (request) => ok(await dicts.categories.detail(request.body.dictId)),
  );

  r.post(
    '/rest/dict/add',
    {
      config: { permission: 'base:dict:add' },
      schema: {
        tags: [TAG],
        summary: '新增字典分类：dictCode 全局唯一（字母、数字、下划线），dictFullCode 与 dictLevel 由服务端计算；parentId 为上级分类（最多 3 级）；appCode 仅顶级分类可设，下级分类随顶级',
        body: categoryBody,
        response: { 200: envelopeOf(recordSchema) },
      },
    },
    async (request) => ok(await dicts.categories.add(request.body, changeOf(request)), '新增成功'),
  );

  r.post(
    '/rest/dict/edit',
    {
      config: { permission: 'base:dict:upd' },
      schema: {
        tags: [TAG],
        summary: '修改字典分类（带 lockVersion，过期返回 409）；已锁定的分类返回 423；改变 parentId 即移动整棵子树（完整编码与级别随之重算）',
        body: categoryBody.extend({ dictId: zId, lockVersion: zLockVersion }),
        response: { 200: envelopeOf(recordSchema) },
      },
    },
    async (request) => {
      const { dictId, lockVersion, ...input } = request.body;
      return ok(await dicts.categories.edit(dictId, lockVersion, input, changeOf(request)), '修改成功');
    },
  );

  r.post(
    '/rest/dict/delete',
    {
      config: { permission: 'base:dict:del' },
      schema: {
        tags: [TAG],
        summary: '删除字典分类（逻辑删除）；已锁定返回 423；还有下级分类或字典项时拒绝（409，说明原因），不会连带删除',
        body: z.object({ dictId: zId, lockVersion: zLockVersion.optional() }),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await dicts.categories.remove(request.body.dictId, request.body.lockVersion, changeOf(request));
      return ok(null, '删除成功');
    },
  );

  r.post(
    '/rest/dict/treeSort',
    {
      config: { permission: 'base:dict:sort' },
      schema: {
        tags: [TAG],
        summary: '同级排序：orderedIds 为 parentId（不传为顶级）下全部同类字典（全是分类或全是字典项）的新顺序，依次写入 dictSort 1、2、3…；已锁定的字典彼此间的先后不能改变（423）',
        body: z.object({
          parentId: zParentId,
          orderedIds: z.array(zId, { error: '请提供排序后的字典列表' }).min(1, '请提供排序后的字典列表').max(500, '一次最多排序500个字典'),
        }),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await dicts.categories.sort(request.body.parentId, request.body.orderedIds, changeOf(request));
      return ok(null, '排序已保存');
    },
  );

  r.post(
    '/rest/dict/lock',
    {
      config: { permission: 'base:dict:lock' },
      schema: {
        tags: [TAG],
        summary: '锁定或解锁字典分类/字典项（带 lockVersion）；锁定后不能修改、移动或删除',
        body: z.object({ dictId: zId, lockVersion: zLockVersion, lockFlag: z.boolean({ error: '请指定 lockFlag：true 锁定，false 解锁' }) }),
        response: { 200: envelopeOf(recordSchema) },
      },
    },
    async (request) => {
      const { dictId, lockVersion, lockFlag } = request.body;
      return ok(await dicts.categories.setLock(dictId, lockVersion, lockFlag, changeOf(request)), lockFlag ? '已锁定' : '已解锁');
    },
  );

  r.post(
    '/rest/dict/refresh',
    {
      config: { permission: 'base:dict:refresh' },
      schema: {
        tags: [TAG],
        summary: '刷新字典缓存：所有实例立即丢弃缓存并重新读取（任何字典修改也会自动刷新）',
        body: z.object({}),
        response: { 200: envelopeOf(z.object({ categories: z.number(), items: z.number() })) },
      },
    },
    async () => ok(await dicts.refresh(), '缓存已刷新'),
  );

  r.post(
    '/rest/dict/queryApp',
    {
      config: { permission: 'base:dict:list' },
      schema: {
        tags: [TAG],
        summary: '应用及其字典分类（页面的应用筛选）；不属于任何应用的为公共分类，不在此列',
        body: z.object({}),
        response: { 200: envelopeOf(z.array(z.object({ appCode: z.string(), appName: z.string(), status: z.string(), dicts: z.array(categoryRefSchema) }))) },
      },
    },
    async () => ok(await dicts.appsWithCategories()),
  );

  registerItemRoutes(app, { dicts });
}
