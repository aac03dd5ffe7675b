import '../../../test/setup';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeServer, ok, type FakeCall } from '../../../test/renderApp';
import { buttonNamed, renderAtRoute } from '../../../test/widgetKit';
import { declarationDetail, declarationRow } from '../../../test/declarationFixtures';
import { useConsoleStore } from '../../../api/consoleStore';
import DeclarationListPage from './DeclarationListPage';
import DeclarationDetailPage from './DeclarationDetailPage';

type Route = (call: FakeCall) => ReturnType<typeof ok>;
const SUBMITTED = declarationRow();
const ACCEPTED = declarationRow({ declarationId: '42', registrationNo: 'KJ2026-0002', title: '智能电网调度系统', status: 'ACCEPTED', actions: [] });

function serve(extra: Record<string, Route> = {}) {
  const server = fakeServer({
    '/rest/declare/getDeclarePage': (call) => {
      const body = call.body as { status?: string; pageParameter: object };
      const rows = [SUBMITTED, ACCEPTED].filter((r) => !body.status || r.status === body.status);
      return ok({ list: rows, total: rows.length, ...body.pageParameter });
    },
    '/rest/declare/getStatusCounts': () => ok([{ status: 'SUBMITTED', count: 1 }, { status: 'ACCEPTED', count: 1 }, { status: 'DRAFT', count: 0 }]),
    '/rest/declare/exportDeclarations': () => ok(null),
    '/rest/declare/detail': () => ok(declarationDetail()),
    '/rest/declare/getHistory': () =>
      ok([{ stepId: '1', action: 'SUBMIT', actionLabel: '提交申报', fromStatus: 'DRAFT', toStatus: 'SUBMITTED', opinion: null, reasons: [], deadline: null, actorName: '王申报', time: '2026-03-10T02:00:00.000Z' }]),
    ...extra,
  });
  vi.stubGlobal('fetch', server.fetch);
  return server;
}
const LIST = '/award/declaration/declarationList';

afterEach(() => vi.unstubAllGlobals());

describe('申报管理 list', () => {
  it('shows counts per status on top; a count filters the list by its status', async () => {
    useConsoleStore.setState({ authList: ['award:declaration:list', 'award:declaration:detail'] });
    const server = serve();
    renderAtRoute(<DeclarationListPage />, LIST, LIST);
    expect(await screen.findByText('智能电网调度系统')).toBeTruthy();
    expect(await screen.findByText('全部')).toBeTruthy();
    const accepted = await screen.findByText((_, el) => !!el?.classList.contains('ant-tag-checkable') && el.textContent === '已受理 1');
    expect(screen.queryByText((_, el) => !!el?.classList.contains('ant-tag-checkable') && el.textContent?.startsWith('草稿') === true)).toBeNull();
    fireEvent.click(accepted);
    await waitFor(() => expect((server.callsTo('/rest/declare/getDeclarePage').at(-1)!.body as { status?: string }).status).toBe('ACCEPTED'));
    await waitFor(() => expect(screen.queryByText('高效光伏组件关键技术')).toBeNull());
    expect(screen.getByText('智能电网调度系统')).toBeTruthy();
  });

  it('hides 导出列表 and 导出完成人 without the export permission', async () => {
    useConsoleStore.setState({ authList: ['award:declaration:list'] });
    serve();
    renderAtRoute(<DeclarationListPage />, LIST, LIST);
    expect(await screen.findByText('智能电网调度系统')).toBeTruthy();
    expect(buttonNamed('导出列表')).toBeNull();
    expect(buttonNamed('导出完成人')).toBeNull();
  });

  it('exports with the list’s filters when allowed', async () => {
    useConsoleStore.setState({ authList: ['award:declaration:list', 'award:declaration:export'] });
    const server = serve({
      '/rest/declare/exportCompleters': () => ({ body: 'xlsx' as unknown as object }) as ReturnType<typeof ok>,
    });
    renderAtRoute(<DeclarationListPage />, LIST, `${LIST}?status=ACCEPTED`);
    expect(await screen.findByText('智能电网调度系统')).toBeTruthy();
    fireEvent.click(buttonNamed('导出完成人')!);
    await waitFor(() => expect(server.callsTo('/rest/declare/exportCompleters')).toHaveLength(1));
    expect(server.callsTo('/rest/declare/exportCompleters')[0]!.body).toEqual({ status: 'ACCEPTED' });
  });
});

describe('申报书详情', () => {
  it('shows the declaration and its history; 办理撤回申请 only when the server lists it and the user may', async () => {
    useConsoleStore.setState({ authList: ['award:declaration:detail', 'award:declaration:revocation'] });
    serve();
    renderAtRoute(<DeclarationDetailPage />, '/award/declaration/declarationDetail', '/award/declaration/declarationDetail?id=41');
    expect(await screen.findByText('KJ2026-0001')).toBeTruthy();
    expect(buttonNamed('办理撤回申请')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: '办理记录' }));
    expect(await screen.findByText('提交申报')).toBeTruthy();
  });
});
