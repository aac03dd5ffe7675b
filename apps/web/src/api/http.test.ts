import '../test/setup';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_KEY, useSessionStore } from './session';
import { jsonFetch } from '../test/renderApp';
import { ApiError, NETWORK_ERROR_MESSAGE, TIMEOUT_MESSAGE, getJson, onUnauthorized, postJson } from './http';

afterEach(() => {
  // A 401 nobody heard waits for the next listener: a test's ended session is not the next test's.
  onUnauthorized(() => undefined)();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const rejection = (promise: Promise<unknown>) => promise.then(() => expect.fail('resolved'), (e: unknown) => e as ApiError);

describe('postJson', () => {
  it('sends JSON with the spec headers and the stored token, and resolves console `data`', async () => {
    useSessionStore.getState().signIn('tok-9', { username: 'bob' });
    const fetch = vi.fn(jsonFetch({ code: '0000', success: true, msg: '操作成功', data: { id: '7' } }));
    vi.stubGlobal('fetch', fetch);

    await expect(postJson('/rest/x', { a: 1 })).resolves.toEqual({ id: '7' });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    const headers = init.headers as Record<string, string>;
    expect(url).toBe('/rest/x');
    expect(init.body).toBe('{"a":1}');
    expect(headers['content-type']).toBe('application/json');
    expect(headers.is_ajax_request).toBe('true');
    expect(Number(headers.requestTime)).toBeGreaterThan(0);
    expect(headers.authorization).toBe('tok-9');
  });

  it('resolves portal `dataSet` and sends no authorization without a session', async () => {
    const fetch = vi.fn(jsonFetch({ rtnCode: '0000', rtnMessage: '成功', dataSet: [1, 2] }));
    vi.stubGlobal('fetch', fetch);
    await expect(postJson('/rest/cms/index', {})).resolves.toEqual([1, 2]);
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>).authorization).toBeUndefined();
  });

  it('rejects other codes with the envelope code and message', async () => {
    vi.stubGlobal('fetch', vi.fn(jsonFetch({ code: '409', success: false, msg: '数据已被他人修改，请刷新后重试', data: null }, 409)));
    const error = await rejection(postJson('/rest/x', {}));
    expect(error).toBeInstanceOf(ApiError);
    expect([error.code, error.message, error.status]).toEqual(['409', '数据已被他人修改，请刷新后重试', 409]);
  });

  it('ends the session on code 401, except for login callbacks', async () => {
    vi.stubGlobal('fetch', vi.fn(jsonFetch({ code: '401', success: false, msg: '', data: null }, 401)));
    useSessionStore.getState().signIn('tok', {});
    await rejection(postJson('/callback?client_name=myform_client', {}));
    expect(localStorage.getItem(SESSION_KEY)).not.toBeNull();

    const error = await rejection(postJson('/rest/x', {}));
    expect(error.message).toBe('未授权，请重新登录');
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    expect(useSessionStore.getState().session).toBeNull();
  });

  it('turns a network failure into 网络异常，请稍后重试', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    const error = await rejection(postJson('/rest/x', {}));
    expect(error.message).toBe(NETWORK_ERROR_MESSAGE);
    expect(error.transient).toBe(true);
  });

  it('gives up after the timeout', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
      ),
    );
    const pending = rejection(postJson('/rest/x', {}));
    await vi.advanceTimersByTimeAsync(90_000);
    expect((await pending).message).toBe(TIMEOUT_MESSAGE);
  });

  it('reports a non-envelope error answer by its HTTP status', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>Bad Gateway</html>', { status: 502 })));
    const error = await rejection(postJson('/rest/x', {}));
    expect([error.code, error.message]).toEqual(['502', '系统繁忙，请稍后重试']);
  });

  it('carries the envelope attributes of a refusal', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(jsonFetch({ code: 'CAPTCHA_REQUIRED', success: false, msg: '请输入图形验证码', data: null, attributes: { captchaRequired: true } }, 400)),
    );
    const error = await rejection(postJson('/callback?client_name=myform_client', {}));
    expect([error.code, error.status, error.attributes]).toEqual(['CAPTCHA_REQUIRED', 400, { captchaRequired: true }]);
  });

  it('tells the shell once when a 401 ends a session, and not for visitors', async () => {
    vi.stubGlobal('fetch', vi.fn(jsonFetch({ code: '401', success: false, msg: '未授权，请重新登录', data: null }, 401)));
    const listener = vi.fn();
    const stop = onUnauthorized(listener);
    try {
      await rejection(postJson('/rest/x', {}));
      expect(listener).not.toHaveBeenCalled();
      useSessionStore.getState().signIn('tok', {});
      await Promise.all([rejection(postJson('/rest/x', {})), rejection(postJson('/rest/y', {}))]);
      expect(listener).toHaveBeenCalledTimes(1);
    } finally {
      stop();
    }
  });

  it('tells the first listener of a session that ended before anyone listened (the start-up calls), and only once', async () => {
    vi.stubGlobal('fetch', vi.fn(jsonFetch({ code: '401', success: false, msg: '未授权，请重新登录', data: null }, 401)));
    useSessionStore.getState().signIn('tok', {});
    await rejection(postJson('/rest/user/getUserRoles', {}, { silent: true }));
    expect(useSessionStore.getState().session).toBeNull();
    const shell = vi.fn();
    const later = vi.fn();
    const stopShell = onUnauthorized(shell);
    const stopLater = onUnauthorized(later);
    try {
      expect(shell).toHaveBeenCalledTimes(1);
      expect(later).not.toHaveBeenCalled();
      stopShell();
      onUnauthorized(shell)();
      expect(shell).toHaveBeenCalledTimes(1);
    } finally {
      stopShell();
      stopLater();
    }
  });

  it('does not tell of an unheard ending once someone has signed in again', async () => {
    vi.stubGlobal('fetch', vi.fn(jsonFetch({ code: '401', success: false, msg: '未授权，请重新登录', data: null }, 401)));
    useSessionStore.getState().signIn('tok', {});
    await rejection(postJson('/rest/user/getUserRoles', {}, { silent: true }));
    useSessionStore.getState().signIn('tok-2', {});
    const shell = vi.fn();
    onUnauthorized(shell)();
    expect(shell).not.toHaveBeenCalled();
  });
});

describe('getJson', () => {
  it('sends a GET without a body and resolves console `data`', async () => {
    useSessionStore.getState().signIn('tok-g', {});
    const fetch = vi.fn(jsonFetch({ code: '0000', success: true, msg: '', data: { username: 'bob' } }));
    vi.stubGlobal('fetch', fetch);
    await expect(getJson('/api/user/info')).resolves.toEqual({ username: 'bob' });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect([url, init.method, init.body]).toEqual(['/api/user/info', 'GET', undefined]);
    expect((init.headers as Record<string, string>).authorization).toBe('tok-g');
    expect((init.headers as Record<string, string>)['content-type']).toBeUndefined();
  });
});
