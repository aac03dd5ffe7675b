import '../../../test/setup';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeServer, ok, refuse } from '../../../test/renderApp';
import { buttonNamed, renderAtRoute } from '../../../test/widgetKit';
import { useConsoleStore } from '../../../api/consoleStore';
import AppFormPage from './AppFormPage';
import AppListPage from './AppListPage';

afterEach(() => vi.unstubAllGlobals());

describe('AppListPage', () => {
  it('shows 新增 only with system:app:add', async () => {
    const server = fakeServer({ '/rest/app/page': () => ok({ list: [], total: 0, pageNum: 1, pageSize: 10 }) });
    vi.stubGlobal('fetch', server.fetch);
    useConsoleStore.setState({ authList: ['system:app:list'] });
    const view = renderAtRoute(<AppListPage />, '/system/app/appList', '/system/app/appList');
    await waitFor(() => expect(server.callsTo('/rest/app/page')).toHaveLength(1));
    expect(buttonNamed('新增')).toBeNull();
    view.unmount();
    useConsoleStore.setState({ authList: ['system:app:list', 'system:app:add'] });
    renderAtRoute(<AppListPage />, '/system/app/appList', '/system/app/appList');
    await waitFor(() => expect(buttonNamed('新增')).not.toBeNull());
  });
});

const appRow = {
  appId: 'a1', appCode: 'declare', appName: '申报系统', visitUrl: '/declare', path: '/', status: 'NORMAL', sort: 0, remark: null, updateTime: '2024-01-01T00:00:00Z', lockVersion: 1,
};
const menuTree = [
  { id: 'd1', pid: null, funcCode: 'sys', funcName: '系统管理', funcType: 'DIR', children: [
    { id: 'm1', pid: 'd1', funcCode: 'user', funcName: '用户管理', funcType: 'MENU', children: [] },
    { id: 'm2', pid: 'd1', funcCode: 'role', funcName: '角色管理', funcType: 'MENU', children: [] },
  ] },
  { id: 'd2', pid: null, funcCode: 'log', funcName: '日志', funcType: 'DIR', children: [
    { id: 'm3', pid: 'd2', funcCode: 'oplog', funcName: '操作日志', funcType: 'MENU', children: [] },
  ] },
];

function openWithMenus(authList: string[], bindReply = ok(null, '保存成功')) {
  const server = fakeServer({
    '/rest/app/page': () => ok({ list: [appRow], total: 1, pageNum: 1, pageSize: 10 }),
    '/rest/app/detail': () => ok({ ...appRow, funcIds: ['d1', 'm1'] }),
    '/rest/menu/getAllMenuTree': () => ok(menuTree),
    '/rest/app/bindMenus': () => bindReply,
  });
  vi.stubGlobal('fetch', server.fetch);
  useConsoleStore.setState({ authList });
  renderAtRoute(<AppListPage />, '/system/app/appList', '/system/app/appList');
  return server;
}

const checkboxOf = (title: string) =>
  Array.from(document.querySelectorAll('.ant-tree-treenode')).find((n) => n.querySelector('.ant-tree-title')?.textContent === title)!.querySelector('.ant-tree-checkbox')!;

describe('AppListPage 绑定菜单', () => {
  it('hides 绑定菜单 without system:app:upd', async () => {
    openWithMenus(['system:app:list', 'system:app:detail']);
    expect(await screen.findByText('申报系统')).toBeTruthy();
    expect(buttonNamed('详情')).not.toBeNull();
    expect(buttonNamed('绑定菜单')).toBeNull();
  });

  it('pre-checks the bound menus and saves the checked plus half-checked ids', async () => {
    const server = openWithMenus(['system:app:list', 'system:app:upd']);
    await screen.findByText('申报系统');
    fireEvent.click(buttonNamed('绑定菜单')!);
    expect(await screen.findByText('操作日志')).toBeTruthy();
    expect(server.callsTo('/rest/app/detail')[0]!.body).toEqual({ appId: 'a1' });
    expect(checkboxOf('用户管理').className).toContain('ant-tree-checkbox-checked');
    expect(checkboxOf('系统管理').className).toContain('ant-tree-checkbox-indeterminate');
    fireEvent.click(checkboxOf('操作日志'));
    fireEvent.click(buttonNamed('保存')!);
    await waitFor(() => expect(server.callsTo('/rest/app/bindMenus')).toHaveLength(1));
    const body = server.callsTo('/rest/app/bindMenus')[0]!.body as { appId: string; funcIds: string[] };
    expect(body.appId).toBe('a1');
    expect([...body.funcIds].sort()).toEqual(['d1', 'd2', 'm1', 'm3']);
    expect(await screen.findByText('保存成功')).toBeTruthy();
  });

  it('shows the refusal and keeps the dialog open', async () => {
    openWithMenus(['system:app:list', 'system:app:upd'], refuse(400, '菜单不存在'));
    await screen.findByText('申报系统');
    fireEvent.click(buttonNamed('绑定菜单')!);
    expect(await screen.findByText('操作日志')).toBeTruthy();
    fireEvent.click(buttonNamed('保存')!);
    expect(await screen.findByText('菜单不存在')).toBeTruthy();
    expect(screen.getByText('操作日志')).toBeTruthy();
  });
});

describe('AppFormPage', () => {
  it('refuses a visit URL that is neither http(s) nor a site path', async () => {
    const server = fakeServer({ '/rest/app/add': () => ok(null) });
    vi.stubGlobal('fetch', server.fetch);
    renderAtRoute(<AppFormPage />, '/system/app/appAdd', '/system/app/appAdd');
    expect(await screen.findByText('新增应用')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('应用编码'), { target: { value: 'declare' } });
    fireEvent.change(screen.getByLabelText('应用名称'), { target: { value: '申报系统' } });
    fireEvent.change(screen.getByLabelText('访问地址'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(buttonNamed('保存')!);
    expect(await screen.findByText('访问地址必须是 http/https 网址或以 / 开头的路径')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('访问地址'), { target: { value: '/declare/home' } });
    fireEvent.click(buttonNamed('保存')!);
    await waitFor(() => expect(server.callsTo('/rest/app/add')).toHaveLength(1));
    expect(server.callsTo('/rest/app/add')[0]!.body).toMatchObject({ appCode: 'declare', visitUrl: '/declare/home', path: '/', status: 'NORMAL' });
  });
});
