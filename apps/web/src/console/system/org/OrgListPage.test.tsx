import '../../../test/setup';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeServer, ok, type FakeCall } from '../../../test/renderApp';
import { buttonNamed, renderAtRoute } from '../../../test/widgetKit';
import { useConsoleStore } from '../../../api/consoleStore';
import OrgListPage from './OrgListPage';
import type { OrgNode } from './api';

const node = (orgId: string, orgName: string, extra: Partial<OrgNode> = {}): OrgNode => ({
  orgId, orgCode: `C${orgId}`, orgName, parentOrgId: null, orgType: null, orgLevel: null, orgStatus: 'NORMAL', orgSort: 0, isLeaf: true, ...extra,
});

let roots: OrgNode[];

function open(extra: Record<string, (call: FakeCall) => ReturnType<typeof ok>> = {}) {
  const server = fakeServer({
    '/rest/organ/tree': (call) => {
      const body = call.body as { keyword?: string };
      if (body.keyword) return ok([node('1', '总部', { isLeaf: false }), node('5', '财务处', { parentOrgId: '1' })]);
      return ok(roots);
    },
    '/rest/organ/users': () => ok({ list: [], total: 0, pageNum: 1, pageSize: 10 }),
    ...extra,
  });
  vi.stubGlobal('fetch', server.fetch);
  renderAtRoute(<OrgListPage />, '/system/org/orgList', '/system/org/orgList');
  return server;
}

beforeEach(() => {
  roots = [node('1', '总部'), node('2', '分部')];
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/system/org/orgList', () => {
  it('shows the tree but no change buttons without the codes', async () => {
    useConsoleStore.setState({ authList: ['system:org:list'] });
    open();
    expect(await screen.findByText('总部')).toBeTruthy();
    for (const label of ['新增机构', '导出', '新增下级', '修改', '删除', '更多']) expect(buttonNamed(label), label).toBeNull();
  });

  it('exports the organisations, limited to the search keyword', async () => {
    useConsoleStore.setState({ authList: ['system:org:list', 'system:org:export'] });
    const server = open();
    await screen.findByText('总部');
    fireEvent.click(buttonNamed('导出')!);
    await waitFor(() => expect(server.callsTo('/rest/organ/export')).toHaveLength(1));
    expect(server.callsTo('/rest/organ/export')[0]!.body).toEqual({});
  });

  it('shows each node its permitted actions', async () => {
    useConsoleStore.setState({ authList: ['system:org:list', 'system:org:add', 'system:org:upd'] });
    open();
    await screen.findByText('总部');
    expect(buttonNamed('新增机构')).toBeTruthy();
    expect(screen.getAllByText('新增下级')).toHaveLength(2);
    expect(screen.getAllByText('修改')).toHaveLength(2);
    expect(buttonNamed('删除')).toBeNull();
  });

  it('deletes a node only after confirming, then reloads its level', async () => {
    useConsoleStore.setState({ authList: ['system:org:list', 'system:org:del'] });
    const server = open({
      '/rest/organ/delete': () => {
        roots = roots.filter((o) => o.orgId !== '2');
        return ok(null, '删除成功');
      },
    });
    await screen.findByText('分部');
    const row = document.querySelector('[data-org-id="2"]')!;
    fireEvent.click(Array.from(row.querySelectorAll('button')).find((b) => b.textContent === '删除')!);
    expect(await screen.findByText('确定删除机构「分部」吗？')).toBeTruthy();
    expect(server.callsTo('/rest/organ/delete')).toHaveLength(0);
    fireEvent.click(buttonNamed('确定')!);
    await waitFor(() => expect(server.callsTo('/rest/organ/delete')).toHaveLength(1));
    expect(server.callsTo('/rest/organ/delete')[0]!.body).toEqual({ orgId: '2' });
    await waitFor(() => expect(screen.queryByText('分部')).toBeNull());
  });

  it('searches by keyword and shows the matches under their ancestors', async () => {
    useConsoleStore.setState({ authList: ['system:org:list'] });
    const server = open();
    await screen.findByText('总部');
    fireEvent.change(screen.getByLabelText('机构'), { target: { value: '财务' } });
    fireEvent.keyDown(screen.getByLabelText('机构'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(await screen.findByText('财务处')).toBeTruthy();
    expect(server.callsTo('/rest/organ/tree').at(-1)!.body).toEqual({ keyword: '财务' });
  });

  it('moves a node down among its siblings and sends the whole new order', async () => {
    useConsoleStore.setState({ authList: ['system:org:list', 'system:org:sort'] });
    roots = [node('1', '总部'), node('2', '分部'), node('3', '办事处')];
    const server = open({
      '/rest/organ/sort': (call) => {
        const { orderedIds } = call.body as { orderedIds: string[] };
        roots = orderedIds.map((id) => roots.find((o) => o.orgId === id)!);
        return ok(null);
      },
    });
    await screen.findByText('办事处');
    const buttonIn = (orgId: string, label: string) =>
      Array.from(document.querySelector(`[data-org-id="${orgId}"]`)!.querySelectorAll('button')).find((b) => b.textContent === label)!;
    expect(buttonIn('1', '上移').disabled).toBe(true);
    expect(buttonIn('1', '下移').disabled).toBe(false);
    expect(buttonIn('3', '下移').disabled).toBe(true);
    const treeLoads = server.callsTo('/rest/organ/tree').length;
    fireEvent.click(buttonIn('1', '下移'));
    await waitFor(() => expect(server.callsTo('/rest/organ/sort')).toHaveLength(1));
    expect(server.callsTo('/rest/organ/sort')[0]!.body).toEqual({ orderedIds: ['2', '1', '3'] });
    await waitFor(() => expect(server.callsTo('/rest/organ/tree').length).toBe(treeLoads + 1));
    expect(server.callsTo('/rest/organ/tree').at(-1)!.body).toEqual({});
    await waitFor(() => expect(buttonIn('2', '上移').disabled).toBe(true));
    const order = Array.from(document.querySelectorAll('[data-org-id]')).map((el) => el.getAttribute('data-org-id'));
    expect(order).toEqual(['2', '1', '3']);
  });

  it('sends the parent with a child level\'s order', async () => {
    useConsoleStore.setState({ authList: ['system:org:list', 'system:org:sort'] });
    roots = [node('1', '总部', { isLeaf: false })];
    const server = open({
      '/rest/organ/tree': (call) => {
        const body = call.body as { parentId?: string };
        return ok(body.parentId === '1' ? [node('11', '人事处', { parentOrgId: '1' }), node('12', '财务处', { parentOrgId: '1' })] : roots);
      },
      '/rest/organ/sort': () => ok(null),
    });
    await screen.findByText('总部');
    fireEvent.click(document.querySelector('.ant-tree-switcher')!);
    await screen.findByText('财务处');
    const up = Array.from(document.querySelector('[data-org-id="12"]')!.querySelectorAll('button')).find((b) => b.textContent === '上移')!;
    fireEvent.click(up);
    await waitFor(() => expect(server.callsTo('/rest/organ/sort')).toHaveLength(1));
    expect(server.callsTo('/rest/organ/sort')[0]!.body).toEqual({ parentOrgId: '1', orderedIds: ['12', '11'] });
    await waitFor(() => expect(server.callsTo('/rest/organ/tree').at(-1)!.body).toEqual({ parentId: '1' }));
  });
});
