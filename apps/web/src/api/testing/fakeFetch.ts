/**
 * Test helpers of the request layer: a fake `fetch` answering by path. Kept here rather than in
 * test/renderApp.tsx so request-layer tests do not load the whole route tree. Imported only by tests.
 */

export interface FakeCall {
  method: string;
  url: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

export type FakeAnswer = Response | ((call: FakeCall) => Response | Promise<Response>);

/** A console envelope as JSON, under an HTTP status. */
export function envelope(code: string, data: unknown, msg = '操作成功', status = 200): Response {
  return json({ code, success: code === '0000', msg, data }, status);
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

/**
 * A fetch answering by address: the full URL ('/callback?client_name=x') is tried first, then the
 * path without its query. Unknown paths answer 404. `calls` records every request.
 */
export function fakeFetch(routes: Record<string, FakeAnswer>) {
  const calls: FakeCall[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
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
    const answer = routes[url] ?? routes[path];
    if (!answer) return envelope('404', null, '请求的服务不存在', 404);
    // A Response body can be read once; clone so a route may answer several calls.
    return typeof answer === 'function' ? answer(call) : answer.clone();
  };
  return { fetch, calls };
}
