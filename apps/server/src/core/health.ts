import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from './db';
import { envelopeOf, ok } from './envelope';
import { errors } from './errors';
import { PUBLIC } from './permissions';

export function registerHealthRoutes(app: FastifyInstance, { database }: { database: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const status = envelopeOf(z.object({ status: z.string() }));

  r.get(
    '/healthz',
    { config: { permission: PUBLIC }, schema: { tags: ['运维'], summary: '进程存活检查', 'x-permission': PUBLIC, response: { 200: status } }, logLevel: 'warn' },
    async () => ok({ status: 'up' }),
  );

  r.get(
    '/readyz',
    { config: { permission: PUBLIC }, schema: { tags: ['运维'], summary: '就绪检查：数据库可用', 'x-permission': PUBLIC, response: { 200: status } }, logLevel: 'warn' },
    async (request) => {
      try {
        await database.ping();
      } catch (err) {
        request.log.warn({ err }, 'database not reachable');
        throw errors.unavailable('数据库暂不可用');
      }
      return ok({ status: 'ready' });
    },
  );
}
