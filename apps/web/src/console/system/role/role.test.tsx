import '../../../test/setup';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeServer, ok, type FakeCall } from '../../../test/renderApp';
import { buttonNamed, renderAtRoute } from '../../../test/widgetKit';
import { useConsoleStore } from '../../../api/consoleStore';
import RoleFormPage from './RoleFormPage';
import RoleListPage from './RoleListPage';
import type { FuncNode, Role } from './api';

const role = (roleId: string, roleCode: string, roleName: string): Role => ({
  roleId, roleCode, roleName, roleType: 'SYS', dataScope: 'SELF', status: 'NORMAL', sort: 0, remark: null,
  createTime: '2026-03-01T02:30:00.000Z', createBy: 'admin', updateTime: '2026-03-01T02:30:00.000Z', updateBy: 'admin', createById: null, updateById: null, delFlag: 0, lockVersion: 0,
});
const node = (funcId: string, funcName: string, funcType: string, children: FuncNode[] = []): FuncNode => ({ funcId, pid: null, funcCode: `c${funcId}`, funcName, funcType, children });
// 系统管理 (1) > 角色管理 (2) > [角色列表 (3), 分配权限 (4)]; 个人中心 (5).
const TREE = [node('1', '系统管理', 'DIR', [node('2', '角色管理', 'MENU', [node('3', '角色列表', 'MENU'), node('4', '分配权限按钮', 'BUTTON')])]), node('5', '个人中心', 'MENU')];

function serve(extra: Record<string, (call: FakeCall) => ReturnType<typeof ok>> = {}) {
  const server = fakeServer({
    '/rest/role/getAllRole': (call) => ok({ list: [role('7', 'EDITOR', '编辑'), role('1', 'ADMIN', '系统管理员')], total: 2, ...(call.body as { pageParameter: object }).pageParameter }),
    '/rest/dict/getdictlists': () => ok({ ROLE_TYPE: [{ dictId: '1', dictCode: 'SYS', dictName: '系统', label: '系统', value: 'SYS' }] }),
    '/rest/role/permissionTree': () => ok({ funcs: TREE, rules: [{ ruleId: '9', ruleCode: 'R', ruleName: '本机构', scopeType: 'ORG', status: 'NORMAL' }] }),
    // Bound: the directory and menu (as parents) and the role list page, plus 个人中心.
    '/rest/role/getRolePermission': () => ok({ funcIds: ['1', '2', '3', '5'], ruleIds: [] }),
    '/rest/role/bindPermission': (call) => ok(call.body, '权限已保存'),
    ...extra,
  });
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

beforeEach(() => {
  useConsoleStore.setState({ authList: ['system:role:list'] });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('RoleListPage', () => {
  it('shows only the list without the action codes', async () => {
    serve();
    renderAtRoute(<RoleListPage />, '/system/role/roleList', '/system/role/roleList');
    expect(await screen.findByText('编辑')).toBeTruthy();
    for (const label of ['新增', '导出', '修改', '详情', '删除', '分配权限', '查看用户', '更多']) expect(buttonNamed(label), label).toBeNull();
  });

  it('exports the list with the current search', async () => {
    useConsoleStore.setState({ authList: ['system:role:list', 'system:role:export'] });
    const server = serve();
    renderAtRoute(<RoleListPage />, '/system/role/roleList', '/system/role/roleList');
    await screen.findByText('编辑');
    fireEvent.change(screen.getByLabelText('角色编码'), { target: { value: 'EDI' } });
    fireEvent.click(buttonNamed('查询')!);
    await waitFor(() => expect(server.callsTo('/rest/role/getAllRole').at(-1)?.body).toMatchObject({ roleCode: 'EDI' }));
    fireEvent.click(buttonNamed('导出')!);
    await waitFor(() => expect(server.callsTo('/rest/role/export')).toHaveLength(1));
    expect(server.callsTo('/rest/role/export')[0]!.body).toEqual({ roleCode: 'EDI' });
  });

  it('sends checked nodes plus half-checked parents from the permission drawer', async () => {
    useConsoleStore.setState({ authList: ['system:role:list', 'system:role:perm', 'system:role:upd'] });
    const server = serve();
    renderAtRoute(<RoleListPage />, '/system/role/roleList', '/system/role/roleList');
    await screen.findByText('编辑');
    const row = screen.getByText('编辑').closest('tr')!;
    fireEvent.click(Array.from(row.querySelectorAll('button')).find((b) => b.textContent === '分配权限')!);
    expect(await screen.findByText('分配权限：编辑')).toBeTruthy();
    await screen.findByText('角色管理');
    fireEvent.click(buttonNamed('展开全部')!);
    expect(await screen.findByText('分配权限按钮')).toBeTruthy();
    // Bound 1,2,3 but not the button 4: 系统管理 and 角色管理 read half-checked.
    await waitFor(() => expect(document.querySelectorAll('.ant-tree-checkbox-indeterminate')).toHaveLength(2));
    // Uncheck 个人中心, check nothing else; tick the rule.
    const treeNode = (title: string) => screen.getByText(title).closest('.ant-tree-treenode')!;
    fireEvent.click(treeNode('个人中心').querySelector('.ant-tree-checkbox')!);
    fireEvent.click(screen.getByLabelText('本机构'));
    fireEvent.click(buttonNamed('保存')!);
    await waitFor(() => expect(server.callsTo('/rest/role/bindPermission')).toHaveLength(1));
    const body = server.callsTo('/rest/role/bindPermission')[0]!.body as { roleId: string; funcIds: string[]; ruleIds: string[] };
    expect(body.roleId).toBe('7');
    expect([...body.funcIds].sort()).toEqual(['1', '2', '3']);
    expect(body.ruleIds).toEqual(['9']);
    expect(await screen.findByText('权限已保存')).toBeTruthy();
  });
});

async function openPermissionDrawer() {
  useConsoleStore.setState({ authList: ['system:role:list', 'system:role:perm'] });
  const server = serve();
  renderAtRoute(<RoleListPage />, '/system/role/roleList', '/system/role/roleList');
  await screen.findByText('编辑');
  const row = screen.getByText('编辑').closest('tr')!;
  fireEvent.click(Array.from(row.querySelectorAll('button')).find((b) => b.textContent === '分配权限')!);
  await screen.findByText('角色管理');
  return server;
}
const shownTitles = () =>
  Array.from(document.querySelectorAll<HTMLElement>('.ant-drawer .ant-tree-treenode'))
    .filter((n) => n.style.display !== 'none')
    .flatMap((n) => n.querySelector('.ant-tree-title')?.textContent ?? []);
const savedFuncIds = async (server: ReturnType<typeof serve>) => {
  fireEvent.click(buttonNamed('保存')!);
  await waitFor(() => expect(server.callsTo('/rest/role/bindPermission')).toHaveLength(1));
  return [...(server.callsTo('/rest/role/bindPermission')[0]!.body as { funcIds: string[] }).funcIds].sort();
};

describe('the permission drawer controls', () => {
  it('opens at the top level; 展开全部 shows the buttons and 折叠全部 folds back to the top level', async () => {
    await openPermissionDrawer();
    expect(screen.queryByText('分配权限按钮')).toBeNull();
    fireEvent.click(buttonNamed('展开全部')!);
    expect(await screen.findByText('分配权限按钮')).toBeTruthy();
    fireEvent.click(buttonNamed('折叠全部')!);
    await waitFor(() => expect(screen.queryByText('角色管理')).toBeNull());
    expect(screen.getByText('系统管理')).toBeTruthy();
  });

  it('全选 grants every menu and button; 取消全选 grants none', async () => {
    let server = await openPermissionDrawer();
    fireEvent.click(buttonNamed('全选')!);
    expect(await savedFuncIds(server)).toEqual(['1', '2', '3', '4', '5']);
    cleanup();
    vi.unstubAllGlobals();
    server = await openPermissionDrawer();
    fireEvent.click(buttonNamed('取消全选')!);
    expect(await savedFuncIds(server)).toEqual([]);
  });

  it('search keeps the matching branch, marks the match and opens the way to it; ticking there still conducts', async () => {
    const server = await openPermissionDrawer();
    fireEvent.change(screen.getByLabelText('搜索菜单或按钮'), { target: { value: '按钮' } });
    await waitFor(() => expect(shownTitles()).toEqual(['系统管理 目录', '角色管理 菜单', '分配权限按钮 按钮']));
    expect(document.querySelector('mark.dl-tree-match')!.textContent).toBe('按钮');
    const box = screen.getByText('按钮', { selector: 'mark' }).closest('.ant-tree-treenode')!.querySelector('.ant-tree-checkbox')!;
    fireEvent.click(box);
    await waitFor(() => expect(box.className).toContain('ant-tree-checkbox-checked'));
    // Every leaf of 角色管理 is now ticked: the menu and directory count as checked, 个人中心 stays bound.
    expect(await savedFuncIds(server)).toEqual(['1', '2', '3', '4', '5']);
  });

  it('says so when nothing matches', async () => {
    await openPermissionDrawer();
    fireEvent.change(screen.getByLabelText('搜索菜单或按钮'), { target: { value: '不存在的菜单' } });
    expect(await screen.findByText('没有名称或标识包含“不存在的菜单”的菜单')).toBeTruthy();
  });
});

describe('the role detail page', () => {
  it('describes the role with 编辑 for holders of 修改, and tabs for its users and its granted permissions', async () => {
    useConsoleStore.setState({ authList: ['system:role:list', 'system:role:detail', 'system:role:upd', 'system:role:perm'] });
    serve({
      '/rest/role/detail': () => ok({ ...role('7', 'EDITOR', '编辑'), dataOrgIds: [] }),
      '/rest/role/users': (call) => ok({ list: [{ id: '11', username: 'zhangsan', realname: '张三', phone: '138****0000', status: 'NORMAL' }], total: 1, ...(call.body as { pageParameter: object }).pageParameter }),
    });
    renderAtRoute(<RoleFormPage />, '/system/role/:page', '/system/role/roleDetail?id=7');
    expect(await screen.findByText('角色详情')).toBeTruthy();
    expect(await screen.findByText('EDITOR')).toBeTruthy();
    expect(screen.getByText('仅本人')).toBeTruthy();
    expect(buttonNamed('编辑')).not.toBeNull();
    expect(document.querySelector('input')).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: '用户' }));
    expect(await screen.findByText('zhangsan')).toBeTruthy();
    expect(screen.getByText('138****0000')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: '权限' }));
    expect(await screen.findByText('角色列表')).toBeTruthy();
    expect(screen.getByText('个人中心')).toBeTruthy();
    // The button 4 is not bound: not shown, and nothing can be ticked here.
    expect(screen.queryByText('分配权限按钮')).toBeNull();
    expect(document.querySelector('.ant-tabs-tabpane-active .ant-tree-checkbox')).toBeNull();
  });
});

describe('RoleFormPage', () => {
  it('shows the validation messages and sends nothing', async () => {
    const server = serve({ '/rest/role/add': () => ok(null) });
    renderAtRoute(<RoleFormPage />, '/system/role/roleAdd', '/system/role/roleAdd');
    expect(await screen.findByText('新增角色')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('角色编码'), { target: { value: 'bad code' } });
    fireEvent.click(buttonNamed('保存')!);
    const errors = () => Array.from(document.querySelectorAll('.ant-form-item-explain-error')).map((e) => e.textContent);
    await waitFor(() => expect(errors()).toEqual(['角色编码只能包含字母、数字和下划线', '请输入角色名称', '请选择角色类型']));
    expect(server.callsTo('/rest/role/add')).toHaveLength(0);
  });
});
