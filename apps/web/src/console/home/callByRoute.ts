/**
 * A shared contract's call by its route alone. The home page counts and charts with calls of seven
 * features; importing their contracts would load every schema of those features (some 25 KB gzip
 * of zod, docs/console.md "Start-up weight") for the two strings a call needs in the browser, its
 * method and path. The route is typed against the contract (`CallRoute<typeof xCalls.page>` only
 * accepts the contract's own literal method and path), so a path that drifts from the contract fails
 * to compile, and the request and answer types are still the contract's.
 */
import type { CallData, CallSpec } from '@dandelion/shared';
import { call, type CallArgs } from '../../api/call';

export type CallRoute<C extends CallSpec> = Pick<C, 'method' | 'path'>;

export function callByRoute<C extends CallSpec>(route: CallRoute<C>, ...args: CallArgs<C>): Promise<CallData<C>> {
  // `call` reads only the method and path of the contract it is given.
  return call(route as C, ...args);
}
