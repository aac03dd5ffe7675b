import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Database } from './db';
import { errors } from './errors';
import { PUBLIC } from './permissions';

/** The loopback addresses a backup may be asked from: the script runs on the server's own host. */
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * `npm run backup` against a running server on the embedded database: only this process may open
 * the data directory, so the script asks it for a snapshot. The call is not a product call (it is
 * not in the API document): it answers only on a loopback socket and only with the token the server
 * wrote to DATA_DIR/backup.token (mode 0600) at start, so whoever may read the data directory, and
 * nobody else, may copy it.
 */
export function registerBackupRoute(app: FastifyInstance, { database, token }: { database: Database; token: string }) {
  app.post(
    '/internal/backup',
    { config: { permission: PUBLIC }, schema: { hide: true }, logLevel: 'info' },
    async (request, reply) => {
      const remote = request.socket.remoteAddress ?? '';
      const given = request.headers['x-backup-token'];
      if (!LOOPBACK.has(remote) || typeof given !== 'string' || !sameToken(given, token)) throw errors.forbidden('无权执行备份');
      if (!database.snapshot) throw errors.conflict('使用 PostgreSQL 时请用 pg_dump 备份数据库（见 docs/backup.md）');
      const tarball = Buffer.from(await (await database.snapshot()).arrayBuffer());
      request.log.info({ bytes: tarball.length }, '已生成数据库快照');
      return reply.type('application/gzip').header('cache-control', 'no-store').send(tarball);
    },
  );
}
