import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../../core/envelope';
import { SIGNED_IN } from '../../../core/permissions';
import { zId } from '@dandelion/shared';
import type { DuplicateService } from './service';

/**
 * The duplicate check of spec §3/§5. Any signed-in user may ask (forms of several modules use it);
 * it reveals only whether a value is taken, for the allowlisted fields.
 */
export function registerDuplicateRoutes(app: FastifyInstance, { duplicates }: { duplicates: DuplicateService }) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/rest/common/checkDuplicate',
    {
      config: { permission: SIGNED_IN },
      schema: {
        tags: ['通用'],
        summary: '重复校验：值已被占用时 success 为 false，message 为可展示的提示（如 用户名已存在）',
        body: z.object({
          tableName: z.string({ error: '不支持的重复校验' }).trim().max(64),
          tableKey: z.string().trim().max(64).nullish(),
          fieldName: z.string({ error: '不支持的重复校验' }).trim().max(64),
          fieldVal: z.string({ error: '请输入要校验的值' }).trim().min(1, '请输入要校验的值').max(256, '校验的值不能超过256个字符'),
          dataId: z.union([zId, z.literal(''), z.null()]).optional().transform((v) => (typeof v === 'number' ? v : null)),
        }),
        response: { 200: envelopeOf(z.object({ success: z.boolean(), message: z.string() })) },
      },
    },
    async (request) => {
      const answer = await duplicates.check(request.body);
      return ok(answer, answer.message);
    },
  );
}
