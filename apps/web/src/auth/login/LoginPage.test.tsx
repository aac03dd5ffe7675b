import '../../test/setup';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { SESSION_KEY } from '../../app/session';
import { jsonFetch, renderApp } from '../../test/renderApp';

// Transform the lazily loaded page once up front, so the first test does not wait on it.
beforeAll(async () => {
  await import('./LoginPage');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

// Text queries instead of role queries: role lookup walks antd's styles and costs about a second here.
const submit = async () =>
  fireEvent.click((await screen.findByText('登录', { selector: 'button span' })).closest('button')!);

describe('/login', () => {
  it('shows the Chinese required messages of the account tab', async () => {
    renderApp('/login');
    await submit();
    expect(await screen.findByText('请输入用户名')).toBeTruthy();
    expect(await screen.findByText('请输入密码')).toBeTruthy();
  });

  it('checks the phone number with the shared mobile rule', async () => {
    const fetch = vi.fn(jsonFetch({}));
    vi.stubGlobal('fetch', fetch);
    renderApp('/login');
    fireEvent.click(await screen.findByText('手机号登录'));
    fireEvent.change(await screen.findByLabelText('手机号'), { target: { value: '2345' } });
    await submit();
    expect(await screen.findByText('您的手机号码格式不正确!')).toBeTruthy();
    expect(await screen.findByText('请输入验证码')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('signs in with an account, stores the session for 7 days and follows the redirect', async () => {
    const fetch = vi.fn(
      jsonFetch({ code: '0000', success: true, msg: '登录成功', data: { token: 'tok-1', userInfo: { username: 'alice' } } }),
    );
    vi.stubGlobal('fetch', fetch);
    const { router } = renderApp('/login?redirect=/enroll');
    fireEvent.change(await screen.findByLabelText('用户名'), { target: { value: 'alice' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'Secret#123' } });
    const before = Date.now();
    await submit();

    await waitFor(() => expect(router.state.location.pathname).toBe('/enroll'));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/callback?client_name=myform_client');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ username: 'alice', password: 'Secret#123' });
    expect((init.headers as Record<string, string>).is_ajax_request).toBe('true');

    const stored = JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null');
    expect(stored.token).toBe('tok-1');
    expect(stored.userInfo).toEqual({ username: 'alice' });
    expect(stored.expiresAt).toBeGreaterThanOrEqual(before + 604_800_000);
    expect(stored.expiresAt).toBeLessThanOrEqual(Date.now() + 604_800_000);
  });

  it('shows the envelope message when the server refuses', async () => {
    vi.stubGlobal('fetch', vi.fn(jsonFetch({ code: '401', success: false, msg: '用户名或密码错误', data: null }, 401)));
    const { router } = renderApp('/login');
    fireEvent.change(await screen.findByLabelText('用户名'), { target: { value: 'alice' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'wrong' } });
    await submit();
    expect(await screen.findByText('用户名或密码错误')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
  });
});
