import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';
import { zDateTime, zId } from '@dandelion/shared';

/**
 * Response serialisation without running zod on every answer. zod's encode of a response whitelist checks and
 * converts each value through layers of generic machinery (a context, an issue list, a codec's two checks per id
 * and time); on a console list that was 7–9 % of the server's busy time (docs/framework-overhead.md). Here each
 * response schema is turned once into plain functions that do the same for the shapes our contracts use — strip
 * unknown keys, ids to strings, times to ISO text, check every type — and give up on anything they do not
 * understand or any value that does not fit. Giving up means zod encodes the whole answer as before, so a
 * contract violation is still zod's error (a 500), and what is sent is zod's answer in every case: the compiled
 * path only ever answers what zod would have (responseEncoder.test.ts compares them over every contract).
 */

/** Thrown by a compiled encoder when the value or the schema is not one it handles: zod takes over. */
export const GIVE_UP: unique symbol = Symbol('give up');

type Encode = (value: unknown) => unknown;
export interface ZodInternals {
  def: {
    type: string;
    checks?: { _zod: { def: { check: string; format?: string } } }[];
    innerType?: $ZodType;
    element?: $ZodType;
    shape?: Record<string, $ZodType>;
    catchall?: $ZodType;
  };
  traits: Set<string>;
  values?: Set<unknown>;
  optin?: string;
}
export const internals = (schema: $ZodType) => schema._zod as unknown as ZodInternals;

export const giveUp = (): never => {
  throw GIVE_UP;
};

/** zod encodes this schema itself (a union, a lazy schema, a check we do not mirror…); a failure gives up. */
function byZod(schema: $ZodType): Encode {
  return (value) => {
    const result = z.safeEncode(schema, value);
    return result.success ? result.data : giveUp();
  };
}

export const withoutChecks = (z: ZodInternals) => !z.def.checks?.length;
export const isSafeIntCheck = (c: { _zod: { def: { check: string; format?: string } } }) => c._zod.def.check === 'number_format' && c._zod.def.format === 'safeint';

/** 0000-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z: toISOString writes the wire schema's form between them. */
const FIRST_ISO_TIME = -62_167_219_200_000;
const LAST_ISO_TIME = 253_402_300_799_999;
/**
 * A time as the wire's ISO text, or undefined when zod must decide: toISOString of a year outside 0–9999 is not
 * the ISO form the wire schema accepts (zod says so), and an invalid time (NaN) fails both comparisons.
 */
export function isoTimeOf(v: unknown): string | undefined {
  if (!(v instanceof Date)) return undefined;
  const time = v.getTime();
  return time >= FIRST_ISO_TIME && time <= LAST_ISO_TIME ? v.toISOString() : undefined;
}
const encodeDateTime: Encode = (v) => isoTimeOf(v) ?? giveUp();
const encodeId: Encode = (v) => (typeof v === 'number' && Number.isSafeInteger(v) && v > 0 ? String(v) : giveUp());

/** An object field that may be left out: a plain `.optional()` (no default inside) — zod then leaves the key out too. */
export function mayBeLeftOut(schema: $ZodType): boolean {
  const z = internals(schema);
  return z.def.type === 'optional' && !z.traits.has('$ZodExactOptional') && internals(z.def.innerType!).optin !== 'defaulted';
}

function compileNode(schema: $ZodType, seen: Map<$ZodType, Encode>): Encode {
  const known = seen.get(schema);
  if (known) return known;
  // Recursive schemas (a tree's children) meet themselves again: the entry calls what is being built.
  let built: Encode = giveUp;
  seen.set(schema, (v) => built(v));
  built = build(schema, seen);
  seen.set(schema, built);
  return built;
}

function build(schema: $ZodType, seen: Map<$ZodType, Encode>): Encode {
  const zi = internals(schema);
  const def = zi.def;
  if (def === internals(zDateTime).def) return encodeDateTime;
  if (def === internals(zId).def) return encodeId;
  switch (def.type) {
    case 'string':
      if (!withoutChecks(zi) || zi.traits.has('$ZodStringFormat')) return byZod(schema);
      return (v) => (typeof v === 'string' ? v : giveUp());
    case 'number': {
      if (zi.traits.has('$ZodNumberFormat') || !(def.checks ?? []).every(isSafeIntCheck)) return byZod(schema);
      if (def.checks?.length) return (v) => (typeof v === 'number' && Number.isSafeInteger(v) ? v : giveUp());
      return (v) => (typeof v === 'number' && Number.isFinite(v) ? v : giveUp());
    }
    case 'boolean':
      return withoutChecks(zi) ? (v) => (typeof v === 'boolean' ? v : giveUp()) : byZod(schema);
    case 'null':
      return (v) => (v === null ? null : giveUp());
    case 'date':
      return withoutChecks(zi) ? (v) => (v instanceof Date && !Number.isNaN(v.getTime()) ? v : giveUp()) : byZod(schema);
    case 'enum':
    case 'literal': {
      const values = zi.values;
      if (!values || !withoutChecks(zi)) return byZod(schema);
      return (v) => (values.has(v) ? v : giveUp());
    }
    case 'unknown':
    case 'any':
      return (v) => v;
    case 'nullable': {
      const inner = compileNode(def.innerType!, seen);
      return (v) => (v === null ? null : inner(v));
    }
    case 'optional': {
      if (zi.traits.has('$ZodExactOptional') || internals(def.innerType!).optin === 'defaulted') return byZod(schema);
      const inner = compileNode(def.innerType!, seen);
      return (v) => (v === undefined ? undefined : inner(v));
    }
    case 'default':
      // Encoding never substitutes a default: the inner schema sees the value as it is.
      return compileNode(def.innerType!, seen);
    case 'array': {
      if (!withoutChecks(zi)) return byZod(schema);
      const item = compileNode(def.element!, seen);
      return (v) => {
        if (!Array.isArray(v)) return giveUp();
        const out = new Array<unknown>(v.length);
        for (let i = 0; i < v.length; i++) out[i] = item(v[i]);
        return out;
      };
    }
    case 'object':
      return buildObject(schema, seen);
    case 'record':
      // Only the envelope's attributes, nearly always `{}`; anything in them is zod's to encode.
      return (v) => (v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype && isEmpty(v) ? {} : byZod(schema)(v));
    default:
      return byZod(schema);
  }
}

export function isEmpty(v: object): boolean {
  for (const _ in v) return false;
  return Object.getOwnPropertySymbols(v).length === 0;
}

function buildObject(schema: $ZodType, seen: Map<$ZodType, Encode>): Encode {
  const def = internals(schema).def;
  // Passthrough, strict or catch-all objects, and refined ones, stay zod's.
  if (def.catchall || !withoutChecks(internals(schema))) return byZod(schema);
  const shape = def.shape!;
  const keys = Object.keys(shape);
  const fields = keys.map((key) => ({ key, encode: compileNode(shape[key]!, seen), optional: mayBeLeftOut(shape[key]!) }));
  return (v) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return giveUp();
    const input = v as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    // zod writes the shape's keys in the shape's order and leaves the rest out: the same text once stringified.
    for (const field of fields) {
      const encoded = field.encode(input[field.key]);
      if (encoded === undefined) {
        if (!field.optional) giveUp();
        continue;
      }
      out[field.key] = encoded;
    }
    return out;
  };
}

/** The encoder of a response schema: the value zod's encode answers, or GIVE_UP thrown when zod must decide. */
export function compileResponseEncoder(schema: $ZodType): Encode {
  return compileNode(schema, new Map());
}

/** What `encode` answers for `value`, or undefined when it gave up (zod's turn). */
export function tryEncode(encode: Encode, value: unknown): { value: unknown } | undefined {
  try {
    return { value: encode(value) };
  } catch (error) {
    if (error === GIVE_UP) return undefined;
    throw error;
  }
}

export function resolveSchema(maybeSchema: unknown): $ZodType {
  if (maybeSchema instanceof $ZodType) return maybeSchema;
  const properties = (maybeSchema as { properties?: unknown } | null)?.properties;
  if (properties instanceof $ZodType) return properties;
  throw new Error(`不是 zod 响应模式：${JSON.stringify(maybeSchema)}`);
}
