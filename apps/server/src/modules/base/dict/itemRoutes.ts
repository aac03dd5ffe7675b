import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../../core/envelope';
import { sendWorkbook } from '../../../core/excel';
import { pageOf, zPageParameter } from '@dandelion/shared';
import { changeOf } from '../../../core/audit';
import { recordSchema, TAG, zDictCode, zDictName, zDictSort, zId, zLockVersion, zRemark } from './schemas';
import type { DictService } from './service';

const itemFields = { dictCode: zDictCode, dictName: zDictName, dictSort: zDictSort.optional(), remark: zRemark };
const zCategoryId = zId.optional().transform((v, ctx) => {
  if (v === undefined) {
    ctx.addIssue({ code: 'custom', message: '请先选择字典分类 parentId' });
    return z.NEVER;
  }
  return v;
});
const itemFilter = {
  parentId: zCategoryId,
  keyword: z.string().trim().max(64, '关键字不能超过64个字符').optional(),
  dictCode: z.string().trim().max(64, '字典编码不能超过64个字符').optional(),
  dictName: z.string().trim().max(128, '字典名称不能超过128个字符').optional(),
  lockFlag: z.boolean().optional(),
};

/** The values of one category (spec §7 /rest/dictItem/*), plus their export. */
export function registerItemRoutes(app: FastifyInstance, { dicts }: { dicts: DictService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/rest/dictItem/listByPage',
    {
      config: { permission: 'base:dict:list' },
      schema: {
        tags: [TAG],
        summary: '字典项分页（页面右侧）：parentId 为字典分类；keyword 同时匹配编码与名称；按 dictSort 排序',
        body: z.object({ pageParameter: zPageParameter, ...itemFilter }),
        response: { 200: envelopeOf(pageOf(recordSchema)) },
      },
    },
    async (request) => {
      const { pageParameter, parentId, ...filter } = request.body;
      return ok(await dicts.items.page(parentId, filter, pageParameter));
    },
  );

  r.post(
    '/rest/dictItem/export',
    {
      config: { permission: 'base:dict:list' },
      schema: {
        tags: [TAG],
        summary: '导出一个字典分类的字典项（按当前筛选，.xlsx，最多 10000 行）',
        body: z.object(itemFilter),
      },
    },
    async (request, reply) => {
      const { parentId, ...filter } = request.body;
      const { category, file } = await dicts.items.exportWorkbook(parentId, filter);
      return sendWorkbook(reply, `字典项_${category.dictName}`, `dict_${category.dictCode}`, file);
    },
  );

  r.post(
    '/rest/dictItem/add',
    {
      config: { permission: 'base:dict:add' },
      schema: {
        tags: [TAG],
        summary: '新增字典项：parentId 为所属字典分类（已锁定的分类也可添加字典项）；编码在分类内唯一，dictFullCode 为「分类完整编码|编码」',
        body: z.object({ parentId: zCategoryId, ...itemFields, lockFlag: z.boolean().optional() }),
        response: { 200: envelopeOf(recordSchema) },
      },
    },
    async (request) => {
      const { parentId, ...input } = request.body;
      return ok(await dicts.items.add(parentId, input, changeOf(request)), '新增成功');
    },
  );

  r.post(
    '/rest/dictItem/edit',
    {
      config: { permission: 'base:dict:upd' },
      schema: {
        tags: [TAG],
        summary: '修改字典项（带 lockVersion，过期返回 409）；已锁定返回 423',
        body: z.object({ dictId: zId, lockVersion: zLockVersion, ...itemFields }),
        response: { 200: envelopeOf(recordSchema) },
      },
    },
    async (request) => {
      const { dictId, lockVersion, ...input } = request.body;
      return ok(await dicts.items.edit(dictId, lockVersion, input, changeOf(request)), '修改成功');
    },
  );

  r.post(
    '/rest/dictItem/delete',
    {
      config: { permission: 'base:dict:del' },
      schema: {
        tags: [TAG],
        summary: '删除字典项（逻辑删除）；已锁定返回 423',
        body: z.object({ dictId: zId, lockVersion: zLockVersion.optional() }),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await dicts.items.remove(request.body.dictId, request.body.lockVersion, changeOf(request));
      return ok(null, '删除成功');
    },
  );

  r.post(
    '/rest/dictItem/deleteBatch',
    {
      config: { permission: 'base:dict:del' },
      schema: {
        tags: [TAG],
        summary: '批量删除字典项（全部成功或全部不删）：其中任何一项不存在（404）、已锁定（423）或不是字典项（400）则一项也不删',
        body: z.object({ ids: z.array(zId, { error: '请选择要删除的字典项' }).min(1, '请选择要删除的字典项').max(500, '一次最多删除 500 个字典项') }),
        response: { 200: envelopeOf(z.object({ deleted: z.number() })) },
      },
    },
    async (request) => ok({ deleted: await dicts.items.removeMany(request.body.ids, changeOf(request)) }, '删除成功'),
  );
}
