import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server process's malloc setting (docs/embedded-memory.md) is written in three places that cannot share a
 * constant: `npm start` (package.json), the benches' server environment (bench/lib/server.mjs, so they measure what
 * users run) and the README's multi-instance commands. Read as text, they must name the same value.
 */
const read = (file: string) => fs.readFileSync(path.resolve(import.meta.dirname, '..', file), 'utf8');
const SETTING = 'MALLOC_MMAP_THRESHOLD_';
const start = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts.start ?? '';

describe('the server process environment', () => {
  const value = new RegExp(`${SETTING}=(\\d+)`).exec(start)?.[1];

  it('is set by npm start', () => {
    expect(value).toMatch(/^\d+$/);
    expect(start).toMatch(new RegExp(`^exec env ${SETTING}=\\d+ node \\$\\{DATABASE_URL:\\+[^}]+\\} scripts/start\\.mjs$`));
  });

  it('is the one the benches start the server with', () => {
    expect(read('bench/lib/server.mjs')).toContain(`${SETTING}: '${value}'`);
  });

  it('is on every command of the README that starts the built server directly', () => {
    const commands = read('README.md').split('\n').filter((line) => line.includes('apps/server/dist/main.js') && /\bnode\b/.test(line));
    expect(commands.length).toBeGreaterThan(0);
    for (const line of commands) expect(line).toContain(`${SETTING}=${value} `);
  });
});

/**
 * Node's flags for PostgreSQL mode (a larger young generation, docs/framework-overhead.md): `npm start` adds them only
 * when DATABASE_URL is set (the shell's `${VAR:+…}`), the benches when they start a server on PostgreSQL, and the
 * README's multi-instance commands, which all run on PostgreSQL. Read as text, all three name the same flags.
 */
describe("the server's Node flags in PostgreSQL mode", () => {
  const flags = /\$\{DATABASE_URL:\+([^}]+)\}/.exec(start)?.[1] ?? '';

  it('are added by npm start when DATABASE_URL is set', () => {
    expect(flags).toMatch(/^--max-semi-space-size=\d+$/);
  });

  it('are the ones the benches start a PostgreSQL server with', () => {
    expect(read('bench/lib/server.mjs')).toContain(`POSTGRES_NODE_FLAGS = ['${flags}']`);
  });

  it('are on every command of the README that starts the built server directly', () => {
    const commands = read('README.md').split('\n').filter((line) => line.includes('apps/server/dist/main.js') && line.includes('DATABASE_URL='));
    expect(commands.length).toBeGreaterThan(0);
    for (const line of commands) expect(line).toContain(`node ${flags} apps/server/dist/main.js`);
  });
});
