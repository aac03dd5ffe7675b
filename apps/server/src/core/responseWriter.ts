import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { zDateTime, zId } from '@dandelion/shared';
import { GIVE_UP, giveUp, internals, isEmpty, isoTimeOf, isSafeIntCheck, mayBeLeftOut, resolveSchema, withoutChecks } from './responseSchema';

/**
 * A response schema compiled into a writer of the answer's JSON text, without running zod on every answer.
 * zod's encode of a response checks and converts each value through layers of generic machinery (a context, an
 * issue list, a codec's two checks per id and time); on a console list that was 7–9 % of the server's busy time
 * (docs/framework-overhead.md). The writer does the same for the shapes our contracts use — strip unknown keys,
 * ids to strings, times to ISO text, check every type — writing the text in the same walk, and gives up on
 * anything it does not understand or any value that does not fit: zod then encodes the whole answer as before,
 * so a contract violation is still zod's error (a 500). What it writes is, character for character, the text of
 * zod's answer (responseWriter.test.ts compares them over generated answers of every contract), so the
 * interface log and the clients see the same text either way.
 */

/** The JSON text of a value, or undefined where JSON.stringify writes nothing (a field left out). */
type Write = (value: unknown) => string | undefined;

function writeNode(schema: $ZodType, seen: Map<$ZodType, Write>): Write {
  const known = seen.get(schema);
  if (known) return known;
  // Recursive schemas (a tree's children) meet themselves again: the entry calls what is being built.
  let built: Write = giveUp;
  seen.set(schema, (v) => built(v));
  built = build(schema, seen);
  seen.set(schema, built);
  return built;
}

/** zod encodes this part itself; a failure gives up (zod then encodes the whole answer). */
function byZod(schema: $ZodType): Write {
  return (value) => {
    const result = z.safeEncode(schema, value);
    return result.success ? JSON.stringify(result.data) : giveUp();
  };
}

const writeDateTime: Write = (v) => {
  const iso = isoTimeOf(v);
  // ISO text holds nothing JSON escapes.
  return iso === undefined ? giveUp() : `"${iso}"`;
};
const writeId: Write = (v) => (typeof v === 'number' && Number.isSafeInteger(v) && v > 0 ? `"${v}"` : giveUp());
/** Decimal text of a finite number: what JSON.stringify writes (the same Number-to-string). */
const writeFinite: Write = (v) => (typeof v === 'number' && Number.isFinite(v) ? `${v}` : giveUp());
const writeSafeInt: Write = (v) => (typeof v === 'number' && Number.isSafeInteger(v) ? `${v}` : giveUp());

/**
 * Any value (an `unknown` field) as JSON.stringify writes it inside its parent. Its own toJSON would be
 * called with the field's key there and with '' here: such a value (other than a Date, whose toJSON
 * ignores the key) is zod's.
 */
const writeAny: Write = (v) => {
  if (v !== null && typeof v === 'object' && typeof (v as { toJSON?: unknown }).toJSON === 'function' && (v as Date).toJSON !== Date.prototype.toJSON) {
    return giveUp();
  }
  return JSON.stringify(v);
};

function build(schema: $ZodType, seen: Map<$ZodType, Write>): Write {
  const zi = internals(schema);
  const def = zi.def;
  if (def === internals(zDateTime).def) return writeDateTime;
  if (def === internals(zId).def) return writeId;
  switch (def.type) {
    case 'string':
      if (!withoutChecks(zi) || zi.traits.has('$ZodStringFormat')) return byZod(schema);
      return (v) => (typeof v === 'string' ? JSON.stringify(v) : giveUp());
    case 'number':
      if (zi.traits.has('$ZodNumberFormat') || !(def.checks ?? []).every(isSafeIntCheck)) return byZod(schema);
      return def.checks?.length ? writeSafeInt : writeFinite;
    case 'boolean':
      return withoutChecks(zi) ? (v) => (v === true ? 'true' : v === false ? 'false' : giveUp()) : byZod(schema);
    case 'null':
      return (v) => (v === null ? 'null' : giveUp());
    case 'date':
      return withoutChecks(zi) ? (v) => (v instanceof Date && !Number.isNaN(v.getTime()) ? JSON.stringify(v) : giveUp()) : byZod(schema);
    case 'enum':
    case 'literal': {
      const values = zi.values;
      if (!values || !withoutChecks(zi)) return byZod(schema);
      return (v) => (values.has(v) ? JSON.stringify(v) : giveUp());
    }
    case 'unknown':
    case 'any':
      return writeAny;
    case 'nullable': {
      const inner = writeNode(def.innerType!, seen);
      return (v) => (v === null ? 'null' : inner(v));
    }
    case 'optional': {
      if (zi.traits.has('$ZodExactOptional') || internals(def.innerType!).optin === 'defaulted') return byZod(schema);
      const inner = writeNode(def.innerType!, seen);
      return (v) => (v === undefined ? undefined : inner(v));
    }
    case 'default':
      // Encoding never substitutes a default: the inner schema sees the value as it is.
      return writeNode(def.innerType!, seen);
    case 'array': {
      if (!withoutChecks(zi)) return byZod(schema);
      const item = writeNode(def.element!, seen);
      return (v) => {
        if (!Array.isArray(v)) return giveUp();
        let out = '[';
        for (let i = 0; i < v.length; i++) {
          if (i > 0) out += ',';
          // JSON.stringify writes null for an item that has no JSON (undefined).
          out += item(v[i]) ?? 'null';
        }
        return `${out}]`;
      };
    }
    case 'object':
      return buildObject(schema, seen);
    case 'record': {
      // Only the envelope's attributes, nearly always `{}`; anything in them is zod's to write.
      const whole = byZod(schema);
      return (v) => (v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype && isEmpty(v) ? '{}' : whole(v));
    }
    default:
      return byZod(schema);
  }
}

/** A key JavaScript lists before the others, in ascending order (an array index): JSON.stringify follows that order. */
const isIndexKey = (key: string) => /^(?:0|[1-9]\d*)$/.test(key) && Number(key) < 2 ** 32 - 1;

function buildObject(schema: $ZodType, seen: Map<$ZodType, Write>): Write {
  const def = internals(schema).def;
  // Passthrough, strict or catch-all objects, and refined ones, stay zod's.
  if (def.catchall || !withoutChecks(internals(schema))) return byZod(schema);
  const shape = def.shape!;
  const keys = Object.keys(shape);
  // zod's copy gets no key from `out.__proto__ = …`: such a shape is zod's.
  if (keys.includes('__proto__')) return byZod(schema);
  // zod's copy lists its keys as JavaScript does: index keys first, ascending, then the shape's order.
  const ordered = [...keys.filter(isIndexKey).sort((a, b) => Number(a) - Number(b)), ...keys.filter((k) => !isIndexKey(k))];
  const fields = ordered.map((key) => ({ key, name: `${JSON.stringify(key)}:`, write: writeNode(shape[key]!, seen), optional: mayBeLeftOut(shape[key]!) }));
  return (v) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return giveUp();
    const input = v as Record<string, unknown>;
    let out = '';
    for (const field of fields) {
      const text = field.write(input[field.key]);
      if (text === undefined) {
        if (!field.optional) giveUp();
        continue;
      }
      out += (out === '' ? '{' : ',') + field.name + text;
    }
    return out === '' ? '{}' : `${out}}`;
  };
}

/** The writer of a response schema: the answer's JSON text, or GIVE_UP thrown when zod must decide. */
export function compileResponseWriter(schema: $ZodType): Write {
  return writeNode(schema, new Map());
}

/** What `write` answers for `value`, or undefined when it gave up or has no text for it (zod's turn). */
export function tryWrite(write: Write, value: unknown): string | undefined {
  try {
    return write(value);
  } catch (error) {
    if (error === GIVE_UP) return undefined;
    throw error;
  }
}

/**
 * Fastify's serializer compiler: fastify-type-provider-zod's (zod encode, ResponseSerializationError on a
 * violation, JSON.stringify), with the compiled writer in front.
 */
export function responseSerializerCompiler({ schema, method, url }: { schema: unknown; method: string; url: string }) {
  const zodSchema = resolveSchema(schema);
  // Compiled on the first answer: start-up (and every test app) does not pay for routes never called.
  let write: Write | undefined;
  return (data: unknown): string => {
    write ??= compileResponseWriter(zodSchema);
    const fast = tryWrite(write, data);
    if (fast !== undefined) return fast;
    const result = z.safeEncode(zodSchema, data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
}
