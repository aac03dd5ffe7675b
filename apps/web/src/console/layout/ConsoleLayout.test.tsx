import '../../test/setup';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useSessionStore } from '../../api/session';
import { fakeServer, ok } from '../../test/renderApp';
import { useConsoleStore, type ConsoleRoute } from '../../api/consoleStore';
import { defaultTheme, withProperty } from '../theme/themeModel';
import { loadConsole, renderConsole, signInAsAdmin } from '../../test/consoleHarness';

beforeEach(() => {
  signInAsAdmin();
});

afterEach(() => {
  useConsoleStore.getState().reset();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const menu = () => screen.getByTestId('console-menu');
const menuItem = (name: string) => within(menu()).getByRole('menuitem', { name });
const isSelected = (name: string) => menuItem(name).closest('li')!.className.includes('ant-menu-item-selected');
const tabBar = () => within(screen.getByRole('navigation', { name: '已打开的页面' }));
const tabNames = () => tabBar().getAllByRole('link').map((t) => t.textContent);
const tab = (name: string) => tabBar().getByRole('link', { name });
/** The page's own content (the test pages name themselves in an h2), not the layout's h1. */
const pageHeading = (name: string) => screen.findByRole('heading', { level: 2, name });
const pageTitle = () => screen.getByRole('heading', { level: 1 }).textContent;

// Whole-layout renders under happy-dom; leave room on a busy two-core machine.
describe('ConsoleLayout: menu, header and breadcrumbs', { timeout: 30_000 }, () => {
  it('shows the visible menu only, with its icons, and a single-child group as its child', async () => {
    loadConsole();
    renderConsole('/home');
    expect(await pageHeading('首页')).toBeTruthy();
    expect(menuItem('首页')).toBeTruthy();
    expect(within(menu()).getByText('系统管理')).toBeTruthy();
    // Hidden sub-pages are not menu entries.
    expect(within(menu()).queryByText('新增用户')).toBeNull();
    expect(within(menu()).queryByText('用户列表')).toBeNull();
    // 消息管理 has one child and no alwaysShow: the child stands in for it, with the custom icon.
    expect(within(menu()).queryByText('消息管理')).toBeNull();
    expect(menuItem('短信日志').querySelector('[data-icon="custom-sms"] path')?.getAttribute('d')).toBe('M0 0h1024v1024H0z');
    // antd icons load one by one, when a menu shows them (components/MenuIcon).
    await waitFor(() => expect(menuItem('首页').querySelector('.anticon-home')).toBeTruthy());
    expect(screen.getByText('蒲公英测试站')).toBeTruthy();
  });

  it('gives an entry without a known icon a neutral one, so the menu stays aligned', async () => {
    loadConsole();
    const withoutIcon = (nodes: ConsoleRoute[]): ConsoleRoute[] =>
      nodes.map((n) => ({ ...n, meta: n.path === '/system/role' ? { ...n.meta, icon: 'NoSuchIcon' } : n.meta, children: withoutIcon(n.children) }));
    act(() => useConsoleStore.setState({ menuList: withoutIcon(useConsoleStore.getState().menuList) }));
    renderConsole('/system/user/userList');
    await pageHeading('用户列表');
    expect(menuItem('角色管理').querySelector('.anticon-file')).toBeTruthy();
    await waitFor(() => expect(menuItem('用户管理').querySelector('.anticon-user')).toBeTruthy());
  });

  it('highlights the parent of a hidden sub-page, opens its group and names the chain in the breadcrumbs', async () => {
    loadConsole();
    renderConsole('/system/user/userAdd');
    expect(await pageHeading('新增用户')).toBeTruthy();
    expect(pageTitle()).toBe('新增用户');
    expect(isSelected('用户管理')).toBe(true);
    expect(isSelected('角色管理')).toBe(false);
    const crumbs = screen.getByTestId('console-breadcrumb');
    expect(crumbs.textContent).toBe('首页/系统管理/用户管理/新增用户');
    expect(within(crumbs).getByRole('link', { name: '首页' }).getAttribute('href')).toBe('/home');
    expect(within(crumbs).getByRole('link', { name: '用户管理' }).getAttribute('href')).toBe('/system/user/userList');
  });

  it('names an entry’s own page after the entry: breadcrumb, tab and h1 say 用户管理', async () => {
    loadConsole();
    renderConsole('/system/user/userList');
    await pageHeading('用户列表');
    expect(screen.getByTestId('console-breadcrumb').textContent).toBe('首页/系统管理/用户管理');
    expect(pageTitle()).toBe('用户管理');
    expect(tabNames()).toEqual(['首页', '用户管理']);
  });

  it('goes to an entry’s page when chosen in the menu', async () => {
    loadConsole();
    const { router } = renderConsole('/home');
    await pageHeading('首页');
    fireEvent.click(menuItem('系统管理'));
    fireEvent.click(await within(menu()).findByRole('menuitem', { name: '角色管理' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/role/roleList'));
    expect(isSelected('角色管理')).toBe(true);
  });

  it.each([
    [8, '早上好'],
    [15, '下午好'],
    [21, '晚上好'],
  ])('greets by the hour (%i h)', async (hour, greeting) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 2, 2, hour, 30));
    loadConsole();
    renderConsole('/home');
    expect((await screen.findByTestId('console-greeting')).textContent).toBe(`${greeting}，系统管理员`);
  });

  it('shows the unread count, and an honest empty notice panel', async () => {
    loadConsole();
    renderConsole('/home');
    fireEvent.click(await screen.findByRole('button', { name: '通知' }));
    const panel = await screen.findByTestId('notice-panel');
    expect(within(panel).getByText('暂无新通知')).toBeTruthy();
    expect(within(panel).getByRole('link', { name: '查看全部消息' })).toBeTruthy();
    act(() => useConsoleStore.getState().setUnreadCount(3));
    expect(screen.getByRole('button', { name: '通知，3 条未读' })).toBeTruthy();
  });

  it('opens 个人中心 and signs out after confirming', async () => {
    const server = fakeServer({ '/logout': ok(null) });
    vi.stubGlobal('fetch', server.fetch);
    loadConsole();
    const { router } = renderConsole('/home');
    fireEvent.click(await screen.findByTestId('console-user-menu'));
    fireEvent.click(await screen.findByRole('menuitem', { name: /个人中心/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/center'));

    await act(() => router.navigate('/home'));
    fireEvent.click(await screen.findByTestId('console-user-menu'));
    fireEvent.click(await screen.findByRole('menuitem', { name: /退出登录/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('确定要退出登录吗？')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '退出登录' }));
    // Where signing out leads is useSignOut's business; the layout's is to ask first, then call it.
    await waitFor(() => expect(useSessionStore.getState().session).toBeNull());
    expect(server.callsTo('/logout')).toHaveLength(1);
  });

  it('folds the sidebar from the header button', async () => {
    loadConsole();
    renderConsole('/home');
    fireEvent.click(await screen.findByRole('button', { name: '收起菜单' }));
    expect(screen.getByRole('button', { name: '展开菜单' })).toBeTruthy();
    expect(document.querySelector('.ant-layout-sider-collapsed')).toBeTruthy();
  });

  it('renders a horizontal menu and no sidebar in the top layout', async () => {
    loadConsole({ theme: defaultTheme('top-layout') });
    renderConsole('/system/user/userList');
    expect(await pageHeading('用户列表')).toBeTruthy();
    expect(menu().querySelector('.ant-menu-horizontal')).toBeTruthy();
    expect(document.querySelector('.ant-layout-sider')).toBeNull();
    expect(screen.queryByRole('button', { name: '收起菜单' })).toBeNull();
    expect(screen.getByTestId('console-layout').dataset.layout).toBe('top-layout');
  });

  it('shows the footer and tab bar as the theme says', async () => {
    loadConsole({ theme: withProperty(withProperty(defaultTheme(), 'multiTab', false), 'showFooter', false) });
    renderConsole('/home');
    await pageHeading('首页');
    expect(screen.queryByTestId('console-tabs')).toBeNull();
    expect(screen.queryByTestId('console-footer')).toBeNull();
    act(() => useConsoleStore.getState().setTheme(defaultTheme()));
    expect(screen.getByTestId('console-tabs')).toBeTruthy();
    expect(screen.getByTestId('console-footer').textContent).toBe('© 蒲公英 科技奖励申报与评审平台');
  });
});

describe('ConsoleLayout: multi-tab bar', { timeout: 30_000 }, () => {
  it('opens a tab per visited page and keeps a hidden page’s state', async () => {
    loadConsole();
    const { router } = renderConsole('/home');
    await pageHeading('首页');
    expect(tabNames()).toEqual(['首页']);

    await act(() => router.navigate('/system/user/userList'));
    const input = await screen.findByRole('textbox', { name: '用户列表输入' });
    fireEvent.change(input, { target: { value: '张三' } });
    fireEvent.click(screen.getByRole('button', { name: '用户列表计数 0' }));

    await act(() => router.navigate('/system/role/roleList'));
    expect(await pageHeading('角色列表')).toBeTruthy();
    // An entry's page is named after the menu entry in its tab and its h1.
    expect(tabNames()).toEqual(['首页', '用户管理', '角色管理']);
    expect(pageTitle()).toBe('角色管理');
    expect(tab('角色管理').getAttribute('aria-current')).toBe('page');
    expect(tab('用户管理').getAttribute('aria-current')).toBeNull();
    // The left page is still there, hidden.
    const hidden = screen.getByRole('textbox', { name: '用户列表输入', hidden: true });
    expect(hidden.closest<HTMLElement>('.dl-console-page')!.style.display).toBe('none');

    fireEvent.click(tab('用户管理'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/user/userList'));
    expect((screen.getByRole('textbox', { name: '用户列表输入' }) as HTMLInputElement).value).toBe('张三');
    expect(screen.getByRole('button', { name: '用户列表计数 1' })).toBeTruthy();
  });

  it('closes a tab, going to its neighbour when it was open, and unmounts its page', async () => {
    loadConsole();
    const { router } = renderConsole('/home');
    await pageHeading('首页');
    await act(() => router.navigate('/system/user/userList'));
    fireEvent.change(await screen.findByRole('textbox', { name: '用户列表输入' }), { target: { value: '李四' } });
    await act(() => router.navigate('/system/role/roleList'));
    await pageHeading('角色列表');
    // The home tab is pinned.
    expect(tabBar().queryByRole('button', { name: '关闭页签 首页' })).toBeNull();

    fireEvent.click(tabBar().getByRole('button', { name: '关闭页签 角色管理' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/user/userList'));
    expect(tabNames()).toEqual(['首页', '用户管理']);
    expect(screen.queryByRole('heading', { name: '角色列表' })).toBeNull();

    fireEvent.click(tabBar().getByRole('button', { name: '关闭页签 用户管理' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    // Reopened, the page starts afresh.
    await act(() => router.navigate('/system/user/userList'));
    expect(((await screen.findByRole('textbox', { name: '用户列表输入' })) as HTMLInputElement).value).toBe('');
  });

  it('closes the others from the right-click menu and all from the tab actions', async () => {
    loadConsole();
    const { router } = renderConsole('/home');
    await pageHeading('首页');
    for (const path of ['/system/user/userList', '/system/role/roleList', '/message/sms/smsList']) {
      await act(() => router.navigate(path));
    }
    await pageHeading('短信日志列表');

    fireEvent.contextMenu(tab('角色管理'));
    fireEvent.click(await screen.findByRole('menuitem', { name: /关闭其他/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/role/roleList'));
    expect(tabNames()).toEqual(['首页', '角色管理']);

    fireEvent.click(screen.getByRole('button', { name: '页签操作' }));
    const menus = await screen.findAllByRole('menuitem', { name: /关闭全部/ });
    fireEvent.click(menus.at(-1)!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(tabNames()).toEqual(['首页']);
  });

  it('refreshes a page by mounting it afresh', async () => {
    loadConsole();
    const { router } = renderConsole('/system/user/userList');
    fireEvent.change(await screen.findByRole('textbox', { name: '用户列表输入' }), { target: { value: '王五' } });
    fireEvent.click(screen.getByRole('button', { name: '页签操作' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /刷新/ }));
    await waitFor(() => expect((screen.getByRole('textbox', { name: '用户列表输入' }) as HTMLInputElement).value).toBe(''));
    expect(router.state.location.pathname).toBe('/system/user/userList');
  });
});
