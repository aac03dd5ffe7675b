import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from './session';
import { envelope, fakeFetch, json } from './testing/fakeFetch';
import {
  ApiError,
  NETWORK_ERROR_MESSAGE,
  NO_TIMEOUT,
  deleteJson,
  getJson,
  isAbortError,
  onUnauthorized,
  postJson,
  putJson,
  withParams,
} from './http';
import { setErrorNotifier, type Notice } from './notify';

let notices: Notice[];
let restoreNotifier: () => void;

beforeEach(() => {
  notices = [];
  restoreNotifier = setErrorNotifier((notice) => notices.push(notice));
});

afterEach(() => {
  restoreNotifier();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const rejection = (promise: Promise<unknown>) => promise.then(() => expect.fail('resolved'), (e: unknown) => e);
const headersOf = (init: RequestInit) => init.headers as Record<string, string>;

describe('query parameters', () => {
  it('builds the query from an object, skipping undefined and null and repeating arrays', () => {
    expect(withParams('/api/user', { pageNum: 1, name: '张 三', empty: '', gone: undefined, nil: null, ids: ['1', '2'], on: false })).toBe(
      '/api/user?pageNum=1&name=%E5%BC%A0+%E4%B8%89&empty=&ids=1&ids=2&on=false',
    );
    expect(withParams('/api/user?x=1', { y: 2 })).toBe('/api/user?x=1&y=2');
    expect(withParams('/api/user', { gone: undefined })).toBe('/api/user');
  });

  it('GET and DELETE send params in the URL, no body, with the common headers', async () => {
    useSessionStore.getState().signIn('tok-p', {});
    const server = fakeFetch({ '/api/role': envelope('0000', [{ id: '1' }]), '/rest/dict/delete': envelope('0000', null) });
    vi.stubGlobal('fetch', server.fetch);

    await expect(getJson('/api/role', { params: { roleName: '管理', pageNum: 2, skip: undefined } })).resolves.toEqual([{ id: '1' }]);
    await expect(deleteJson('/rest/dict/delete', { params: { id: '9' } })).resolves.toBeNull();

    const [get, del] = server.calls;
    expect([get!.method, get!.url, get!.body]).toEqual(['GET', '/api/role?roleName=%E7%AE%A1%E7%90%86&pageNum=2', undefined]);
    expect([del!.method, del!.url, del!.body]).toEqual(['DELETE', '/rest/dict/delete?id=9', undefined]);
    for (const call of server.calls) {
      expect(call.headers.authorization).toBe('tok-p');
      expect(call.headers.is_ajax_request).toBe('true');
      expect(Number(call.headers.requestTime)).toBeGreaterThan(0);
    }
  });

  it('PUT sends a JSON body', async () => {
    const fetch = vi.fn(async () => envelope('0000', { id: '5' }));
    vi.stubGlobal('fetch', fetch);
    await expect(putJson('/api/service', { id: '5', name: 'x' })).resolves.toEqual({ id: '5' });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect([url, init.method, init.body]).toEqual(['/api/service', 'PUT', '{"id":"5","name":"x"}']);
    expect(headersOf(init)['content-type']).toBe('application/json');
  });
});

describe('timeouts', () => {
  const hangingFetch = () =>
    vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) =>
          init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );

  it('a POST gives up after 90 s and toasts 请求超时', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', hangingFetch());
    const pending = rejection(postJson('/rest/x', {}));
    await vi.advanceTimersByTimeAsync(89_999);
    expect(notices).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(((await pending) as ApiError).code).toBe('TIMEOUT');
    expect(notices).toEqual([{ level: 'error', message: '请求超时，请稍后重试', key: '请求超时，请稍后重试' }]);
  });

  it('NO_TIMEOUT waits past 90 s (permission binding)', async () => {
    vi.useFakeTimers();
    let answer!: (response: Response) => void;
    // Like a real fetch, it rejects when its signal aborts.
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise<Response>((resolve, reject) => {
            answer = resolve;
            init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    const call = postJson('/rest/role/bindPermission', { roleId: '1' }, { timeoutMs: NO_TIMEOUT });
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    answer(new Response(JSON.stringify({ code: '0000', success: true, msg: '操作成功', data: true })));
    await expect(call).resolves.toBe(true);
  });
});

describe('failure toasts', () => {
  it('toasts the envelope message of a refusal and still rejects with code and message', async () => {
    vi.stubGlobal('fetch', fakeFetch({ '/rest/x': envelope('DUPLICATE', null, '角色编码已存在', 400) }).fetch);
    const error = (await rejection(postJson('/rest/x', {}))) as ApiError;
    expect([error.code, error.message]).toEqual(['DUPLICATE', '角色编码已存在']);
    expect(notices).toEqual([{ level: 'error', message: '角色编码已存在', key: '角色编码已存在' }]);
  });

  it('toasts a portal refusal and a network failure', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json({ rtnCode: '9999', rtnMessage: '站点不存在', dataSet: null })));
    await rejection(postJson('/rest/cms/index', {}));
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    await rejection(getJson('/api/user'));
    expect(notices.map((n) => n.message)).toEqual(['站点不存在', NETWORK_ERROR_MESSAGE]);
  });

  it('a silent call rejects without a toast', async () => {
    vi.stubGlobal('fetch', fakeFetch({ '/callback': envelope('400', null, '用户名或密码错误', 400) }).fetch);
    const error = (await rejection(postJson('/callback?client_name=myform_client', {}, { silent: true }))) as ApiError;
    expect(error.message).toBe('用户名或密码错误');
    expect(notices).toEqual([]);
  });

  it('a cancelled call rejects with the abort reason and no toast', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise<Response>((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason))),
      ),
    );
    const controller = new AbortController();
    const pending = rejection(getJson('/api/user', { signal: controller.signal }));
    controller.abort();
    const error = await pending;
    expect(error).not.toBeInstanceOf(ApiError);
    expect(isAbortError(error)).toBe(true);
    expect(notices).toEqual([]);
  });

  it('code 401 shows 未授权，请重新登录 as a warning, ends the session and tells the shell', async () => {
    useSessionStore.getState().signIn('tok', {});
    const listener = vi.fn();
    const stop = onUnauthorized(listener);
    try {
      vi.stubGlobal('fetch', vi.fn(async () => envelope('401', null, '')));
      const error = (await rejection(getJson('/api/user'))) as ApiError;
      expect(error.code).toBe('401');
      expect(notices).toEqual([{ level: 'warning', message: '未授权，请重新登录', key: '未授权，请重新登录' }]);
      expect(useSessionStore.getState().session).toBeNull();
      expect(listener).toHaveBeenCalledTimes(1);
    } finally {
      stop();
    }
  });

  it('a silent call still warns when a 401 ends the session, but not for a refused login callback', async () => {
    useSessionStore.getState().signIn('tok', {});
    vi.stubGlobal('fetch', fakeFetch({ '/callback': envelope('401', null, '用户名或密码错误', 401), '/rest/x': envelope('401', null, '登录已过期', 401) }).fetch);
    await rejection(postJson('/callback?client_name=myform_client', {}, { silent: true }));
    expect(notices).toEqual([]);
    await rejection(postJson('/rest/x', {}, { silent: true }));
    expect(notices).toEqual([{ level: 'warning', message: '登录已过期', key: '登录已过期' }]);
  });

  it('an HTTP 401 without an envelope also ends the session and tells the shell', async () => {
    useSessionStore.getState().signIn('tok', {});
    const listener = vi.fn();
    const stop = onUnauthorized(listener);
    try {
      vi.stubGlobal('fetch', vi.fn(async () => new Response('Unauthorized', { status: 401 })));
      await rejection(postJson('/rest/x', {}));
      expect(listener).toHaveBeenCalledTimes(1);
      expect(notices.map((n) => n.message)).toEqual(['未授权，请重新登录']);
    } finally {
      stop();
    }
  });

  it('restoring a notifier hands the channel back', async () => {
    const later: Notice[] = [];
    const restore = setErrorNotifier((n) => later.push(n));
    restore();
    vi.stubGlobal('fetch', fakeFetch({}).fetch);
    await rejection(getJson('/nowhere'));
    expect(later).toEqual([]);
    expect(notices.map((n) => n.message)).toEqual(['请求的服务不存在']);
  });
});
