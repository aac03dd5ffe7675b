import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../../core/envelope';
import { SIGNED_IN } from '../../../core/permissions';
import { zId } from '../../../core/schemas';
import type { DictService } from './service';

const TAG = '数据字典';

const optionSchema = z.object({ dictId: zId, dictCode: z.string(), dictName: z.string(), label: z.string(), value: z.string(), dictSort: z.number() });

const categoryCode = z.string().trim().min(1, '字典类别不能为空').max(64, '字典类别编码过长').regex(/^[A-Za-z0-9_]+$/, '字典类别编码只能包含字母、数字和下划线');

/** Dictionary reads every form's selects need (spec §7 Dictionaries). */
export function registerDictRoutes(app: FastifyInstance, { dicts }: { dicts: DictService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/rest/dict/getdictlists',
    {
      config: { permission: SIGNED_IN },
      schema: {
        tags: [TAG],
        summary: '按字典类别批量取字典项（下拉框用）：答复以类别编码为键',
        body: z.object({ dictCategorys: z.array(categoryCode, { error: '请提供字典类别列表 dictCategorys' }).min(1, '请至少提供一个字典类别').max(50, '一次最多查询 50 个字典类别') }),
        response: { 200: envelopeOf(z.record(z.string(), z.array(optionSchema))) },
      },
    },
    async (request) => ok(await dicts.itemsByCategory([...new Set(request.body.dictCategorys)])),
  );
}
