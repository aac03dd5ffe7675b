import '../../test/setup';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ID_NUMBER_MESSAGE } from '@dandelion/shared';
import { SESSION_KEY, useSessionStore } from '../../api/session';
import { fakeServer, ok, refuse, renderApp, type FakeReply } from '../../test/renderApp';

beforeAll(async () => {
  // The centre's panes load when opened: loaded here, so that a test's wait is not spent transforming them.
  await Promise.all([import('./CenterPage'), import('../layout/PortalLayout'), import('../../auth/login/LoginPage'), import('../../auth/center/cards/ProfileCard'), import('../../auth/center/cards/SecurityPane'), import('../../auth/center/cards/SessionsCard'), import('../../auth/center/cards/LoginLogCard'), import('../expert/ExpertProfileTab'), import('../shared/withAntdProviders'), import('../../auth/login/LoginDialog')]);
  // Transforming all of them takes a while on a busy machine.
}, 60_000);

afterEach(() => {
  vi.unstubAllGlobals();
});

const user = {
  userId: '9',
  username: 'zhangsan',
  loginName: 'zhangsan',
  realname: '张三',
  userRealName: '张三',
  nickName: null,
  avatar: null,
  userSex: 0,
  phones: '13900001111',
  mails: 'zs@example.com',
  userType: 'APPLICANT',
  roles: [{ roleCode: 'APPLICANT', roleName: '申报人' }],
};

const profile = {
  userId: '9',
  username: 'zhangsan',
  realname: '张三',
  nickName: null,
  userSex: 0,
  avatar: null,
  phone: '13900001111',
  email: 'zs@example.com',
  orgId: null,
  orgName: null,
  roles: [{ roleCode: 'APPLICANT', roleName: '申报人' }],
  identityVerified: false,
  createTime: '2026-01-05T01:00:00.000Z',
  lastLoginTime: '2026-02-28T02:30:00.000Z',
  userType: 'CLIENT',
};

const portalIndex: FakeReply = { body: { rtnCode: '0000', rtnMessage: '成功', dataSet: { site: { siteName: '蒲公英', displayName: '蒲公英' }, catalogs: [], sections: [] } } };

function server(routes: Record<string, FakeReply | ((c: never) => FakeReply)> = {}) {
  return fakeServer({
    '/rest/cms/index': portalIndex,
    '/api/user/info': ok(user),
    '/rest/identify/get': ok({ identityVerified: false }),
    '/rest/user/accountCenter': ok(profile),
    '/rest/declare/getMyDeclarations': ok({ list: [], total: 0, pageNum: 1, pageSize: 10 }),
    ...routes,
  });
}

/** Panes render on first visit: the identity and password cards live under 账号安全. */
const openTab = async (name: string) => fireEvent.click(await screen.findByRole('tab', { name }));

const clickButton = (text: string) =>
  fireEvent.click(screen.getByText(text, { selector: 'button span' }).closest('button')!);

describe('/center', () => {
  it('sends a visitor to /login and back', async () => {
    vi.stubGlobal('fetch', server().fetch);
    const { router } = renderApp('/center');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=/center');
  });

  it('shows the account, the roles and the identity form', async () => {
    useSessionStore.getState().signIn('tok-c', { username: 'zhangsan', realname: '张三' });
    const s = server();
    vi.stubGlobal('fetch', s.fetch);
    renderApp('/center');
    expect(await screen.findByText('申报人')).toBeTruthy();
    expect(screen.getByText('13900001111')).toBeTruthy();
    expect(screen.getByText('zs@example.com')).toBeTruthy();
    // An applicant's centre opens on 我的申报; 基本资料 holds the profile form and the account facts.
    expect(await screen.findByText('您还没有申报书')).toBeTruthy();
    await openTab('基本资料');
    expect(await screen.findByText('2026-02-28 10:30')).toBeTruthy();
    expect((screen.getByLabelText('真实姓名') as HTMLInputElement).value).toBe('张三');
    await openTab('账号安全');
    expect(await screen.findByText('未认证')).toBeTruthy();
    expect(s.callsTo('/api/user/info')[0]!.headers.authorization).toBe('tok-c');
    // The page's title, then the project's (RootRoute).
    expect(document.title).toMatch(/^个人中心/);
  });

  it('verifies the identity with the shared ID rule, then shows the masked number', async () => {
    useSessionStore.getState().signIn('tok-c', user);
    let verified = false;
    const s = server({
      '/rest/identify/get': () =>
        ok(
          verified
            ? { identityVerified: true, realname: '张三', idType: 'ID_CARD', idNumberMasked: '1101**********1234', verifiedAt: '2026-03-01T02:00:00.000Z' }
            : { identityVerified: false },
        ),
      '/rest/identify/verify': () => {
        verified = true;
        return ok(null, '认证成功');
      },
    });
    vi.stubGlobal('fetch', s.fetch);
    renderApp('/center');
    await openTab('账号安全');
    const idInput = await screen.findByLabelText('证件号码');
    fireEvent.change(idInput, { target: { value: '110101199001011230' } });
    clickButton('提交认证');
    expect(await screen.findByText(ID_NUMBER_MESSAGE)).toBeTruthy();
    expect(s.callsTo('/rest/identify/verify')).toHaveLength(0);

    fireEvent.change(idInput, { target: { value: '11010519491231002x' } });
    clickButton('提交认证');
    expect(await screen.findByText('1101**********1234')).toBeTruthy();
    expect(screen.getByText('2026-03-01 10:00')).toBeTruthy();
    expect(s.callsTo('/rest/identify/verify')[0]!.body).toEqual({ realname: '张三', idType: 'ID_CARD', idNumber: '11010519491231002X' });
  });

  it('退出登录 revokes the token, clears the session and cached user data, and goes to /login', async () => {
    useSessionStore.getState().signIn('tok-c', user);
    localStorage.setItem('dandelion__dicts', '{"sex":[]}');
    localStorage.setItem('dandelion__remember', '{"tab":"account","name":"zhangsan"}');
    localStorage.setItem('dandelion__trustedDevices', '{"zhangsan":"dev-1"}');
    const s = server({ '/logout': ok({ casLogoutUrl: null }, '已退出登录') });
    vi.stubGlobal('fetch', s.fetch);
    const { router } = renderApp('/center');
    await screen.findByText('申报人');
    clickButton('退出登录');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const [logout] = s.callsTo('/logout');
    expect(logout!.url).toBe('/logout?client_name=form_client');
    expect(logout!.headers.authorization).toBe('tok-c');
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    expect(localStorage.getItem('dandelion__dicts')).toBeNull();
    expect(localStorage.getItem('dandelion__remember')).not.toBeNull();
    // A remembered two-factor device belongs to the browser, not to the session.
    expect(localStorage.getItem('dandelion__trustedDevices')).toBe('{"zhangsan":"dev-1"}');
  });

  it('a 401 ends the session, goes home and opens the login dialog (spec §4)', async () => {
    useSessionStore.getState().signIn('tok-old', user);
    vi.stubGlobal('fetch', server({ '/api/user/info': refuse(401, '未授权，请重新登录') }).fetch);
    const { router } = renderApp('/center');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('登录已失效，请重新登录')).toBeTruthy();
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    // The request layer's warning, in the portal's own toast (the portal has no antd message on its first load).
    await waitFor(() => expect(document.querySelector('.dl-message__notice--warning')?.textContent).toBe('未授权，请重新登录'));
  });

  it('the login dialog asks for the two-factor code when the account has it on', async () => {
    useSessionStore.getState().signIn('tok-old', user);
    const s = server({
      '/api/user/info': refuse(401, '未授权，请重新登录'),
      '/callback?client_name=myform_client': ok({ twoFactorRequired: true, challenge: 'ch-d', expiresIn: 300, rememberDays: 30 }),
      '/rest/twoFactor/verifyLogin': ok({ token: 'tok-new', userInfo: user }, '登录成功'),
    });
    vi.stubGlobal('fetch', s.fetch);
    renderApp('/center');
    expect(await screen.findByText('登录已失效，请重新登录')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('用户名'), { target: { value: 'zhangsan' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'Secret#123' } });
    fireEvent.click(document.querySelector<HTMLButtonElement>('.ant-modal .ant-btn-primary')!);
    expect(await screen.findByTestId('two-factor-step')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('动态验证码'), { target: { value: '123456' } });
    fireEvent.click(screen.getByText('验证并登录', { selector: 'button span' }).closest('button')!);
    await waitFor(() => expect(JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null')?.token).toBe('tok-new'));
    expect(s.callsTo('/rest/twoFactor/verifyLogin')[0]!.body).toEqual({ challenge: 'ch-d', code: '123456', rememberDevice: false });
  });

  it('changes the password with the shared rule and stays signed in', async () => {
    useSessionStore.getState().signIn('tok-c', user);
    const s = server({ '/rest/user/UpdPwd': ok(null, '密码已修改') });
    vi.stubGlobal('fetch', s.fetch);
    const { router } = renderApp('/center');
    await openTab('账号安全');
    fireEvent.change(await screen.findByLabelText('原密码'), { target: { value: 'Old#2026pass' } });
    fireEvent.change(screen.getByLabelText('新密码'), { target: { value: 'Old#2026pass' } });
    fireEvent.change(screen.getByLabelText('确认新密码'), { target: { value: 'Old#2026pass' } });
    clickButton('修改密码');
    expect(await screen.findByText('新密码不能与原密码相同')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('新密码'), { target: { value: 'New#2026pass' } });
    fireEvent.change(screen.getByLabelText('确认新密码'), { target: { value: 'New#2026pass' } });
    clickButton('修改密码');
    expect(await screen.findByText('密码修改成功，其他设备上的登录已失效')).toBeTruthy();
    expect(s.callsTo('/rest/user/UpdPwd')[0]!.body).toEqual({ oldPassword: 'Old#2026pass', newPassword: 'New#2026pass' });
    expect(router.state.location.pathname).toBe('/center');
    expect(localStorage.getItem(SESSION_KEY)).not.toBeNull();
  });
});
