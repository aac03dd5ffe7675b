import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';
import { zDateTime, zId } from '@dandelion/shared';
import { envelopeOf, portalEnvelopeOf } from './envelope';
import { compileResponseWriter, responseSerializerCompiler, tryWrite } from './responseWriter';

// Every contract of packages/shared, as serve() wraps its response (core/route.ts).
const sharedSource = fileURLToPath(new URL('../../../../packages/shared/src/', import.meta.url));
const sharedModules: unknown[] = await Promise.all(
  fs
    .readdirSync(sharedSource, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => import(path.join(sharedSource, file))),
);

interface Call {
  path: string;
  method: string;
  answer?: string;
  response: z.ZodType;
}
function callsIn(value: unknown, found: Map<string, Call>, depth = 0): void {
  if (!value || typeof value !== 'object' || depth > 4 || value instanceof $ZodType) return;
  const call = value as Partial<Call>;
  if (typeof call.path === 'string' && typeof call.method === 'string') {
    if (call.response instanceof z.ZodType && call.answer !== 'raw') found.set(`${call.method} ${call.path}`, call as Call);
    return;
  }
  for (const inner of Object.values(value)) callsIn(inner, found, depth + 1);
}
const calls = new Map<string, Call>();
for (const module of sharedModules) callsIn(module, calls);
const responseOf = (call: Call) => (call.answer === 'portal' ? portalEnvelopeOf(call.response) : envelopeOf(call.response));

/** A small deterministic random source, so a failure names a sample that can be replayed. */
function randomSource(seed: number) {
  let s = seed >>> 0 || 1;
  const next = () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
  return { next, int: (n: number) => Math.floor(next() * n), pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]! };
}
type Random = ReturnType<typeof randomSource>;

const TEXTS = ['', '文章标题', 'a"b\\c', '换行\n制表\t', 'emoji 🌼', '<b>x</b>', '\u2028', '2026-01-01T00:00:00.000Z'];
const internals = (s: $ZodType) => s._zod as unknown as { def: Record<string, unknown> & { type: string }; values?: Set<unknown>; traits: Set<string> };

/** A value the schema should accept on encode (sometimes not: the writer must then give up and leave zod's error). */
function sample(schema: $ZodType, r: Random, depth: number): unknown {
  const zi = internals(schema);
  const def = zi.def;
  if (def === internals(zDateTime).def) return new Date(r.pick([0, 1_700_000_000_000, 1_800_000_123_456, -1, 253_402_300_799_999]) + r.int(1000));
  if (def === internals(zId).def) return r.pick([1, 42, 2 ** 40 + 7, Number.MAX_SAFE_INTEGER]);
  switch (def.type) {
    case 'string':
      return r.pick(TEXTS);
    case 'number': {
      const integer = zi.traits.has('$ZodNumberFormat') || (def.checks as unknown[] | undefined)?.length;
      return r.next() < 0.8 || integer ? r.int(100_000) - 50 : r.pick([0, 1.5, -2.25, 1e21, 3]);
    }
    case 'boolean':
      return r.next() < 0.5;
    case 'null':
      return null;
    case 'date':
      return new Date(1_700_000_000_000 + r.int(1e9));
    case 'enum':
    case 'literal':
      return r.pick([...(zi.values ?? [])]);
    case 'unknown':
    case 'any':
      return r.pick([1, 'x', null, { nested: [1, '二'] }, [true]]);
    case 'nullable':
      return r.next() < 0.3 ? null : sample(def.innerType as $ZodType, r, depth);
    case 'optional':
      return r.next() < 0.3 ? undefined : sample(def.innerType as $ZodType, r, depth);
    case 'default':
      return sample(def.innerType as $ZodType, r, depth);
    case 'array':
      return depth > 4 ? [] : Array.from({ length: r.int(4) }, () => sample(def.element as $ZodType, r, depth + 1));
    case 'record':
      return r.next() < 0.5 ? {} : { total: r.int(10), note: r.pick(TEXTS) };
    case 'object': {
      const shape = def.shape as Record<string, $ZodType>;
      const out: Record<string, unknown> = { notInTheWhitelist: 'secret' };
      for (const [key, field] of Object.entries(shape)) {
        const value = depth > 4 && internals(field).def.type === 'array' ? [] : sample(field, r, depth + 1);
        // An optional field either left out or present as undefined: zod treats both alike.
        if (value === undefined && r.next() < 0.5) continue;
        out[key] = value;
      }
      return out;
    }
    case 'union':
      return sample(r.pick(def.options as $ZodType[]), r, depth);
    case 'pipe':
      return sample(def.out as $ZodType, r, depth);
    case 'lazy':
      return depth > 4 ? null : sample((def.getter as () => $ZodType)(), r, depth + 1);
    default:
      return undefined;
  }
}

/** zod's answer as the serializer sent it before: the JSON text, or that it refused. */
function byZod(schema: $ZodType, data: unknown): string {
  const result = z.safeEncode(schema, data);
  return result.success ? JSON.stringify(result.data) : 'zod refused';
}
function compiled(schema: $ZodType, data: unknown): string {
  try {
    return responseSerializerCompiler({ schema, method: 'POST', url: '/x' })(data);
  } catch {
    return 'zod refused';
  }
}

const SEEDS = 12;

describe('compiled response writer', () => {
  it('finds the contracts it is checked against', () => {
    expect(calls.size).toBeGreaterThan(300);
    expect(calls.has('POST /rest/content/getContentPage')).toBe(true);
  });

  it('answers exactly what zod answers for every contract, over generated answers', () => {
    let answered = 0;
    let writtenAnswered = 0;
    for (const [name, call] of calls) {
      const schema = responseOf(call);
      const write = compileResponseWriter(schema);
      for (let seed = 1; seed <= SEEDS; seed++) {
        const r = randomSource(seed * 7919 + name.length);
        const data = { code: '200', success: true, msg: '操作成功', data: sample(call.response, r, 0), attributes: r.next() < 0.8 ? {} : { n: 1 }, rtnCode: '200', rtnMessage: '成功', dataSet: undefined as unknown };
        data.dataSet = data.data;
        const expected = byZod(schema, data);
        expect(`${name} #${seed}: ${compiled(schema, data)}`).toBe(`${name} #${seed}: ${expected}`);
        if (expected !== 'zod refused') answered++;
        // Where the writer answers by itself (without zod), it writes zod's text, and only for answers zod accepts.
        const written = tryWrite(write, data);
        if (written !== undefined) {
          expect(`${name} #${seed}: ${written}`).toBe(`${name} #${seed}: ${expected}`);
          writtenAnswered++;
        }
      }
    }
    // Most generated answers are valid ones (about 72 %: the samples include times past year 9999 and numbers
    // zod refuses), and the compiled path answers most of those itself.
    expect(answered).toBeGreaterThan(calls.size * SEEDS * 0.6);
    expect(writtenAnswered).toBeGreaterThan(answered * 0.8);
  });

  it('writes keys in the order JSON.stringify lists them, and leaves a value with its own toJSON to zod', () => {
    const schema = z.object({ b: z.string(), 10: z.number(), a: z.unknown(), 2: z.boolean(), '01': z.null() });
    const data = { a: { n: [1, undefined, '二'], skip: undefined }, b: 'x', 10: 1.5, 2: true, '01': null };
    expect(compiled(schema, data)).toBe(byZod(schema, data));
    expect(compiled(schema, data)).toBe('{"2":true,"10":1.5,"b":"x","a":{"n":[1,null,"二"]},"01":null}');
    const keyed = { ...data, a: { toJSON: (key: string) => `key ${key}` } };
    expect(tryWrite(compileResponseWriter(schema), keyed)).toBeUndefined();
    expect(compiled(schema, keyed)).toBe(byZod(schema, keyed));
    const dated = { ...data, a: new Date(0) };
    expect(tryWrite(compileResponseWriter(schema), dated)).toBe(byZod(schema, dated));
  });

  it('writes times at both ends of the ISO range and gives beyond them to zod', () => {
    const schema = z.object({ at: zDateTime, n: z.number(), list: z.array(z.number().optional()) });
    const write = compileResponseWriter(schema);
    for (const time of [-62_167_219_200_000, 0, 253_402_300_799_999]) {
      const data = { at: new Date(time), n: -0, list: [1, undefined, 1e21] };
      expect(tryWrite(write, data)).toBe(byZod(schema, data));
    }
    for (const time of [-62_167_219_200_001, 253_402_300_800_000, Number.NaN]) expect(tryWrite(write, { at: new Date(time), n: 1, list: [] })).toBeUndefined();
  });

  it('keeps the whitelist, ids as text and times as ISO text in a list page', () => {
    const item = z.object({ contentId: zId, title: z.string(), publishTime: zDateTime.nullable(), note: z.string().optional(), sort: z.number().int() });
    const schema = envelopeOf(z.object({ list: z.array(item), total: z.number().int() }));
    const data = {
      code: '200',
      success: true,
      msg: '操作成功',
      attributes: {},
      data: { list: [{ contentId: 7, title: '标题', publishTime: new Date('2026-11-27T08:00:00+08:00'), secret: 'x', sort: 3 }, { contentId: 8, title: 't', publishTime: null, note: undefined, sort: 1 }], total: 2 },
    };
    const text = compiled(schema, data);
    expect(text).toBe(byZod(schema, data));
    expect(JSON.parse(text)).toEqual({
      code: '200',
      success: true,
      msg: '操作成功',
      data: { list: [{ contentId: '7', title: '标题', publishTime: '2026-11-27T00:00:00.000Z', sort: 3 }, { contentId: '8', title: 't', publishTime: null, sort: 1 }], total: 2 },
      attributes: {},
    });
  });

  it('refuses what zod refuses, with zod’s error', () => {
    const schema = envelopeOf(z.object({ id: zId, at: zDateTime, n: z.number().int(), name: z.string().describe('名称') }));
    const good = { code: '200', success: true, msg: 'ok', attributes: {}, data: { id: 1, at: new Date(0), n: 1, name: 'a' } };
    expect(compiled(schema, good)).toBe(byZod(schema, good));
    for (const data of [{ id: 0 }, { id: 1.5 }, { id: '1' }, { at: new Date(Number.NaN) }, { at: new Date(-62_198_755_200_001) }, { at: '2026-01-01' }, { n: 1.5 }, { n: Number.NaN }, { name: 1 }, { name: undefined }]) {
      const bad = { ...good, data: { ...good.data, ...data } };
      expect(compiled(schema, bad)).toBe('zod refused');
      expect(byZod(schema, bad)).toBe('zod refused');
    }
    expect(() => responseSerializerCompiler({ schema, method: 'POST', url: '/x' })({ ...good, data: { ...good.data, id: -1 } })).toThrow(/Response doesn't match the schema/);
  });

  it('follows recursive schemas (a tree) and falls back to zod for what it does not compile', () => {
    const node: z.ZodType = z.object({ id: zId, get children() {
      return z.array(node);
    } });
    const tree = { id: 1, children: [{ id: 2, children: [{ id: 3, children: [] }] }] };
    expect(compiled(node, tree)).toBe(byZod(node, tree));
    expect(compiled(node, tree)).toBe('{"id":"1","children":[{"id":"2","children":[{"id":"3","children":[]}]}]}');
    const loose = z.object({ a: z.union([z.string(), zId]), b: z.object({ x: z.number() }).passthrough(), c: z.string().max(2) });
    const data = { a: 5, b: { x: 1, y: 2 }, c: 'ab' };
    expect(compiled(loose, data)).toBe(byZod(loose, data));
    expect(compiled(loose, { ...data, c: 'abc' })).toBe('zod refused');
  });
});
