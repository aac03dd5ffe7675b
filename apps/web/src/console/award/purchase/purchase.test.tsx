import '../../../test/setup';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeServer, ok, type FakeCall } from '../../../test/renderApp';
import { buttonNamed, renderAtRoute } from '../../../test/widgetKit';
import { useConsoleStore } from '../../../api/consoleStore';
import PurchaseListPage from './PurchaseListPage';

const LIST = '/award/purchase/purchaseList';

const row = (extra: Record<string, unknown> = {}) => ({
  purchaseId: '5',
  achievementId: '90',
  achievementTitle: '高熵合金的设计与制备',
  unitOrgId: '3',
  unitOrgName: '甲大学',
  kind: 'LICENSE',
  organisation: '丙科技有限公司',
  contactName: '李四',
  phone: '13912345678',
  email: null,
  message: '希望获得专利许可',
  status: 'NEW',
  ip: '10.0.0.1',
  createTime: '2026-11-20T02:00:00.000Z',
  updateTime: '2026-11-20T02:00:00.000Z',
  updateBy: null,
  lockVersion: 0,
  ...extra,
});

function serve(rows: Array<ReturnType<typeof row>>) {
  const server = fakeServer({
    '/rest/purchase/getPurchasePage': (call: FakeCall) => ok({ list: rows, total: rows.length, ...(call.body as { pageParameter: object }).pageParameter }),
    '/rest/purchase/updateStatus': (call: FakeCall) => ok(row({ ...(call.body as object), lockVersion: 1 }), '状态已更新'),
  });
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

afterEach(() => vi.unstubAllGlobals());

describe('合作意向 list', () => {
  it('offers 已联系 and 关闭 by state and permission, and sends the lock with the move', async () => {
    useConsoleStore.setState({ authList: ['award:purchase:list', 'award:purchase:upd'] });
    const server = serve([row(), row({ purchaseId: '6', organisation: '丁制造集团', status: 'CLOSED' })]);
    renderAtRoute(<PurchaseListPage />, LIST, LIST);
    expect(await screen.findByText('丙科技有限公司')).toBeTruthy();
    expect(screen.getByText('丁制造集团')).toBeTruthy();
    // Only the new one can move: one 已联系, one 关闭.
    expect(screen.getAllByRole('button', { name: '已联系' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: '关闭' })).toHaveLength(1);
    fireEvent.click(buttonNamed('已联系')!);
    await waitFor(() => expect(server.callsTo('/rest/purchase/updateStatus')).toHaveLength(1));
    expect(server.callsTo('/rest/purchase/updateStatus')[0]!.body).toEqual({ purchaseId: '5', lockVersion: 0, status: 'CONTACTED' });
  });

  it('shows no moves without the update permission', async () => {
    useConsoleStore.setState({ authList: ['award:purchase:list'] });
    serve([row()]);
    renderAtRoute(<PurchaseListPage />, LIST, LIST);
    expect(await screen.findByText('丙科技有限公司')).toBeTruthy();
    expect(buttonNamed('已联系')).toBeNull();
    expect(buttonNamed('关闭')).toBeNull();
  });

  it('says when there are none', async () => {
    useConsoleStore.setState({ authList: ['award:purchase:list'] });
    serve([]);
    renderAtRoute(<PurchaseListPage />, LIST, LIST);
    expect(await screen.findByText('还没有合作意向')).toBeTruthy();
  });
});
