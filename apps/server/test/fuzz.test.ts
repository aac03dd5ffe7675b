import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sysUser } from '../src/db/schema';
import { createTestApp, type TestContext } from './helpers/testApp';

/**
 * Malformed input on every operation of the API document, as the administrator (who passes every
 * guard, so the input reaches validation and the handler): wrong types, missing fields, huge and
 * odd strings, deep nesting, prototype keys, broken JSON, the wrong content type. None may answer
 * 5xx, and no answer may carry a stack trace or SQL. Every operation gets the same bounded cases,
 * so a failure names the operation and the case and repeats on the next run.
 */
let ctx: TestContext;
let adminId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  const [admin] = await ctx.database.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, 'admin'));
  adminId = admin!.id;
});
afterAll(async () => {
  await ctx.app.close();
});

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
}
interface Operation {
  method: string;
  path: string;
  body?: JsonSchema;
  query: string[];
}

/** The operations of /api-docs/json with their body schema and query parameter names. */
async function operations(): Promise<Operation[]> {
  const doc = (await ctx.app.inject({ method: 'GET', url: '/api-docs/json' })).json() as {
    paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: JsonSchema }> }; parameters?: Array<{ in: string; name: string }> }>>;
  };
  const out: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (path.startsWith('/api-docs')) continue;
    for (const [method, op] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'delete', 'patch'].includes(method)) continue;
      out.push({
        method: method.toUpperCase(),
        path: path.replace(/\{(\w+)\}/g, '1'),
        body: op.requestBody?.content?.['application/json']?.schema,
        query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      });
    }
  }
  return out;
}

const HUGE = 'x'.repeat(20_000);
const deep = (levels: number): unknown => (levels === 0 ? 1 : { a: deep(levels - 1) });
/** A value of the wrong kind for a schema's type. */
function wrongFor(schema: JsonSchema | undefined): unknown {
  const type = Array.isArray(schema?.type) ? schema!.type[0] : schema?.type;
  if (type === 'string') return { not: 'a string' };
  if (type === 'number' || type === 'integer') return 'abc';
  if (type === 'boolean') return 'maybe';
  if (type === 'array') return 'not-an-array';
  return 12345;
}

/** The bounded malformed bodies for one operation: [case name, raw payload, content type]. */
function cases(op: Operation): Array<[string, string, string]> {
  const json = (value: unknown) => JSON.stringify(value);
  const props = Object.entries(op.body?.properties ?? {});
  const everyField = (make: (schema: JsonSchema) => unknown) => Object.fromEntries(props.map(([name, schema]) => [name, make(schema)]));
  return [
    ['broken JSON', '{"a":', 'application/json'],
    ['wrong content type', 'a=1&b=2', 'text/plain'],
    ['array body', '[]', 'application/json'],
    ['string body', '"text"', 'application/json'],
    ['wrong types', json(everyField(wrongFor)), 'application/json'],
    ['huge strings', json(everyField(() => HUGE)), 'application/json'],
    ['NUL strings', json(everyField(() => 'a\u0000b')), 'application/json'],
    ['lone surrogates', json(everyField(() => 'a\ud800b')).replace(/\\ud800/gi, '\\ud800'), 'application/json'],
    ['odd numbers', json(everyField(() => 1e308)), 'application/json'],
    ['negative ids', json(everyField(() => -1)), 'application/json'],
    ['deep nesting', json(everyField(() => deep(200))), 'application/json'],
    ['prototype keys', '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}', 'application/json'],
  ];
}

/** Nothing of the server's insides in an answer. */
const LEAKS = [/\bat [\w.<>]+ \(/, /node_modules/, /\bselect\b[\s\S]*\bfrom\b/i, /\binsert into\b/i, /\bupdate\b \S+ \bset\b/i, /violates .* constraint/i, /"stack"/];

describe('malformed input on every operation', () => {
  it('never answers 5xx, and never shows a stack trace or SQL', async () => {
    const ops = await operations();
    expect(ops.length).toBeGreaterThan(300);
    const failures: string[] = [];
    let sent = 0;
    for (const op of ops) {
      // A fresh session each time: some operations end the caller's own session (sign-out).
      const { token } = await ctx.app.services.sessions.issue(adminId, { ip: '127.0.0.1', loginType: 'ACCOUNT' });
      const send = async (name: string, url: string, payload?: string, contentType?: string) => {
        sent++;
        const res = await ctx.app.inject({ method: op.method as 'POST', url, payload, headers: { authorization: token, ...(contentType ? { 'content-type': contentType } : {}) } });
        const leak = LEAKS.find((pattern) => pattern.test(res.body));
        if (res.statusCode >= 500 || leak) failures.push(`${op.method} ${op.path} [${name}] → ${res.statusCode}${leak ? ` leaks ${leak}` : ''}: ${res.body.slice(0, 160)}`);
      };
      if (op.method === 'GET' || op.method === 'DELETE') {
        const names = op.query.length ? op.query : ['q'];
        for (const [name, value] of [['huge', HUGE], ['nul', '%00'], ['surrogate', '%ED%A0%80'], ['brackets', '[]'], ['number', '1e308']] as const) {
          await send(`query ${name}`, `${op.path}?${names.map((n) => `${n}=${name === 'huge' ? value.slice(0, 4000) : value}`).join('&')}`);
        }
        continue;
      }
      for (const [name, payload, type] of cases(op)) await send(name, op.path, payload, type);
    }
    expect(failures, failures.slice(0, 30).join('\n')).toEqual([]);
    expect(sent).toBeGreaterThan(3000);
    console.info(`fuzz: ${ops.length} operations, ${sent} requests`);
  }, 600_000);
});
