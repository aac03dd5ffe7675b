import '../../test/setup';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../../app/providers';
import { useSessionStore } from '../../api/session';
import { fakeServer, ok, refuse, type FakeCall, type FakeReply } from '../../test/renderApp';
import AccountCenterPage from './AccountCenterPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

const profile = {
  userId: '7',
  username: 'lisi',
  realname: '李四',
  nickName: null,
  userSex: 0,
  avatar: null,
  phone: '13900002222',
  email: null,
  orgId: '3',
  orgName: '科技处',
  roles: [{ roleCode: 'REVIEWER', roleName: '审核员' }],
  identityVerified: false,
  createTime: '2026-01-05T01:00:00.000Z',
  lastLoginTime: '2026-02-28T02:30:00.000Z',
  userType: 'STAFF',
};

const MAC_CHROME = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const session = (id: string, userAgent: string, current: boolean) => ({
  sessionId: id,
  loginType: current ? 'ACCOUNT' : 'SMS',
  ip: current ? '10.0.0.8' : '172.16.3.4',
  userAgent,
  createTime: '2026-03-01T01:00:00.000Z',
  lastSeenAt: '2026-03-01T02:00:00.000Z',
  expiresAt: '2026-03-08T01:00:00.000Z',
  current,
});

const twoFactorOff = { enabled: false, enabledAt: null, required: false, due: false, recoveryCodesLeft: 0, trustedDevices: 0, trustedDeviceDays: 30 };

function server(routes: Record<string, FakeReply | ((c: FakeCall) => FakeReply)> = {}) {
  return fakeServer({
    '/rest/user/accountCenter': ok(profile),
    '/api/user/info': ok({ username: 'lisi', realname: '李四' }),
    '/rest/identify/get': ok({ identityVerified: false }),
    '/rest/twoFactor/getStatus': ok(twoFactorOff),
    ...routes,
  });
}

function renderPage(path = '/center') {
  useSessionStore.getState().signIn('tok-l', { userId: '7', username: 'lisi', realname: '李四', avatar: null });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AccountCenterPage />
      </MemoryRouter>
    </AppProviders>,
  );
}

const clickButton = (text: string, scope: HTMLElement = document.body) =>
  fireEvent.click(within(scope).getByText(text, { selector: 'button span' }).closest('button')!);
const openTab = async (name: string) => fireEvent.click(await screen.findByRole('tab', { name }));
/** The confirm bubble's OK button (Popconfirm renders into document.body). */
const confirm = async () => fireEvent.click((await screen.findByText('确定', { selector: '.ant-popconfirm button span' })).closest('button')!);

describe('console /center: 基本资料', () => {
  it('shows the account facts and saves the profile, updating the stored session user', async () => {
    const saved = { ...profile, realname: '李思思', nickName: '思思', userSex: 2 };
    const s = server({ '/rest/user/UpdUserDefault': ok(saved, '保存成功') });
    vi.stubGlobal('fetch', s.fetch);
    renderPage();
    expect(await screen.findByText('科技处')).toBeTruthy();
    expect(screen.getByText('审核员')).toBeTruthy();
    expect(screen.getByText('2026-01-05 09:00')).toBeTruthy();
    expect(screen.getByText('2026-02-28 10:30')).toBeTruthy();

    const realname = screen.getByLabelText('真实姓名') as HTMLInputElement;
    await waitFor(() => expect(realname.value).toBe('李四'));
    fireEvent.change(realname, { target: { value: '李' } });
    clickButton('保存');
    expect(await screen.findByText('真实姓名为2-32个字符')).toBeTruthy();
    expect(s.callsTo('/rest/user/UpdUserDefault')).toHaveLength(0);

    fireEvent.change(realname, { target: { value: ' 李思思 ' } });
    fireEvent.change(screen.getByLabelText('昵称'), { target: { value: '思思' } });
    fireEvent.click(screen.getByLabelText('女'));
    clickButton('保存');
    expect(await screen.findByText('保存成功')).toBeTruthy();
    expect(s.callsTo('/rest/user/UpdUserDefault')[0]!.body).toEqual({ realname: '李思思', nickName: '思思', userSex: 2 });
    expect(useSessionStore.getState().session!.userInfo).toMatchObject({ realname: '李思思', userRealName: '李思思', nickName: '思思', userSex: 2 });
  });

  it('shows the server\'s refusal and keeps the stored user', async () => {
    const s = server({ '/rest/user/UpdUserDefault': refuse(409, '已完成实名认证，真实姓名不可修改，如需更改请联系管理员') });
    vi.stubGlobal('fetch', s.fetch);
    renderPage();
    const realname = (await screen.findByLabelText('真实姓名')) as HTMLInputElement;
    await waitFor(() => expect(realname.value).toBe('李四'));
    fireEvent.change(realname, { target: { value: '王五' } });
    clickButton('保存');
    expect(await screen.findByText('已完成实名认证，真实姓名不可修改，如需更改请联系管理员')).toBeTruthy();
    expect(useSessionStore.getState().session!.userInfo.realname).toBe('李四');
  });

  it('locks the real name once the identity is verified', async () => {
    vi.stubGlobal('fetch', server({ '/rest/user/accountCenter': ok({ ...profile, identityVerified: true }) }).fetch);
    renderPage();
    expect(await screen.findByText('已完成实名认证，真实姓名不可修改')).toBeTruthy();
    expect((screen.getByLabelText('真实姓名') as HTMLInputElement).disabled).toBe(true);
  });
});

describe('console /center: 账号安全', () => {
  it('binds a new phone with its SMS code and changes the email', async () => {
    const s = server({
      '/rest/user/bindPhone': ok({ phone: '13900003333' }, '手机号绑定成功'),
      '/rest/register/updUserPhoneAndMail': ok({ phone: '13900003333', email: 'lisi@example.com' }, '修改成功'),
    });
    vi.stubGlobal('fetch', s.fetch);
    renderPage();
    await openTab('账号安全');
    expect(await screen.findByText('13900002222')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('新手机号'), { target: { value: '13900003333' } });
    fireEvent.change(screen.getByLabelText('短信验证码'), { target: { value: '123456' } });
    clickButton('更换手机号');
    expect(await screen.findByText('手机号绑定成功')).toBeTruthy();
    expect(s.callsTo('/rest/user/bindPhone')[0]!.body).toEqual({ phone: '13900003333', code: '123456' });
    expect(await screen.findByText('13900003333')).toBeTruthy();
    expect(useSessionStore.getState().session!.userInfo.phones).toBe('13900003333');

    fireEvent.change(screen.getByLabelText('邮箱'), { target: { value: 'lisi@example.com' } });
    clickButton('绑定邮箱');
    expect(await screen.findByText('邮箱修改成功')).toBeTruthy();
    expect(s.callsTo('/rest/register/updUserPhoneAndMail')[0]!.body).toEqual({ email: 'lisi@example.com' });
  });
});

describe('console /center: 登录设备', () => {
  it('lists the devices and 退出其他设备 calls the route only after confirming', async () => {
    let others = true;
    const s = server({
      '/rest/user/mySessions': () => ok([session('11', MAC_CHROME, true), ...(others ? [session('12', IPHONE, false)] : [])]),
      '/rest/user/revokeOtherSessions': () => {
        others = false;
        return ok({ count: 1 }, '已退出其他 1 个登录设备');
      },
    });
    vi.stubGlobal('fetch', s.fetch);
    renderPage();
    await openTab('登录设备');
    expect(await screen.findByText('Chrome 124 · macOS')).toBeTruthy();
    expect(screen.getByText('Safari 17 · iOS 17')).toBeTruthy();
    expect(screen.getByText('当前设备')).toBeTruthy();
    expect(screen.getByText('IP：172.16.3.4')).toBeTruthy();
    expect(screen.getByText('方式：手机验证码')).toBeTruthy();

    clickButton('退出其他设备');
    expect(await screen.findByText('其他设备上的登录将立即失效，需要重新登录。确定继续吗？')).toBeTruthy();
    expect(s.callsTo('/rest/user/revokeOtherSessions')).toHaveLength(0);
    await confirm();
    expect(await screen.findByText('已退出其他 1 个登录设备')).toBeTruthy();
    expect(s.callsTo('/rest/user/revokeOtherSessions')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Safari 17 · iOS 17')).toBeNull());
    expect(s.callsTo('/rest/user/mySessions').length).toBeGreaterThanOrEqual(2);
  });

  it('下线 ends one other device after confirming', async () => {
    const s = server({
      '/rest/user/mySessions': ok([session('11', MAC_CHROME, true), session('12', IPHONE, false)]),
      '/rest/user/revokeMySession': ok(null, '该设备已下线'),
    });
    vi.stubGlobal('fetch', s.fetch);
    renderPage();
    await openTab('登录设备');
    const rows = await screen.findAllByTestId('center-session');
    expect(rows).toHaveLength(2);
    // The current device has no 下线.
    expect(within(rows[0]!).queryByText('下线')).toBeNull();
    clickButton('下线', rows[1]!);
    await confirm();
    expect(await screen.findByText('该设备已下线')).toBeTruthy();
    expect(s.callsTo('/rest/user/revokeMySession')[0]!.body).toEqual({ sessionId: '12' });
  });
});

describe('console /center: 登录记录', () => {
  it('renders the sign-in history page by page', async () => {
    const s = server({
      '/rest/user/myLoginLog': ok({
        list: [
          { id: '31', time: '2026-03-02T01:00:00.000Z', loginType: 'ACCOUNT', ip: '10.0.0.8', userAgent: MAC_CHROME, success: false, message: '用户名或密码错误' },
          { id: '30', time: '2026-03-01T01:00:00.000Z', loginType: 'SMS', ip: '172.16.3.4', userAgent: IPHONE, success: true, message: '登录成功' },
        ],
        total: 12,
        pageNum: 1,
        pageSize: 10,
      }),
    });
    vi.stubGlobal('fetch', s.fetch);
    renderPage();
    await openTab('登录记录');
    expect(await screen.findByText('用户名或密码错误')).toBeTruthy();
    expect(screen.getByText('2026-03-02 09:00')).toBeTruthy();
    expect(screen.getByText('账号密码')).toBeTruthy();
    expect(screen.getByText('手机验证码')).toBeTruthy();
    expect(screen.getByText('失败')).toBeTruthy();
    expect(screen.getByText('成功')).toBeTruthy();
    expect(screen.getByText('Safari 17 · iOS 17')).toBeTruthy();
    expect(screen.getByText('共 12 条')).toBeTruthy();
    expect(s.callsTo('/rest/user/myLoginLog')[0]!.body).toEqual({ pageParameter: { pageNum: 1, pageSize: 10 } });

    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(s.callsTo('/rest/user/myLoginLog').at(-1)!.body).toEqual({ pageParameter: { pageNum: 2, pageSize: 10 } }));
  });
});

describe('console /center: 两步验证', () => {
  const due = { ...twoFactorOff, required: true, due: true };
  const on = { ...twoFactorOff, enabled: true, enabledAt: '2026-03-01T01:00:00.000Z', required: true, recoveryCodesLeft: 10, trustedDevices: 0 };
  const recoveryCodes = ['abcde-fghij', 'kmnpq-rstuv', 'wxyz2-34567', 'aaaaa-bbbbb', 'ccccc-ddddd', 'eeeee-fffff', 'ggggg-hhhhh', 'jjjjj-kkkkk', 'mmmmm-nnnnn', 'ppppp-qqqqq'];

  it('opens on 账号安全 for ?tab=security, says why an administrator must enrol, and enrols with the QR code and a code', async () => {
    let enabled = false;
    const s = server({
      '/rest/twoFactor/getStatus': () => ok(enabled ? on : due),
      '/rest/twoFactor/beginEnrol': ok({ qrCode: 'data:image/svg+xml;base64,PHN2Zy8+', manualKey: 'ABCD EFGH IJKL MNOP', otpauthUri: 'otpauth://totp/x' }),
      '/rest/twoFactor/confirmEnrol': (c) => {
        if ((c.body as { code: string }).code !== '123456') return refuse(400, '动态验证码错误或已使用');
        enabled = true;
        return ok({ recoveryCodes });
      },
    });
    vi.stubGlobal('fetch', s.fetch);
    renderPage('/center?tab=security');
    expect(await screen.findByText('系统要求管理员开启两步验证')).toBeTruthy();
    clickButton('开启两步验证');
    expect(await screen.findByTestId('two-factor-manual-key')).toBeTruthy();
    expect(screen.getByAltText('两步验证二维码').getAttribute('src')).toBe('data:image/svg+xml;base64,PHN2Zy8+');

    const input = screen.getByPlaceholderText('6 位数字');
    fireEvent.change(input, { target: { value: '000000' } });
    clickButton('确认开启');
    expect(await screen.findByText('动态验证码错误或已使用')).toBeTruthy();
    fireEvent.change(input, { target: { value: '123456' } });
    clickButton('确认开启');
    const shown = await screen.findByTestId('recovery-codes');
    expect(within(shown).getByText('abcde-fghij')).toBeTruthy();
    expect(within(shown).getAllByText(/^[a-z2-9]{5}-[a-z2-9]{5}$/)).toHaveLength(10);
    clickButton('我已妥善保存');
    expect(await screen.findByText('已开启')).toBeTruthy();
    expect(screen.getByText('10 个')).toBeTruthy();
    expect(screen.queryByText('系统要求管理员开启两步验证')).toBeNull();
  });

  it('turns it off only with the password and a code', async () => {
    let enabled = true;
    const s = server({
      '/rest/twoFactor/getStatus': () => ok(enabled ? on : due),
      '/rest/twoFactor/disable': () => {
        enabled = false;
        return ok(null, '两步验证已关闭');
      },
    });
    vi.stubGlobal('fetch', s.fetch);
    renderPage('/center?tab=security');
    expect(await screen.findByText('已开启')).toBeTruthy();
    clickButton('关闭两步验证', screen.getByTestId('center-two-factor'));
    const okButton = () => screen.getByRole('dialog').querySelector<HTMLButtonElement>('.ant-btn-primary')!;
    await waitFor(() => expect(okButton()).toBeTruthy());
    fireEvent.click(okButton());
    expect(await screen.findByText('请输入登录密码')).toBeTruthy();
    expect(s.callsTo('/rest/twoFactor/disable')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('登录密码'), { target: { value: 'Lisi@2026' } });
    fireEvent.change(screen.getByLabelText('动态验证码'), { target: { value: '654321' } });
    fireEvent.click(okButton());
    await waitFor(() => expect(s.callsTo('/rest/twoFactor/disable')[0]?.body).toEqual({ password: 'Lisi@2026', code: '654321' }));
    expect(await screen.findByText('未开启')).toBeTruthy();
  });
});
