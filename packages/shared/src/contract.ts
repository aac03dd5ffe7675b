/**
 * A call's contract: the one place that says what a call is. The server registers its route from it
 * (`core/route.ts`), the console calls it (`api/call.ts`) with the request and answer types inferred,
 * and the OpenAPI document is generated from it. Paths are written out in full in each contract so
 * that `grep '/rest/postService/getPostByPage'` finds the one place a call is declared.
 */
import type { z } from 'zod';

/** A route anyone may call. */
export const PUBLIC = 'public';
/** A route any signed-in user may call (their own profile, their own messages). */
export const SIGNED_IN = 'signed-in';

/** `module:feature:action` (spec §6), e.g. `system:post:list`. */
export type PermissionCode = `${string}:${string}`;
export type Access = typeof PUBLIC | typeof SIGNED_IN | PermissionCode;

export type CallMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * How the answer is written:
 * - `console` (default): `{ code, success, msg, data }` with `data` matching `response`;
 * - `portal`: `{ rtnCode, rtnMessage, dataSet }` with `dataSet` matching `response` (public content calls);
 * - `raw`: the handler writes the reply itself (a file, an image, HTML, a redirect).
 */
export type AnswerKind = 'console' | 'portal' | 'raw';

export interface CallSpec {
  method: CallMethod;
  /** The full path as the spec names it; `:name` marks a path parameter. */
  path: string;
  /** Permission code, PUBLIC or SIGNED_IN. */
  access: Access;
  /** OpenAPI tag: the console page or portal area the call belongs to. */
  tag: string;
  /** One line on what the call does, in Chinese, for the API document. */
  summary: string;
  description?: string;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  /** Schema of `data` (console) or `dataSet` (portal); a whitelist of what may leave the server. */
  response?: z.ZodType;
  answer?: AnswerKind;
}

/** Declares a call; the literal types (path, access) are kept for the inferred request and answer types. */
export function defineCall<const C extends CallSpec>(spec: C): C {
  return spec;
}

type InputOf<S> = S extends z.ZodType ? z.input<S> : unknown;
type OutputOf<S> = S extends z.ZodType ? z.output<S> : undefined;
type Field<C, K extends string> = C extends { [P in K]: infer S } ? S : undefined;

/** What the caller sends: the body of a POST or PUT, the query of a GET or DELETE, plus path parameters. */
export type CallInput<C extends CallSpec> = InputOf<Field<C, 'body'>> & InputOf<Field<C, 'query'>> & InputOf<Field<C, 'params'>>;

/** The answer's payload as it arrives in the browser (JSON: ids and times are strings). */
export type CallData<C extends CallSpec> = Field<C, 'response'> extends z.ZodType ? z.input<Field<C, 'response'>> : unknown;

/** What the server's handler receives, after validation and decoding (ids are numbers, times Dates). */
export type ServerBody<C extends CallSpec> = OutputOf<Field<C, 'body'>>;
export type ServerQuery<C extends CallSpec> = OutputOf<Field<C, 'query'>>;
export type ServerParams<C extends CallSpec> = OutputOf<Field<C, 'params'>>;
/** What the server's handler returns as the payload (before encoding). */
export type ServerData<C extends CallSpec> = Field<C, 'response'> extends z.ZodType ? z.output<Field<C, 'response'>> : unknown;

/**
 * The permission codes of one feature, `module:feature:action`, spelled once. `main` is the
 * feature's own menu entry (the group over its pages in the function tree).
 */
export function permissionsOf<const P extends string, const A extends readonly string[]>(
  prefix: P,
  actions: A,
): { readonly main: `${P}:main` } & { readonly [K in A[number]]: `${P}:${K}` } {
  return Object.fromEntries([['main', `${prefix}:main`], ...actions.map((action) => [action, `${prefix}:${action}`])]) as {
    main: `${P}:main`;
  } & { [K in A[number]]: `${P}:${K}` };
}
