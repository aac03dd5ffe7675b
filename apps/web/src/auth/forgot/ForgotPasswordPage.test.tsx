import '../../test/setup';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MOBILE_MESSAGE, PASSWORD_MESSAGE } from '@dandelion/shared';
import { fakeServer, ok, refuse, renderApp } from '../../test/renderApp';

beforeAll(async () => {
  await import('./ForgotPasswordPage');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const clickButton = (text: string) =>
  fireEvent.click(screen.getByText(text, { selector: 'button span, a span' }).closest('button, a')!);

describe('/forgotPassword', () => {
  it('step 1 needs a well-formed phone and the SMS code before anything is sent', async () => {
    const server = fakeServer({});
    vi.stubGlobal('fetch', server.fetch);
    renderApp('/forgotPassword');
    await screen.findByLabelText('手机号');
    clickButton('下一步');
    expect(await screen.findByText('请输入手机号')).toBeTruthy();
    expect(await screen.findByText('请输入短信验证码')).toBeTruthy();

    fill('手机号', '1380013');
    clickButton('获取验证码');
    expect(await screen.findByText(MOBILE_MESSAGE)).toBeTruthy();
    expect(server.calls).toHaveLength(0);
  });

  it('sends the code for RESET_PASSWORD and shows the refusal of a wrong code', async () => {
    const server = fakeServer({
      '/rest/captcha/sms': ok({ expiresIn: 300, resendIn: 60 }),
      '/rest/register/getMyPassword': refuse(400, '短信验证码错误或已过期，请重新获取'),
    });
    vi.stubGlobal('fetch', server.fetch);
    renderApp('/forgotPassword');
    await screen.findByLabelText('手机号');
    fill('手机号', '13800138000');
    clickButton('获取验证码');
    expect(await screen.findByText('60 秒后重新获取')).toBeTruthy();
    expect(server.callsTo('/rest/captcha/sms')[0]!.body).toEqual({ phone: '13800138000', purpose: 'RESET_PASSWORD' });

    fill('短信验证码', '000000');
    clickButton('下一步');
    expect(await screen.findByText('短信验证码错误或已过期，请重新获取')).toBeTruthy();
    expect(screen.queryByLabelText('新密码')).toBeNull();
  });

  it('step 2 checks the shared password rule and the repeat, then resets with the token and offers /login', async () => {
    const server = fakeServer({
      '/rest/register/getMyPassword': ok({ resetToken: 'reset-1', expiresIn: 600 }),
      '/rest/register/updMyPassword': ok(null, '密码已重置'),
    });
    vi.stubGlobal('fetch', server.fetch);
    const { router } = renderApp('/forgotPassword');
    await screen.findByLabelText('手机号');
    fill('手机号', '13800138000');
    fill('短信验证码', '123456');
    clickButton('下一步');

    await screen.findByLabelText('新密码');
    expect(server.callsTo('/rest/register/getMyPassword')[0]!.body).toEqual({ phone: '13800138000', code: '123456' });

    clickButton('重置密码');
    expect(await screen.findByText('请输入新密码')).toBeTruthy();
    expect(await screen.findByText('请再次输入新密码')).toBeTruthy();

    fill('新密码', 'password');
    fill('确认新密码', 'Other#123');
    clickButton('重置密码');
    expect(await screen.findByText(PASSWORD_MESSAGE)).toBeTruthy();
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy();
    expect(server.callsTo('/rest/register/updMyPassword')).toHaveLength(0);

    fill('新密码', 'NewSecret#2026');
    fill('确认新密码', 'NewSecret#2026');
    clickButton('重置密码');
    expect(await screen.findByText('密码已重置')).toBeTruthy();
    expect(server.callsTo('/rest/register/updMyPassword')[0]!.body).toEqual({
      resetToken: 'reset-1',
      newPassword: 'NewSecret#2026',
    });
    clickButton('去登录');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
