import { $ZodType } from 'zod/v4/core';

/**
 * What the response writer (responseWriter.ts) needs to know of a zod response schema: its internals as the
 * writer reads them, which checks it mirrors, when a field may be left out, and how it gives up (zod then
 * encodes the whole answer, so a contract violation is still zod's error, a 500).
 */

/** Thrown by the compiled writer when the value or the schema is not one it handles: zod takes over. */
export const GIVE_UP: unique symbol = Symbol('give up');

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

/** An object field that may be left out: a plain `.optional()` (no default inside) — zod then leaves the key out too. */
export function mayBeLeftOut(schema: $ZodType): boolean {
  const z = internals(schema);
  return z.def.type === 'optional' && !z.traits.has('$ZodExactOptional') && internals(z.def.innerType!).optin !== 'defaulted';
}

export function isEmpty(v: object): boolean {
  for (const _ in v) return false;
  return Object.getOwnPropertySymbols(v).length === 0;
}

export function resolveSchema(maybeSchema: unknown): $ZodType {
  if (maybeSchema instanceof $ZodType) return maybeSchema;
  const properties = (maybeSchema as { properties?: unknown } | null)?.properties;
  if (properties instanceof $ZodType) return properties;
  throw new Error(`不是 zod 响应模式：${JSON.stringify(maybeSchema)}`);
}
