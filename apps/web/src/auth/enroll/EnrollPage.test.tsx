import '../../test/setup';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { EMAIL_MESSAGE, ID_NUMBER_MESSAGE, PASSWORD_MESSAGE } from '@dandelion/shared';
import { fakeServer, ok, refuse, renderApp, type FakeCall } from '../../test/renderApp';
import { useSessionStore } from '../../api/session';
import { USERNAME_MESSAGE } from './EnrollPage';

beforeAll(async () => {
  await import('./EnrollPage');
});

afterEach(() => {
  vi.unstubAllGlobals();
  // A registration signs in: the next test starts signed out again.
  useSessionStore.setState({ session: null });
  localStorage.clear();
});

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

// Text queries instead of role queries: role lookup walks antd's styles and costs about a second here.
const clickButton = (text: string) =>
  fireEvent.click(screen.getByText(text, { selector: 'button span, a span' }).closest('button, a')!);

const fillValid = () => {
  fill('用户名', 'alice');
  fill('密码', 'Secret#123');
  fill('确认密码', 'Secret#123');
  fill('真实姓名', '张三');
  fill('手机号', '13800138000');
  fill('短信验证码', '123456');
  fill('邮箱', 'alice@example.com');
  fill('证件号码', '11010519491231002X');
  fill('所在单位', '某某大学');
  fireEvent.click(screen.getByLabelText('我已阅读并同意'));
};

const CAPTCHA = { captchaKey: 'k-1', image: 'data:image/svg+xml;base64,PHN2Zy8+', expiresIn: 120 };
const AGREEMENTS = { userAgreement: '第一条 用户应当如实填写注册信息。', privacyPolicy: null };

const allFree = () => ok({ available: true, msg: '可以使用' });

describe('/enroll', () => {
  it('validates with the shared rules and checks the repeated password', async () => {
    const server = fakeServer({ '/rest/register/checkAvailable': allFree() });
    vi.stubGlobal('fetch', server.fetch);
    renderApp('/enroll');
    await screen.findByLabelText('用户名');
    fillValid();
    fill('用户名', '1abc');
    fill('密码', 'weak');
    fill('确认密码', 'other');
    fill('邮箱', 'not-an-email');
    fill('证件号码', '110101199001011230'); // right shape, wrong check digit
    fireEvent.click(screen.getByLabelText('我已阅读并同意')); // untick
    clickButton('注册');

    expect(await screen.findByText(USERNAME_MESSAGE)).toBeTruthy();
    expect(await screen.findByText(PASSWORD_MESSAGE)).toBeTruthy();
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy();
    expect(await screen.findByText(EMAIL_MESSAGE)).toBeTruthy();
    expect(await screen.findByText(ID_NUMBER_MESSAGE)).toBeTruthy();
    expect(await screen.findByText('请阅读并同意《用户协议》和《隐私政策》')).toBeTruthy();
    expect(server.callsTo('/rest/register/AddRegisterUser')).toHaveLength(0);
    // Malformed values are not sent to the duplicate check.
    expect(server.callsTo('/rest/register/checkAvailable').map((c) => (c.body as { field: string }).field)).not.toContain('username');
  });

  it('tells at once when the user name, phone or email is already registered', async () => {
    const taken: Record<string, string> = { username: '用户名已被注册', phone: '该手机号已注册', email: '该邮箱已被注册' };
    const server = fakeServer({
      '/rest/register/checkAvailable': (call: FakeCall) => {
        const { field } = call.body as { field: string };
        return ok({ available: false, msg: taken[field] });
      },
    });
    vi.stubGlobal('fetch', server.fetch);
    renderApp('/enroll');
    for (const [label, value] of [['用户名', 'alice'], ['手机号', '13800138000'], ['邮箱', 'a@example.com']] as const) {
      const input = await screen.findByLabelText(label);
      fireEvent.change(input, { target: { value } });
      fireEvent.blur(input);
    }
    expect(await screen.findByText('用户名已被注册')).toBeTruthy();
    expect(await screen.findByText('该手机号已注册')).toBeTruthy();
    expect(await screen.findByText('该邮箱已被注册')).toBeTruthy();
    expect(server.callsTo('/rest/register/checkAvailable').map((c) => c.body)).toEqual(
      expect.arrayContaining([
        { field: 'username', value: 'alice' },
        { field: 'phone', value: '13800138000' },
        { field: 'email', value: 'a@example.com' },
      ]),
    );
  });

  it('checks the number against the chosen 证件类型', async () => {
    vi.stubGlobal('fetch', fakeServer({ '/rest/register/checkAvailable': allFree() }).fetch);
    renderApp('/enroll');
    await screen.findByLabelText('证件号码');
    fill('证件号码', 'E12345678'); // a passport number while 居民身份证 is chosen
    fireEvent.blur(screen.getByLabelText('证件号码'));
    clickButton('注册');
    expect(await screen.findByText(ID_NUMBER_MESSAGE)).toBeTruthy();
  });

  it('asks for the image captcha before 获取验证码, then sends the code with its answer', async () => {
    const server = fakeServer({
      '/rest/register/checkAvailable': allFree(),
      '/rest/captcha/png': ok(CAPTCHA),
      '/rest/register/sendRegisterCode': ok({ expiresIn: 300, resendIn: 60 }, '验证码已发送'),
    });
    vi.stubGlobal('fetch', server.fetch);
    renderApp('/enroll');
    await screen.findByLabelText('手机号');
    fill('手机号', '13800138000');
    clickButton('获取验证码');
    expect(await screen.findByText('请输入图形验证码')).toBeTruthy();
    expect(server.callsTo('/rest/register/sendRegisterCode')).toHaveLength(0);

    await screen.findByAltText('图形验证码');
    fill('图形验证码', 'ab3d');
    clickButton('获取验证码');
    expect(await screen.findByText('60 秒后重新获取')).toBeTruthy();
    expect(server.callsTo('/rest/register/sendRegisterCode')[0]!.body).toEqual({ phone: '13800138000', captchaKey: 'k-1', captchaCode: 'ab3d' });
    expect(server.callsTo('/rest/captcha/sms')).toHaveLength(0);
  });

  it('opens the 用户协议 the site keeps', async () => {
    vi.stubGlobal('fetch', fakeServer({ '/rest/cms/agreements': { body: { rtnCode: '0000', rtnMessage: '成功', dataSet: AGREEMENTS } } }).fetch);
    renderApp('/enroll');
    await screen.findByLabelText('我已阅读并同意');
    clickButton('《用户协议》');
    expect(await screen.findByText('第一条 用户应当如实填写注册信息。')).toBeTruthy();
  });

  it('registers, signs the new account in and goes to the personal centre', async () => {
    const userInfo = { userId: '12', username: 'alice', realname: '张三', token: 't-12' };
    const server = fakeServer({
      '/rest/register/checkAvailable': allFree(),
      '/rest/register/AddRegisterUser': ok({ token: 't-12', userInfo }, '注册成功'),
    });
    vi.stubGlobal('fetch', server.fetch);
    const { router } = renderApp('/enroll');
    await screen.findByLabelText('用户名');
    fillValid();
    clickButton('注册');

    await waitFor(() => expect(router.state.location.pathname).toBe('/center'));
    expect(useSessionStore.getState().session?.token).toBe('t-12');
    expect(server.callsTo('/rest/register/AddRegisterUser')[0]!.body).toEqual({
      username: 'alice',
      password: 'Secret#123',
      realname: '张三',
      phone: '13800138000',
      smsCode: '123456',
      email: 'alice@example.com',
      idType: 'ID_CARD',
      idNumber: '11010519491231002X',
      unitName: '某某大学',
      agreed: true,
    });
  });

  it('shows the envelope message when registration is refused', async () => {
    vi.stubGlobal(
      'fetch',
      fakeServer({
        '/rest/register/checkAvailable': allFree(),
        '/rest/register/AddRegisterUser': refuse(400, '短信验证码错误或已过期，请重新获取'),
      }).fetch,
    );
    renderApp('/enroll');
    await screen.findByLabelText('用户名');
    fillValid();
    clickButton('注册');
    expect(await screen.findByText('短信验证码错误或已过期，请重新获取')).toBeTruthy();
    expect(useSessionStore.getState().session).toBeNull();
  });
});
