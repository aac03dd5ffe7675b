import '../../../test/setup';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEvent, fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeServer, ok } from '../../../test/renderApp';
import { renderAtRoute } from '../../../test/widgetKit';
import { useConsoleStore } from '../../../api/consoleStore';
import FuncListPage from './FuncListPage';
import type { FuncNode } from './api';

const fn = (id: string, funcName: string, funcCode: string, funcType: FuncNode['funcType'], pid: string | null, children: FuncNode[] = []): FuncNode => ({
  id, pid, funcCode, funcName, funcType, path: null, url: null, redirect: null, hidden: false, alwaysShow: false, icon: null, activeMenu: null, sort: 0, status: 'NORMAL',
  createTime: '2026-03-01T00:00:00.000Z', createBy: 'admin', updateTime: '2026-03-01T00:00:00.000Z', updateBy: 'admin', createById: null, updateById: null, delFlag: 0, lockVersion: 0, children,
});
const TREE = [
  fn('1', '系统管理', 'system', 'DIR', null, [fn('11', '用户管理', 'system:user:main', 'MENU', '1', [fn('111', '冻结', 'system:user:lock', 'BUTTON', '11')])]),
  fn('2', '消息管理', 'message', 'DIR', null),
  fn('3', '个人中心', 'center', 'MENU', null),
];

function open(authList: string[]) {
  useConsoleStore.setState({ authList });
  const server = fakeServer({ '/rest/menu/getMenuTree': () => ok(TREE), '/rest/menu/menuSort': () => ok(null, '排序成功') });
  vi.stubGlobal('fetch', server.fetch);
  renderAtRoute(<FuncListPage />, '/system/func/funcList', '/system/func/funcList');
  return server;
}
/** happy-dom's drag events carry no pointer position: give one. */
const at = (event: Event, clientY: number) => Object.defineProperty(event, 'clientY', { value: clientY });
const rowOf = (text: string) => screen.getByText(text).closest('tr')!;

afterEach(() => vi.unstubAllGlobals());

describe('/system/func/funcList', () => {
  it('finds a button by its permission code, shown under its opened-up parents', async () => {
    open(['system:func:list']);
    await screen.findByText('消息管理');
    fireEvent.change(screen.getByLabelText('名称/权限标识'), { target: { value: 'USER:LOCK' } });
    fireEvent.keyDown(screen.getByLabelText('名称/权限标识'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(await screen.findByText('冻结')).toBeTruthy();
    expect(screen.getByText('用户管理')).toBeTruthy();
    expect(screen.queryByText('消息管理')).toBeNull();
    // Without system:func:sort nothing can be dragged.
    expect(rowOf('系统管理').getAttribute('draggable')).toBeNull();
  });

  it('dragging a row onto a sibling saves the new order of that level', async () => {
    const server = open(['system:func:list', 'system:func:sort']);
    await screen.findByText('个人中心');
    const from = rowOf('个人中心');
    const onto = rowOf('系统管理');
    expect(from.getAttribute('draggable')).toBe('true');
    // The pointer is in the upper half of the row: the dragged row goes before it.
    onto.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: 100, width: 800, height: 40 });
    const dataTransfer = { setData: () => undefined, effectAllowed: '' };
    fireEvent.dragStart(from, { dataTransfer });
    fireEvent(onto, at(createEvent.dragOver(onto, { dataTransfer }), 110));
    expect(onto.getAttribute('data-drop')).toBe('before');
    fireEvent(onto, at(createEvent.drop(onto, { dataTransfer }), 110));
    await waitFor(() => expect(server.callsTo('/rest/menu/menuSort')).toHaveLength(1));
    expect(server.callsTo('/rest/menu/menuSort')[0]!.body).toEqual({ pid: null, orderedIds: ['3', '1', '2'] });
  });

  it('does not drop a row under another parent', async () => {
    const server = open(['system:func:list', 'system:func:sort']);
    await screen.findByText('个人中心');
    fireEvent.click(rowOf('系统管理').querySelector('button.ant-table-row-expand-icon')!);
    const child = await screen.findByText('用户管理');
    const dataTransfer = { setData: () => undefined, effectAllowed: '' };
    fireEvent.dragStart(child.closest('tr')!, { dataTransfer });
    fireEvent.drop(rowOf('个人中心'), { dataTransfer });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.callsTo('/rest/menu/menuSort')).toHaveLength(0);
  });
});
