/**
 * Calls by contract: `call(postCalls.page, { pageParameter, postName })` sends to the path and method the
 * shared contract names, and the request and answer types are inferred from its schemas (the answer as
 * it arrives: ids and times are strings). No screen writes a path or a response interface by hand.
 */
import type { CallData, CallInput, CallSpec } from '@dandelion/shared';
import { callJson, type QueryParams, type RequestOptions } from './http';

/** Arguments after the contract: the input may be left out when every field of it is optional. */
export type CallArgs<C extends CallSpec> =
  Partial<CallInput<C>> extends CallInput<C> ? [input?: CallInput<C>, options?: RequestOptions] : [input: CallInput<C>, options?: RequestOptions];

/** `/a/:id/b` with `{ id: 7 }` → `/a/7/b`; the named values are taken out of the input. */
function fillPath(path: string, input: Record<string, unknown>): { path: string; rest: Record<string, unknown> } {
  const rest = { ...input };
  const filled = path.replace(/:([A-Za-z_]\w*)/g, (_match, name: string) => {
    const value = rest[name];
    delete rest[name];
    return encodeURIComponent(String(value ?? ''));
  });
  return { path: filled, rest };
}

export function call<C extends CallSpec>(contract: C, ...[input, options = {}]: CallArgs<C>): Promise<CallData<C>> {
  const { path, rest } = fillPath(contract.path, (input ?? {}) as Record<string, unknown>);
  if (contract.method === 'GET' || contract.method === 'DELETE') {
    return callJson<CallData<C>>(contract.method, path, undefined, { ...options, params: { ...(rest as QueryParams), ...options.params } });
  }
  return callJson<CallData<C>>(contract.method, path, rest, options);
}
