import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
// RouterProvider from 'react-router' (not 'react-router/dom'): React Router's advice for memory
// routers in tests; under Vitest 'react-router/dom' also resolves to the CommonJS build, whose
// router context differs from the ESM one the app's hooks use.
import { RouterProvider, createMemoryRouter } from 'react-router';
import { AppProviders } from '../app/providers';
import { routes } from '../app/routes';

/** Renders the real route tree and providers at `path`, in memory. */
export function renderApp(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}

/** A fetch that answers every call with `body` as JSON (the network boundary of the app). */
export function jsonFetch(body: unknown, status = 200) {
  return async () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** What a fake route answers: a JSON body and an HTTP status (200 unless given). */
export interface FakeReply {
  status?: number;
  body: unknown;
}

/** One recorded call of the fake server. */
export interface FakeCall {
  method: string;
  url: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

type FakeRoute = FakeReply | ((call: FakeCall) => FakeReply);

/** A console envelope with code '0000'. */
export const ok = (data: unknown, msg = '操作成功'): FakeReply => ({ body: { code: '0000', success: true, msg, data } });

/** A refused call: the console envelope with code, message and attributes, under an HTTP status. */
export const refuse = (status: number, msg: string, attributes?: Record<string, unknown>, code = String(status)): FakeReply => ({
  status,
  body: { code, success: false, msg, data: null, ...(attributes ? { attributes } : {}) },
});

/**
 * A fake `fetch` that answers by path: the full URL ('/callback?client_name=x') is tried first,
 * then the path without its query. Unknown paths answer 404. `calls` records every request.
 */
export function fakeServer(routes: Record<string, FakeRoute>) {
  const calls: FakeCall[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const path = url.split('?')[0]!;
    const call: FakeCall = {
      method: init.method ?? 'GET',
      url,
      path,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: (init.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    const route = routes[url] ?? routes[path];
    const reply: FakeReply = route
      ? typeof route === 'function'
        ? route(call)
        : route
      : { status: 404, body: { code: '404', success: false, msg: '请求的服务不存在', data: null } };
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  /** Calls to one path (query ignored). */
  const callsTo = (p: string) => calls.filter((c) => c.path === p);
  return { fetch, calls, callsTo };
}
