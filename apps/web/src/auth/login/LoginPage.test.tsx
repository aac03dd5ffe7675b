import '../../test/setup';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { SESSION_KEY } from '../../api/session';
import { RECOVERY_CODE_MESSAGE, TOTP_CODE_MESSAGE } from '@dandelion/shared/auth/twoFactor';
import { readRememberedLogin } from '../remember';
import { fakeServer, ok, refuse, renderApp } from '../../test/renderApp';

// Transform the lazily loaded page once up front, so the first test does not wait on it.
beforeAll(async () => {
  await import('./LoginPage');
  // Where a sign-in lands: the personal centre (it pulls in the image cropper) or the redirect the tests
  // ask for (/enroll), both inside the antd scope, which /login itself does not load.
  await Promise.all([
    import('../../app/AntdScope'),
    import('../../portal/layout/PortalLayout'),
    import('../../portal/center/CenterPage'),
    import('../enroll/EnrollPage'),
  ]);
}, 60_000);

afterEach(() => {
  vi.unstubAllGlobals();
});

// Text queries instead of role queries: role lookup walks antd's styles and costs about a second here.
const submit = async () =>
  fireEvent.click((await screen.findByText('登录', { selector: 'button span' })).closest('button')!);

const inspection = (over: Record<string, unknown> = {}) =>
  ok({ captchaRequired: false, locked: false, lockedForSeconds: 0, loginTypes: ['ACCOUNT', 'SMS'], extra: {}, ...over });

const user = { userId: '7', username: 'alice', realname: '爱丽丝', roles: [] };
const stored = () => JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null');

const fillAccount = async (username = 'alice', password = 'Secret#123') => {
  fireEvent.change(await screen.findByLabelText('用户名'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('密码'), { target: { value: password } });
};

describe('/login', () => {
  it('shows the Chinese required messages of the account tab', async () => {
    vi.stubGlobal('fetch', fakeServer({}).fetch);
    renderApp('/login');
    await submit();
    expect(await screen.findByText('请输入用户名')).toBeTruthy();
    expect(await screen.findByText('请输入密码')).toBeTruthy();
  });

  it('checks the phone number with the shared mobile rule before anything is sent', async () => {
    const server = fakeServer({ '/rest/inspect/inspectLoginService': inspection() });
    vi.stubGlobal('fetch', server.fetch);
    renderApp('/login');
    fireEvent.click(await screen.findByText('手机号登录'));
    fireEvent.change(await screen.findByLabelText('手机号'), { target: { value: '2345' } });
    await submit();
    expect(await screen.findByText('您的手机号码格式不正确!')).toBeTruthy();
    expect(await screen.findByText('请输入验证码')).toBeTruthy();
    expect(server.calls.map((c) => c.path)).not.toContain('/callback');
    expect(server.calls.map((c) => c.path)).not.toContain('/rest/captcha/sms');
  });

  it('shows a field\'s message when it is left after an edit, marks the input invalid, and clears it once the value is right', async () => {
    vi.stubGlobal('fetch', fakeServer({ '/rest/inspect/inspectLoginService': inspection() }).fetch);
    renderApp('/login');
    const username = await screen.findByLabelText('用户名');
    // Passing through a field says nothing.
    fireEvent.blur(username);
    expect(screen.queryByText('请输入用户名')).toBeNull();

    fireEvent.change(username, { target: { value: '  ' } });
    fireEvent.blur(username);
    expect((await screen.findByText('请输入用户名')).getAttribute('role')).toBe('alert');
    expect(username.getAttribute('aria-invalid')).toBe('true');
    expect(username.getAttribute('aria-describedby')).toBe(screen.getByText('请输入用户名').id);

    fireEvent.change(username, { target: { value: 'alice' } });
    await waitFor(() => expect(screen.queryByText('请输入用户名')).toBeNull());
    expect(username.getAttribute('aria-invalid')).toBeNull();

    fireEvent.click(screen.getByText('手机号登录'));
    const phone = await screen.findByLabelText('手机号');
    fireEvent.change(phone, { target: { value: '1380013800' } });
    fireEvent.blur(phone);
    expect(await screen.findByText('您的手机号码格式不正确!')).toBeTruthy();
    fireEvent.change(phone, { target: { value: '13800138000' } });
    await waitFor(() => expect(screen.queryByText('您的手机号码格式不正确!')).toBeNull());
  });

  it('sends a LOGIN code to a right phone number, counts down, and signs in with the phone and the code', async () => {
    const server = fakeServer({
      '/rest/inspect/inspectLoginService': inspection(),
      '/rest/captcha/sms': ok({ expiresIn: 300, resendIn: 60 }),
      '/callback?client_name=captcha_client': ok({ token: 'tok-sms', userInfo: user }, '登录成功'),
    });
    vi.stubGlobal('fetch', server.fetch);
    const { router } = renderApp('/login?redirect=/enroll');
    fireEvent.click(await screen.findByText('手机号登录'));

    // No code goes to a number that is missing.
    fireEvent.click(await screen.findByText('获取验证码'));
    expect(await screen.findByText('请输入手机号')).toBeTruthy();
    expect(server.callsTo('/rest/captcha/sms')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('手机号'), { target: { value: '13800138000' } });
    fireEvent.click(screen.getByText('获取验证码'));
    expect(await screen.findByText('验证码已发送，请注意查收')).toBeTruthy();
    const countdown = (await screen.findByText('60 秒后重新获取')).closest('button')!;
    expect(countdown.disabled).toBe(true);
    expect(server.callsTo('/rest/captcha/sms')[0]!.body).toEqual({ phone: '13800138000', purpose: 'LOGIN' });

    fireEvent.change(screen.getByLabelText('验证码'), { target: { value: '246810' } });
    fireEvent.click(screen.getByText('记住我'));
    await submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/enroll'));
    expect(server.callsTo('/callback')[0]!.body).toEqual({ phone: '13800138000', code: '246810' });
    expect(stored().token).toBe('tok-sms');
    // 记住我 keeps the tab and the number for the next visit.
    expect(readRememberedLogin()).toEqual({ tab: 'phone', name: '13800138000' });
  });

  it('shows the refusal of the SMS code request and lets the user ask again', async () => {
    const server = fakeServer({
      '/rest/inspect/inspectLoginService': inspection(),
      '/rest/captcha/sms': refuse(429, '发送过于频繁，请稍后再试'),
    });
    vi.stubGlobal('fetch', server.fetch);
    renderApp('/login');
    fireEvent.click(await screen.findByText('手机号登录'));
    fireEvent.change(await screen.findByLabelText('手机号'), { target: { value: '13800138000' } });
    fireEvent.click(screen.getByText('获取验证码'));
    expect(await screen.findByText('发送过于频繁，请稍后再试')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('获取验证码').closest('button')!.disabled).toBe(false));
  });

  it('signs in with an account, stores the session for 7 days and follows the redirect', async () => {
    const server = fakeServer({
      '/rest/inspect/inspectLoginService': inspection(),
      '/callback?client_name=myform_client': ok({ token: 'tok-1', userInfo: user }, '登录成功'),
    });
    vi.stubGlobal('fetch', server.fetch);
    const { router } = renderApp('/login?redirect=/enroll');
    await fillAccount();
    const before = Date.now();
    await submit();

    await waitFor(() => expect(router.state.location.pathname).toBe('/enroll'));
    const [login] = server.callsTo('/callback');
    expect(login!.method).toBe('POST');
    expect(login!.body).toEqual({ username: 'alice', password: 'Secret#123' });
    expect(login!.headers.is_ajax_request).toBe('true');

    expect(stored().token).toBe('tok-1');
    expect(stored().userInfo).toEqual(user);
    expect(stored().expiresAt).toBeGreaterThanOrEqual(before + 604_800_000);
    expect(stored().expiresAt).toBeLessThanOrEqual(Date.now() + 604_800_000);
  });

  it('asks for the two-factor code after a right password, remembers the device when asked, and sends its token next time', async () => {
    const server = fakeServer({
      '/rest/inspect/inspectLoginService': inspection(),
      '/callback?client_name=myform_client': ok({ twoFactorRequired: true, challenge: 'ch-1', expiresIn: 300, rememberDays: 30 }, '请输入两步验证的动态验证码'),
      '/rest/twoFactor/verifyLogin': (c) =>
        (c.body as { code?: string }).code === '123456'
          ? ok({ token: 'tok-2fa', userInfo: user, deviceToken: 'dev-1' }, '登录成功')
          : refuse(401, '动态验证码错误或已使用'),
    });
    vi.stubGlobal('fetch', server.fetch);
    const { router } = renderApp('/login?redirect=/enroll');
    await fillAccount();
    await submit();
    expect(await screen.findByTestId('two-factor-step')).toBeTruthy();
    expect(stored()).toBeNull();

    // The code is checked before it goes out: six digits.
    fireEvent.click(screen.getByText('验证并登录', { selector: 'button span' }).closest('button')!);
    expect(await screen.findByText(TOTP_CODE_MESSAGE)).toBeTruthy();
    const codeInput = screen.getByLabelText('动态验证码');
    fireEvent.change(codeInput, { target: { value: '12345a' } });
    expect(codeInput.getAttribute('aria-invalid')).toBe('true');
    expect(server.callsTo('/rest/twoFactor/verifyLogin')).toHaveLength(0);

    fireEvent.change(codeInput, { target: { value: '000000' } });
    fireEvent.click(screen.getByText('验证并登录', { selector: 'button span' }).closest('button')!);
    expect(await screen.findByText('动态验证码错误或已使用')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('动态验证码'), { target: { value: '123456' } });
    fireEvent.click(screen.getByText(/记住此设备，30 天内/));
    fireEvent.click(screen.getByText('验证并登录', { selector: 'button span' }).closest('button')!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/enroll'));
    expect(server.callsTo('/rest/twoFactor/verifyLogin')[1]!.body).toEqual({ challenge: 'ch-1', code: '123456', rememberDevice: true });
    expect(stored().token).toBe('tok-2fa');

    // The device token outlives sign-out and goes with the next sign-in of that name.
    const { loginByAccount } = await import('../../api/auth');
    await loginByAccount({ username: 'Alice', password: 'Secret#123' });
    expect(server.callsTo('/callback').at(-1)!.body).toEqual({ username: 'Alice', password: 'Secret#123', deviceToken: 'dev-1' });
  });

  it('accepts a recovery code in place of the authenticator code', async () => {
    const server = fakeServer({
      '/rest/inspect/inspectLoginService': inspection(),
      '/callback?client_name=myform_client': ok({ twoFactorRequired: true, challenge: 'ch-2', expiresIn: 300, rememberDays: 0 }),
      '/rest/twoFactor/verifyLogin': ok({ token: 'tok-rc', userInfo: user }, '登录成功'),
    });
    vi.stubGlobal('fetch', server.fetch);
    const { router } = renderApp('/login?redirect=/enroll');
    await fillAccount('bob');
    await submit();
    fireEvent.click(await screen.findByText('无法使用验证器？使用恢复码'));
    expect(screen.queryByText(/记住此设备/)).toBeNull();
    fireEvent.click(screen.getByText('验证并登录', { selector: 'button span' }).closest('button')!);
    expect(await screen.findByText(RECOVERY_CODE_MESSAGE)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('恢复码'), { target: { value: ' abcde-fghij ' } });
    fireEvent.click(screen.getByText('验证并登录', { selector: 'button span' }).closest('button')!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/enroll'));
    expect(server.callsTo('/rest/twoFactor/verifyLogin')[0]!.body).toEqual({ challenge: 'ch-2', recoveryCode: 'abcde-fghij', rememberDevice: false });
  });

  it('goes to the personal centre when no redirect was asked for', async () => {
    vi.stubGlobal(
      'fetch',
      fakeServer({ '/callback?client_name=myform_client': ok({ token: 'tok-1', userInfo: user }) }).fetch,
    );
    const { router } = renderApp('/login');
    await fillAccount();
    await submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/center'));
  });

  it('refuses a login answer without userInfo (spec §5)', async () => {
    vi.stubGlobal('fetch', fakeServer({ '/callback?client_name=myform_client': ok({ token: 'tok-1' }) }).fetch);
    const { router } = renderApp('/login');
    await fillAccount();
    await submit();
    expect(await screen.findByText('登录失败：服务未返回登录凭证，请稍后重试')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
  });

  it('shows the envelope message when the server refuses', async () => {
    vi.stubGlobal(
      'fetch',
      fakeServer({ '/callback': refuse(401, '用户名或密码错误', { captchaRequired: false }) }).fetch,
    );
    const { router } = renderApp('/login');
    await fillAccount('alice', 'wrong');
    await submit();
    expect(await screen.findByText('用户名或密码错误')).toBeTruthy();
    expect(screen.queryByLabelText('图形验证码')).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
  });

  it('shows the image captcha when a refusal says it is required, and sends it with the next attempt', async () => {
    let attempts = 0;
    let captchas = 0;
    const server = fakeServer({
      '/rest/inspect/inspectLoginService': inspection(),
      '/rest/captcha/png': () => {
        captchas += 1;
        return ok({ captchaKey: `key-${captchas}`, image: 'data:image/svg+xml;base64,PHN2Zy8+', expiresIn: 120 });
      },
      '/callback': () => {
        attempts += 1;
        return attempts === 1
          ? refuse(401, '用户名或密码错误', { captchaRequired: true })
          : ok({ token: 'tok-2', userInfo: user });
      },
    });
    vi.stubGlobal('fetch', server.fetch);
    const { router } = renderApp('/login');
    await fillAccount('alice', 'wrong');
    expect(screen.queryByLabelText('图形验证码')).toBeNull();
    await submit();

    expect(await screen.findByText('用户名或密码错误')).toBeTruthy();
    const captchaInput = await screen.findByLabelText('图形验证码');
    expect(((await screen.findByAltText('图形验证码')) as HTMLImageElement).src).toContain('data:image/svg+xml');

    // Clicking the image fetches another one.
    fireEvent.click(screen.getByTitle('看不清？换一张'));
    await waitFor(() => expect(captchas).toBe(2));

    // Without the code the form does not go out.
    await submit();
    expect(await screen.findByText('请输入图形验证码')).toBeTruthy();
    expect(attempts).toBe(1);

    fireEvent.change(captchaInput, { target: { value: 'ab12' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'Secret#123' } });
    await submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/center'));
    expect(server.callsTo('/callback')[1]!.body).toEqual({
      username: 'alice',
      password: 'Secret#123',
      captchaKey: 'key-2',
      captchaCode: 'ab12',
    });
  });

  it('asks the pre-login check when the user name is left, and shows the captcha and the lock it reports', async () => {
    const server = fakeServer({
      '/rest/inspect/inspectLoginService': (call) =>
        (call.body as { username?: string }).username === 'bob'
          ? inspection({ captchaRequired: true, locked: true, lockedForSeconds: 840 })
          : inspection(),
      '/rest/captcha/png': ok({ captchaKey: 'k', image: 'data:image/svg+xml;base64,PHN2Zy8+', expiresIn: 120 }),
    });
    vi.stubGlobal('fetch', server.fetch);
    renderApp('/login');
    const username = await screen.findByLabelText('用户名');
    fireEvent.change(username, { target: { value: ' bob ' } });
    fireEvent.blur(username);

    expect(await screen.findByLabelText('图形验证码')).toBeTruthy();
    expect(await screen.findByText('登录失败次数过多，账号在当前网络已锁定，请在 14 分钟后重试，或使用手机验证码登录')).toBeTruthy();
    expect(server.callsTo('/rest/inspect/inspectLoginService').map((c) => c.body)).toContainEqual({ username: 'bob' });
  });

  it('shows 统一身份认证登录 and the third-party buttons that are configured', async () => {
    vi.stubGlobal(
      'fetch',
      fakeServer({
        '/rest/inspect/inspectLoginService': inspection({
          extra: {
            cas: { enabled: true, loginUrl: 'https://cas.example.edu/cas/login' },
            oauthProviders: [{ code: 'wecom', name: '企业微信', authorizeUrl: '/auth/oauth/wecom/authorize' }],
          },
        }),
      }).fetch,
    );
    renderApp('/login');
    expect(await screen.findByText('统一身份认证登录')).toBeTruthy();
    expect(await screen.findByText('企业微信登录')).toBeTruthy();
  });

  it('offers only the account tab when phone-code login is off', async () => {
    vi.stubGlobal('fetch', fakeServer({ '/rest/inspect/inspectLoginService': inspection({ loginTypes: ['ACCOUNT'] }) }).fetch);
    renderApp('/login');
    expect(await screen.findByText('账号登录')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('手机号登录')).toBeNull());
    expect(screen.queryByText('统一身份认证登录')).toBeNull();
  });
});

describe('/login, third-party return', () => {
  const thirdLogin = (body: unknown, status = 200) =>
    fakeServer({ '/thirdLogin/getLoginUser/abc': { status, body } });

  it("accepts the one-time record when code is '200' with token and userInfo", async () => {
    const server = thirdLogin({ code: '200', success: true, msg: '登录成功', result: { token: 'tok-3', userInfo: user } });
    vi.stubGlobal('fetch', server.fetch);
    const { router } = renderApp('/login?thirdLoginId=abc&redirect=/enroll');
    await waitFor(() => expect(router.state.location.pathname).toBe('/enroll'));
    expect(stored().token).toBe('tok-3');
    expect(stored().userInfo).toEqual(user);
    expect(server.callsTo('/thirdLogin/getLoginUser/abc')).toHaveLength(1);
    expect(server.callsTo('/thirdLogin/getLoginUser/abc')[0]!.method).toBe('GET');
  });

  it.each([
    ['code 0000 instead of 200', { code: '0000', success: true, msg: '', result: { token: 't', userInfo: user } }],
    ['the number 200', { code: 200, success: true, msg: '', result: { token: 't', userInfo: user } }],
    ['no userInfo', { code: '200', success: true, msg: '', result: { token: 't' } }],
    ['no token', { code: '200', success: true, msg: '', result: { userInfo: user } }],
    ['an empty token', { code: '200', success: true, msg: '', result: { token: '', userInfo: user } }],
  ])('refuses a record with %s', async (_case, body) => {
    vi.stubGlobal('fetch', thirdLogin(body).fetch);
    const { router } = renderApp('/login?thirdLoginId=abc');
    expect(await screen.findByText('第三方登录失败，请重新登录')).toBeTruthy();
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('');
  });

  it('shows the message of a used or unknown record', async () => {
    vi.stubGlobal('fetch', thirdLogin({ code: '404', success: false, msg: '登录信息已失效，请重新登录', result: null }, 404).fetch);
    renderApp('/login?thirdLoginId=abc');
    expect(await screen.findByText('登录信息已失效，请重新登录')).toBeTruthy();
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
  });

  it('shows thirdLoginError', async () => {
    vi.stubGlobal('fetch', fakeServer({}).fetch);
    const { router } = renderApp('/login?thirdLoginError=' + encodeURIComponent('授权已取消'));
    expect(await screen.findByText('授权已取消')).toBeTruthy();
    expect(router.state.location.search).toBe('');
  });

  it('validates a CAS ticket against the login service URL and remembers the CAS session', async () => {
    const server = fakeServer({
      '/cas/client/validateLogin': ok({ token: 'tok-cas', userInfo: user, success: true }),
    });
    vi.stubGlobal('fetch', server.fetch);
    const { router } = renderApp('/login?sso=cas&ticket=ST-1-xyz');
    await waitFor(() => expect(router.state.location.pathname).toBe('/center'));
    const url = new URL(server.callsTo('/cas/client/validateLogin')[0]!.url, 'http://x');
    expect(url.searchParams.get('ticket')).toBe('ST-1-xyz');
    expect(url.searchParams.get('service')).toBe(`${window.location.origin}/login?sso=cas`);
    expect(stored()).toMatchObject({ token: 'tok-cas', method: 'cas' });
  });
});
