import { defineConfig } from 'vitest/config';

/**
 * One `vitest run` covers every package. The server suite runs twice when
 * TEST_DATABASE_URL is set: once on in-memory PGlite, once on PostgreSQL.
 * Files named *.pg.test.ts need a PostgreSQL server (several instances on one
 * database, LISTEN/NOTIFY, real concurrency) and run only in the second.
 */
const serverProject = (name: string, dbKind: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: {
    name,
    root: './apps/server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: dbKind === 'postgres' ? ['test/process/**'] : ['**/*.pg.test.ts'],
    environment: 'node',
    pool: 'forks' as const,
    // One database per worker, shared by the files it runs (PGlite costs seconds to start).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { TEST_DB_KIND: dbKind },
  },
});

export default defineConfig({
  test: {
    // The machine has two cores.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'shared',
          root: './packages/shared',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: { name: 'tooling', root: '.', include: ['scripts/**/*.test.ts'], environment: 'node' },
      },
      serverProject('server', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server-pg', 'postgres')] : []),
      {
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['./src/test/setup.ts'],
        },
      },
    ],
  },
});
