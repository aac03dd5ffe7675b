import { describe, expect, it } from 'vitest';
import { isDatabaseUnreachable } from './dbErrors';

/** What the driver throws while PostgreSQL restarts: each is a 503 the client may retry, never a 500. */
describe('isDatabaseUnreachable', () => {
  const fromPool = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, stack: `Error: connect ${code}\n    at /srv/node_modules/pg-pool/index.js:45:11` });

  it('knows a refused or reset connection of the driver, wrapped or not', () => {
    expect(isDatabaseUnreachable(fromPool('ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnreachable(new Error('Failed query: insert …', { cause: fromPool('ECONNRESET') }))).toBe(true);
  });

  it('knows the server shutting down and connection exceptions by SQLSTATE', () => {
    for (const code of ['57P01', '57P02', '57P03', '08006', '08003', '53300']) expect(isDatabaseUnreachable(Object.assign(new Error('x'), { code }))).toBe(true);
  });

  it("knows node-postgres's own words for a dead connection", () => {
    expect(isDatabaseUnreachable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnreachable(new Error('timeout exceeded when trying to connect'))).toBe(true);
  });

  it('leaves other failures alone: a refused SMS gateway or a constraint is not the database being away', () => {
    expect(isDatabaseUnreachable(Object.assign(new Error('connect ECONNREFUSED 10.0.0.1:443'), { code: 'ECONNREFUSED', stack: 'at /srv/node_modules/undici/lib/fetch.js:1:1' }))).toBe(false);
    expect(isDatabaseUnreachable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnreachable(new Error('boom'))).toBe(false);
  });
});
