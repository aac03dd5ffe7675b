import '../../../test/setup';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeServer, ok, type FakeCall } from '../../../test/renderApp';
import { buttonNamed, renderAtRoute } from '../../../test/widgetKit';
import { useConsoleStore } from '../../../api/consoleStore';
import { FundListPage, OriginListPage } from './LookupListPage';
import type { Lookup } from './api';

const audit = { createTime: '2026-03-01T02:30:00.000Z', createBy: 'admin', createById: '1', updateBy: 'admin', updateById: '1', updateTime: '2026-03-01T02:30:00.000Z', delFlag: 0, lockVersion: 2 };
const NSFC: Lookup = { id: '11', name: '国家自然科学基金', code: 'NSFC', agency: '国家自然科学基金委员会', level: 'NATIONAL', remark: null, sort: 1, collected: false, ...audit };
const PNSF: Lookup = { id: '12', name: '省自然科学基金', code: 'PNSF', agency: '省科学技术厅', level: 'PROVINCIAL', remark: null, sort: 6, collected: true, ...audit };

function serve(rows: Lookup[], extra: Record<string, (call: FakeCall) => ReturnType<typeof ok>> = {}) {
  const page = (call: FakeCall) => ok({ list: rows, total: rows.length, ...(call.body as { pageParameter: object }).pageParameter });
  const server = fakeServer({
    '/rest/lookfunds/getpage': page,
    '/rest/origin/getpage': page,
    '/rest/collection/update': (call) => ok({ collected: (call.body as { collected: boolean }).collected }),
    ...extra,
  });
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

afterEach(() => vi.unstubAllGlobals());

describe('LookupListPage', () => {
  beforeEach(() => useConsoleStore.setState({ authList: ['award:fund:list', 'award:fund:add', 'award:fund:upd', 'award:fund:detail', 'award:fund:del'] }));

  it('lists the funds and the stars keep or drop the favourite with the right body', async () => {
    const server = serve([PNSF, NSFC]);
    renderAtRoute(<FundListPage />, '/award/fund/fundList', '/award/fund/fundList');
    expect(await screen.findByText('国家自然科学基金')).toBeTruthy();
    expect(screen.getByText('省部级')).toBeTruthy();
    expect(screen.getByText('国家自然科学基金委员会')).toBeTruthy();
    for (const label of ['新增', '编辑', '详情', '删除']) expect(buttonNamed(label), label).not.toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '收藏「国家自然科学基金」' }));
    await waitFor(() => expect(server.callsTo('/rest/collection/update')).toHaveLength(1));
    expect(server.callsTo('/rest/collection/update')[0]!.body).toEqual({ kind: 'FUND', id: '11', collected: true });
    // The list is asked again so the favourite moves to the top.
    await waitFor(() => expect(server.callsTo('/rest/lookfunds/getpage').length).toBeGreaterThan(1));

    fireEvent.click(screen.getByRole('button', { name: '取消收藏「省自然科学基金」' }));
    await waitFor(() => expect(server.callsTo('/rest/collection/update')).toHaveLength(2));
    expect(server.callsTo('/rest/collection/update')[1]!.body).toEqual({ kind: 'FUND', id: '12', collected: false });
  });

  it('只看收藏 and the keyword go to the server as conditions', async () => {
    const server = serve([PNSF]);
    renderAtRoute(<FundListPage />, '/award/fund/fundList', '/award/fund/fundList');
    await screen.findByText('省自然科学基金');
    fireEvent.change(screen.getByLabelText('名称/编号'), { target: { value: 'NSF' } });
    fireEvent.click(screen.getByRole('switch', { name: '只看收藏' }));
    fireEvent.click(buttonNamed('查询')!);
    await waitFor(() => expect(server.callsTo('/rest/lookfunds/getpage').at(-1)!.body).toMatchObject({ keyword: 'NSF', collectedOnly: true }));
  });

  it('新增 refuses an empty name with 请输入名称 before sending, then sends the values', async () => {
    const server = serve([NSFC], { '/rest/lookfunds/insert': (call) => ok({ ...NSFC, ...(call.body as object), id: '13' }) });
    renderAtRoute(<FundListPage />, '/award/fund/fundList', '/award/fund/fundList');
    await screen.findByText('国家自然科学基金');
    fireEvent.click(buttonNamed('新增')!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('新增基金')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('请输入名称')).toBeTruthy();
    expect(server.callsTo('/rest/lookfunds/insert')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('名称'), { target: { value: '国家社会科学基金' } });
    fireEvent.change(within(dialog).getByLabelText('编号'), { target: { value: 'NSSF' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(server.callsTo('/rest/lookfunds/insert')).toHaveLength(1));
    expect(server.callsTo('/rest/lookfunds/insert')[0]!.body).toMatchObject({ name: '国家社会科学基金', code: 'NSSF', level: 'NATIONAL', sort: 0 });
  });

  it('详情 shows the row in a dialog, and 编辑 there opens the edit form with its values', async () => {
    serve([NSFC]);
    renderAtRoute(<FundListPage />, '/award/fund/fundList', '/award/fund/fundList');
    await screen.findByText('国家自然科学基金');
    fireEvent.click(buttonNamed('详情')!);
    const detail = await screen.findByRole('dialog');
    expect(within(detail).getByText('基金详情')).toBeTruthy();
    expect(within(detail).getByText('国家级')).toBeTruthy();
    fireEvent.click(within(detail).getByRole('button', { name: /编\s*辑/ }));
    expect(await screen.findByText('修改基金')).toBeTruthy();
    expect((screen.getByLabelText('编号') as HTMLInputElement).value).toBe('NSFC');
  });

  it('删除 asks first and sends the id with its lock version', async () => {
    const server = serve([NSFC], { '/rest/lookfunds/delete': () => ok(null) });
    renderAtRoute(<FundListPage />, '/award/fund/fundList', '/award/fund/fundList');
    await screen.findByText('国家自然科学基金');
    fireEvent.click(buttonNamed('删除')!);
    expect(await screen.findByText('确定删除基金「国家自然科学基金」吗？')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    await waitFor(() => expect(server.callsTo('/rest/lookfunds/delete')).toHaveLength(1));
    expect(server.callsTo('/rest/lookfunds/delete')[0]!.body).toEqual({ id: '11', lockVersion: 2 });
  });

  it('hides every change without its code, the star stays (favourites are everyone\'s own)', async () => {
    useConsoleStore.setState({ authList: ['award:origin:list'] });
    serve([{ ...NSFC, id: '21', name: '企业委托', code: '03', agency: null, level: 'OTHER' }]);
    renderAtRoute(<OriginListPage />, '/award/origin/originList', '/award/origin/originList');
    expect(await screen.findByText('企业委托')).toBeTruthy();
    for (const label of ['新增', '编辑', '详情', '删除']) expect(buttonNamed(label), label).toBeNull();
    expect(screen.getByRole('button', { name: '收藏「企业委托」' })).toBeTruthy();
  });
});
