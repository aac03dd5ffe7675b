import { createMemoryRouter } from 'react-router';
import { routes } from '../app/routes';
import { fakeFetch, json, type FakeAnswer, type FakeCall } from '../api/testing/fakeFetch';
import { renderRouter } from './widgetKit';

/** Renders the real route tree and providers at `path`, in memory. */
export function renderApp(path: string) {
  return renderRouter(createMemoryRouter(routes, { initialEntries: [path] }));
}

/** A fetch that answers every call with `body` as JSON (the network boundary of the app). */
export function jsonFetch(body: unknown, status = 200) {
  return async () => json(body, status);
}

/** What a fake route answers: a JSON body and an HTTP status (200 unless given). */
export interface FakeReply {
  status?: number;
  body: unknown;
}

export type { FakeCall };

type FakeRoute = FakeReply | ((call: FakeCall) => FakeReply);

/** A console envelope with code '0000'. */
export const ok = (data: unknown, msg = '操作成功'): FakeReply => ({ body: { code: '0000', success: true, msg, data } });

/** A refused call: the console envelope with code, message and attributes, under an HTTP status. */
export const refuse = (status: number, msg: string, attributes?: Record<string, unknown>, code = String(status)): FakeReply => ({
  status,
  body: { code, success: false, msg, data: null, ...(attributes ? { attributes } : {}) },
});

/**
 * A fake `fetch` answering by address with JSON replies (fakeFetch of the request layer's tests,
 * which it builds on): the full URL is tried first, then the path without its query; unknown paths
 * answer 404. `calls` records every request, `callsTo` those to one path.
 */
export function fakeServer(routes: Record<string, FakeRoute>) {
  const answers: Record<string, FakeAnswer> = Object.fromEntries(
    Object.entries(routes).map(([address, route]) => [
      address,
      (call: FakeCall) => {
        const reply = typeof route === 'function' ? route(call) : route;
        return json(reply.body, reply.status ?? 200);
      },
    ]),
  );
  const { fetch, calls } = fakeFetch(answers);
  /** Calls to one path (query ignored). */
  const callsTo = (p: string) => calls.filter((c) => c.path === p);
  return { fetch, calls, callsTo };
}
