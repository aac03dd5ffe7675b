import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../../core/envelope';
import { zId } from '../../../core/schemas';
import type { OrgService } from './service';

const TAG = '机构';

const nodeSchema = z.object({
  orgId: zId, orgCode: z.string(), orgName: z.string(), parentOrgId: zId.nullable(), orgType: z.string().nullable(), orgLevel: z.string().nullable(),
  orgStatus: z.string(), orgSort: z.number(), isLeaf: z.boolean(),
});

/** The organisation tree (spec §7 Organisations: /rest/organ/tree), loaded one level at a time. */
export function registerOrgRoutes(app: FastifyInstance, { orgs }: { orgs: OrgService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/rest/organ/tree',
    {
      config: { permission: 'system:org:list' },
      schema: {
        tags: [TAG],
        summary: '机构树：parentId 的直接下级（不传为根机构），isLeaf 表示没有下级',
        body: z.object({ parentId: zId.optional() }),
        response: { 200: envelopeOf(z.array(nodeSchema)) },
      },
    },
    async (request) => ok(await orgs.children(request.body.parentId ?? null)),
  );
}
