import '../../test/setup';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { EMAIL_MESSAGE, ID_NUMBER_MESSAGE, PASSWORD_MESSAGE } from '@dandelion/shared';
import { jsonFetch, renderApp } from '../../test/renderApp';

beforeAll(async () => {
  await import('./EnrollPage');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

// Text queries instead of role queries: role lookup walks antd's styles and costs about a second here.
const clickButton = (text: string) =>
  fireEvent.click(screen.getByText(text, { selector: 'button span' }).closest('button')!);

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

describe('/enroll', () => {
  it('validates with the shared rules and checks the repeated password', async () => {
    const fetch = vi.fn(jsonFetch({}));
    vi.stubGlobal('fetch', fetch);
    renderApp('/enroll');
    await screen.findByLabelText('用户名');
    fillValid();
    fill('密码', 'weak');
    fill('确认密码', 'other');
    fill('邮箱', 'not-an-email');
    fill('证件号码', '12');
    clickButton('注册');

    expect(await screen.findByText(PASSWORD_MESSAGE)).toBeTruthy();
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy();
    expect(await screen.findByText(EMAIL_MESSAGE)).toBeTruthy();
    expect(await screen.findByText(ID_NUMBER_MESSAGE)).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('registers and offers the way to /login', async () => {
    const fetch = vi.fn(jsonFetch({ code: '0000', success: true, msg: '注册成功', data: null }));
    vi.stubGlobal('fetch', fetch);
    const { router } = renderApp('/enroll');
    await screen.findByLabelText('用户名');
    fillValid();
    clickButton('注册');

    expect(await screen.findByText('注册成功')).toBeTruthy();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/rest/register/AddRegisterUser');
    expect(JSON.parse(init.body as string)).toEqual({
      username: 'alice',
      password: 'Secret#123',
      realname: '张三',
      phone: '13800138000',
      smsCode: '123456',
      email: 'alice@example.com',
      idNumber: 'E12345678',
      unitName: '某某大学',
    });
    clickButton('去登录');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('shows the envelope message when registration is refused', async () => {
    vi.stubGlobal('fetch', vi.fn(jsonFetch({ code: '409', success: false, msg: '用户名已存在', data: null }, 409)));
    renderApp('/enroll');
    await screen.findByLabelText('用户名');
    fillValid();
    clickButton('注册');
    expect(await screen.findByText('用户名已存在')).toBeTruthy();
    expect(screen.queryByText('注册成功')).toBeNull();
  });
});
