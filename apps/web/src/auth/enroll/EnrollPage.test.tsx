import '../../test/setup';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { EMAIL_MESSAGE, ID_NUMBER_MESSAGE, PASSWORD_MESSAGE } from '@dandelion/shared';
import { fakeServer, ok, refuse, renderApp, type FakeCall } from '../../test/renderApp';
import { USERNAME_MESSAGE } from './EnrollPage';

beforeAll(async () => {
  await import('./EnrollPage');
});

afterEach(() => {
  vi.unstubAllGlobals();
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
  fill('证件号码', 'E12345678');
  fill('所在单位', '某某大学');
};

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
    clickButton('注册');

    expect(await screen.findByText(USERNAME_MESSAGE)).toBeTruthy();
    expect(await screen.findByText(PASSWORD_MESSAGE)).toBeTruthy();
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy();
    expect(await screen.findByText(EMAIL_MESSAGE)).toBeTruthy();
    expect(await screen.findByText(ID_NUMBER_MESSAGE)).toBeTruthy();
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

  it('asks for the SMS code with purpose REGISTER', async () => {
    const server = fakeServer({
      '/rest/register/checkAvailable': allFree(),
      '/rest/captcha/sms': ok({ expiresIn: 300, resendIn: 60 }, '验证码已发送'),
    });
    vi.stubGlobal('fetch', server.fetch);
    renderApp('/enroll');
    await screen.findByLabelText('手机号');
    fill('手机号', '13800138000');
    clickButton('获取验证码');
    expect(await screen.findByText('60 秒后重新获取')).toBeTruthy();
    expect(server.callsTo('/rest/captcha/sms')[0]!.body).toEqual({ phone: '13800138000', purpose: 'REGISTER' });
  });

  it('registers and offers the way to /login', async () => {
    const server = fakeServer({
      '/rest/register/checkAvailable': allFree(),
      '/rest/register/AddRegisterUser': ok({ userId: '12' }, '注册成功'),
    });
    vi.stubGlobal('fetch', server.fetch);
    const { router } = renderApp('/enroll');
    await screen.findByLabelText('用户名');
    fillValid();
    clickButton('注册');

    expect(await screen.findByText('注册成功')).toBeTruthy();
    expect(server.callsTo('/rest/register/AddRegisterUser')[0]!.body).toEqual({
      username: 'alice',
      password: 'Secret#123',
      realname: '张三',
      phone: '13800138000',
      smsCode: '123456',
      email: 'alice@example.com',
      idNumber: 'E12345678',
      unitName: '某某大学',
    });
    const link = screen.getByText('去登录').closest('a')!;
    expect(link.getAttribute('href')).toBe('/login');
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
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
    expect(screen.queryByText('注册成功')).toBeNull();
  });
});
