import '../../../test/setup';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { AppProviders } from '../../../app/providers';
import { fakeServer, ok, refuse, type FakeCall } from '../../../test/renderApp';
import { useConsoleStore } from '../../../api/consoleStore';
import SmsListPage from './SmsListPage';
import type { SmsLog } from './api';

const PAGE_PATH = '/rest/smsService/getSmsByPage';

const log = (id: string, extra: Partial<SmsLog> = {}): SmsLog => ({
  id,
  phone: `1380013800${id}`,
  content: '【蒲公英】您的验证码为 ******，5 分钟内有效。',
  purpose: 'LOGIN',
  provider: 'LOG',
  status: 'SENT',
  error: null,
  ip: '127.0.0.1',
  createTime: '2026-03-01T02:30:00.000Z',
  ...extra,
});

let rows: SmsLog[];

function serve(extra: Record<string, (call: FakeCall) => ReturnType<typeof ok>> = {}) {
  const server = fakeServer({
    [PAGE_PATH]: (call) => {
      const { pageParameter } = call.body as { pageParameter: { pageNum: number; pageSize: number } };
      return ok({ list: rows, total: rows.length, ...pageParameter });
    },
    ...extra,
  });
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/message/sms/smsList', element: <SmsListPage /> }], {
    initialEntries: ['/message/sms/smsList'],
  });
  return render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

/** The button whose label starts with `text` (quick: role queries over a whole table are slow). */
const button = (text: string) =>
  Array.from(document.querySelectorAll('button')).find((b) => b.textContent?.trim().startsWith(text)) ?? null;

beforeEach(() => {
  rows = [log('1'), log('2', { status: 'FAILED', error: 'gateway timeout', purpose: 'REGISTER', provider: 'WEBHOOK' })];
  useConsoleStore.setState({ authList: ['message:sms:list'] });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/message/sms/smsList', () => {
  it('lists the log with labels for purpose, provider and status, and the send time in China time', async () => {
    const server = serve();
    renderPage();
    expect(await screen.findByText('13800138001')).toBeTruthy();
    expect(screen.getByText('13800138002')).toBeTruthy();
    expect(screen.getByText('发送成功')).toBeTruthy();
    expect(screen.getByText('发送失败')).toBeTruthy();
    expect(screen.getByText('注册')).toBeTruthy();
    expect(screen.getByText('短信网关')).toBeTruthy();
    expect(screen.getByText('gateway timeout')).toBeTruthy();
    expect(screen.getAllByText('2026-03-01 10:30')).toHaveLength(2);
    expect(screen.getByText('共 2 条')).toBeTruthy();
    expect(server.callsTo(PAGE_PATH)[0]!.body).toEqual({ pageParameter: { pageNum: 1, pageSize: 10 } });
  });

  it('hides delete, batch delete and row selection without message:sms:del', async () => {
    serve();
    renderPage();
    await screen.findByText('13800138001');
    expect(button('删除')).toBeNull();
    expect(button('批量删除')).toBeNull();
    expect(document.querySelector('tr.ant-table-row input[type="checkbox"]')).toBeNull();
  });

  it('deletes a row only after confirming, then reloads the list', async () => {
    useConsoleStore.setState({ authList: ['message:sms:list', 'message:sms:del'] });
    const server = serve({
      '/rest/smsService/deleteSmsById': () => {
        rows = rows.filter((row) => row.id !== '2');
        return ok(null, '删除成功');
      },
    });
    renderPage();
    await screen.findByText('13800138002');
    const row = screen.getByText('13800138002').closest('tr')!;
    fireEvent.click(Array.from(row.querySelectorAll('button')).find((b) => b.textContent === '删除')!);
    expect(await screen.findByText('确定删除这条短信日志吗？')).toBeTruthy();
    expect(server.callsTo('/rest/smsService/deleteSmsById')).toHaveLength(0);

    fireEvent.click(button('确定')!);
    await waitFor(() => expect(server.callsTo('/rest/smsService/deleteSmsById')).toHaveLength(1));
    expect(server.callsTo('/rest/smsService/deleteSmsById')[0]!.body).toEqual({ id: '2' });
    expect(await screen.findByText('删除成功')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('13800138002')).toBeNull());
    expect(server.callsTo(PAGE_PATH).length).toBeGreaterThanOrEqual(2);
  });

  it('deletes the selected rows in one call after confirming', async () => {
    useConsoleStore.setState({ authList: ['message:sms:list', 'message:sms:del'] });
    const server = serve({
      '/rest/smsService/deleteSmsByIds': (call) => {
        const { ids } = call.body as { ids: string[] };
        rows = rows.filter((row) => !ids.includes(row.id));
        return ok({ deleted: ids.length }, '删除成功');
      },
    });
    renderPage();
    await screen.findByText('13800138001');
    expect(button('批量删除')!.hasAttribute('disabled')).toBe(true);

    document.querySelectorAll<HTMLInputElement>('tr.ant-table-row input[type="checkbox"]').forEach((box) => fireEvent.click(box));
    await waitFor(() => expect(button('批量删除（2）')!.hasAttribute('disabled')).toBe(false));
    fireEvent.click(button('批量删除（2）')!);
    expect(await screen.findByText('确定删除选中的 2 条短信日志吗？')).toBeTruthy();
    fireEvent.click(button('确定')!);

    await waitFor(() => expect(server.callsTo('/rest/smsService/deleteSmsByIds')).toHaveLength(1));
    expect(server.callsTo('/rest/smsService/deleteSmsByIds')[0]!.body).toEqual({ ids: ['1', '2'] });
    expect(await screen.findByText('已删除 2 条短信日志')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('13800138001')).toBeNull());
  });

  it('searches by phone, starting again from page 1', async () => {
    rows = Array.from({ length: 12 }, (_, i) => log(String(i + 1)));
    const server = serve();
    renderPage();
    await screen.findByText('13800138001');
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(server.callsTo(PAGE_PATH).at(-1)!.body).toMatchObject({ pageParameter: { pageNum: 2 } }));
    fireEvent.change(screen.getByLabelText('手机号'), { target: { value: ' 1380013 ' } });
    fireEvent.click(button('查询')!);
    await waitFor(() =>
      expect(server.callsTo(PAGE_PATH).at(-1)!.body).toEqual({ phone: '1380013', pageParameter: { pageNum: 1, pageSize: 10 } }),
    );
  });

  it('shows why the list could not be loaded', async () => {
    const server = fakeServer({ [PAGE_PATH]: refuse(403, '没有权限执行此操作') });
    vi.stubGlobal('fetch', server.fetch);
    renderPage();
    expect(await screen.findByText('列表加载失败：没有权限执行此操作')).toBeTruthy();
  });
});
