import '../../../test/setup';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beijingYmd } from '@dandelion/shared/base/serial';
import { fakeServer, ok, refuse, type FakeCall } from '../../../test/renderApp';
import { buttonNamed, renderAtRoute } from '../../../test/widgetKit';
import { useConsoleStore } from '../../../api/consoleStore';
import SerialListPage from './SerialListPage';
import type { SerialRule } from './api';
import { previewFormat } from './serialPreview';

const RULE: SerialRule = {
  ruleId: '5', ruleCode: 'DECLARE_NO', ruleName: '申报编号', prefix: 'SB', datePattern: 'yyyyMMdd', separator: '-', seqLength: 4, resetPeriod: 'DAY', step: 1, startValue: 1,
  currentValue: 12, currentPeriod: '20261125', lastTakeTime: '2026-11-25T02:00:00.000Z', status: 'NORMAL', remark: null, nextSample: 'SB20261125-0013',
  createTime: '2026-11-01T02:30:00.000Z', createBy: 'admin', updateTime: '2026-11-01T02:30:00.000Z', updateBy: 'admin', createById: null, updateById: null, delFlag: 0, lockVersion: 3,
};
const ALL = ['base:serial:list', 'base:serial:add', 'base:serial:upd', 'base:serial:del', 'base:serial:next'];

function serve(extra: Record<string, (call: FakeCall) => ReturnType<typeof ok>> = {}) {
  const server = fakeServer({
    '/rest/serial/page': (call) => ok({ list: [RULE], total: 1, ...(call.body as { pageParameter: object }).pageParameter }),
    ...extra,
  });
  vi.stubGlobal('fetch', server.fetch);
  return server;
}
const open = () => renderAtRoute(<SerialListPage />, '/base/serial/serialList', '/base/serial/serialList');
const errors = () => Array.from(document.querySelectorAll('.ant-form-item-explain-error')).map((e) => e.textContent);

beforeEach(() => useConsoleStore.setState({ authList: ['base:serial:list'] }));
afterEach(() => vi.unstubAllGlobals());

describe('SerialListPage', { timeout: 30_000 }, () => {
  it('lists rules with their next number and hides every action without its code', async () => {
    serve();
    open();
    expect(await screen.findByText('SB20261125-0013')).toBeTruthy();
    expect(screen.getByText('12（20261125）')).toBeTruthy();
    for (const label of ['新增', '修改', '取号', '停用', '删除', '更多']) expect(buttonNamed(label), label).toBeNull();
  });

  it('取号 previews the next numbers, takes N and shows the numbers taken', async () => {
    useConsoleStore.setState({ authList: ALL });
    let counter = 12;
    const server = serve({
      '/rest/serial/preview': (call) => {
        const { count } = call.body as { count: number };
        return ok({ ruleCode: 'DECLARE_NO', values: Array.from({ length: count }, (_, i) => `SB20261125-00${counter + 1 + i}`), firstValue: counter + 1, lastValue: counter + count, period: '20261125', exhausted: false });
      },
      '/rest/serial/next': (call) => {
        const { count } = call.body as { count: number };
        const values = Array.from({ length: count }, (_, i) => `SB20261125-00${counter + 1 + i}`);
        counter += count;
        return ok({ ruleCode: 'DECLARE_NO', values, firstValue: counter - count + 1, lastValue: counter, period: '20261125' }, '取号成功');
      },
    });
    open();
    await screen.findByText('SB20261125-0013');
    fireEvent.click(buttonNamed('取号')!);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('SB20261125-0013')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('取号数量'), { target: { value: '3' } });
    await waitFor(() => expect(within(dialog).getByText('SB20261125-0013、SB20261125-0014、SB20261125-0015')).toBeTruthy());
    expect(server.callsTo('/rest/serial/next')).toHaveLength(0);
    fireEvent.click(within(dialog).getAllByRole('button').find((b) => b.textContent === '取号')!);
    await waitFor(() => expect(server.callsTo('/rest/serial/next')).toHaveLength(1));
    expect(server.callsTo('/rest/serial/next')[0]!.body).toEqual({ ruleCode: 'DECLARE_NO', count: 3 });
    const taken = await within(dialog).findByLabelText('已取得的编号');
    expect(within(taken).getByText('已取得 3 个编号')).toBeTruthy();
    expect(within(taken).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['SB20261125-0013', 'SB20261125-0014', 'SB20261125-0015']);
    // The preview moves on to what is next, and the list is reloaded.
    await waitFor(() => expect(within(dialog).getByText(/^SB20261125-0016/)).toBeTruthy());
    expect(server.callsTo('/rest/serial/page').length).toBeGreaterThan(1);
  });

  const openAddForm = async () => {
    open();
    await screen.findByText('SB20261125-0013');
    fireEvent.click(buttonNamed('新增')!);
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('新增流水号规则')).toBeTruthy();
    return { drawer, preview: within(drawer).getByRole('status', { name: '编号预览' }) };
  };

  it('the add form checks the shared rules and previews the format live', async () => {
    useConsoleStore.setState({ authList: ALL });
    serve();
    const { drawer, preview } = await openAddForm();
    const ymd = beijingYmd(new Date());
    expect(within(preview).getByText(`${ymd}-0001`)).toBeTruthy();
    fireEvent.click(buttonNamed('保存')!);
    await waitFor(() => expect(errors()).toEqual(['请输入规则编码', '请输入规则名称']));
    fireEvent.change(within(drawer).getByLabelText('规则编码'), { target: { value: '9X' } });
    fireEvent.change(within(drawer).getByLabelText('规则名称'), { target: { value: '合同编号' } });
    fireEvent.change(within(drawer).getByLabelText('前缀'), { target: { value: 'HT' } });
    await waitFor(() => expect(within(preview).getByText(`HT${ymd}-0001`)).toBeTruthy());
    expect(within(preview).getByText(`HT${ymd}-0002`)).toBeTruthy();
    fireEvent.change(within(drawer).getByLabelText('起始值'), { target: { value: '100' } });
    fireEvent.change(within(drawer).getByLabelText('序号位数'), { target: { value: '3' } });
    await waitFor(() => expect(within(preview).getByText(`HT${ymd}-100`)).toBeTruthy());
    fireEvent.click(buttonNamed('保存')!);
    await waitFor(() => expect(errors()).toEqual(['规则编码须以字母开头，只能包含字母、数字和下划线']));
  });

  it('the add form refuses a reset period its date pattern cannot show, then sends the values', async () => {
    useConsoleStore.setState({ authList: ALL });
    const server = serve({ '/rest/serial/add': (call) => ok({ ...RULE, ...(call.body as object) }, '新增成功') });
    const { drawer, preview } = await openAddForm();
    fireEvent.change(within(drawer).getByLabelText('规则编码'), { target: { value: 'CONTRACT' } });
    fireEvent.change(within(drawer).getByLabelText('规则名称'), { target: { value: '合同编号' } });
    fireEvent.change(within(drawer).getByLabelText('前缀'), { target: { value: 'HT' } });
    fireEvent.mouseDown(within(drawer).getByRole('combobox', { name: '日期格式' }));
    fireEvent.click(await screen.findByTitle('无日期'));
    await waitFor(() => expect(within(preview).getByText('HT-0001')).toBeTruthy());
    // A daily counter under a day-less pattern would repeat numbers: refused beside 重置周期.
    fireEvent.click(buttonNamed('保存')!);
    await waitFor(() => expect(errors()).toEqual(['按「每天」重置的规则，日期格式必须包含年月日（yyyyMMdd），否则不同周期会生成相同的编号']));
    fireEvent.click(within(drawer).getByLabelText('不重置'));
    fireEvent.click(buttonNamed('保存')!);
    await waitFor(() => expect(server.callsTo('/rest/serial/add')).toHaveLength(1));
    expect(server.callsTo('/rest/serial/add')[0]!.body).toEqual({
      ruleCode: 'CONTRACT', ruleName: '合同编号', prefix: 'HT', datePattern: '', separator: '-', seqLength: 4, resetPeriod: 'NEVER', step: 1, startValue: 1, status: 'NORMAL', remark: null,
    });
    expect(await screen.findByText('保存成功')).toBeTruthy();
  });

  it('editing sends the lock version, keeps a used code read-only, and shows a refusal above the buttons', async () => {
    useConsoleStore.setState({ authList: ALL });
    const server = serve({ '/rest/serial/update': () => refuse(409, '数据已被他人修改，请刷新后重试') });
    open();
    await screen.findByText('SB20261125-0013');
    fireEvent.click(buttonNamed('修改')!);
    const drawer = await screen.findByRole('dialog');
    expect((within(drawer).getByLabelText('规则编码') as HTMLInputElement).disabled).toBe(true);
    fireEvent.change(within(drawer).getByLabelText('前缀'), { target: { value: 'SBX' } });
    fireEvent.click(buttonNamed('保存')!);
    await waitFor(() => expect(server.callsTo('/rest/serial/update')).toHaveLength(1));
    expect(server.callsTo('/rest/serial/update')[0]!.body).toMatchObject({ ruleId: '5', lockVersion: 3, ruleCode: 'DECLARE_NO', prefix: 'SBX' });
    expect(await within(drawer).findByText('数据已被他人修改，请刷新后重试')).toBeTruthy();
  });

  it('重置计数 stays disabled until the rule code is typed', async () => {
    useConsoleStore.setState({ authList: ALL });
    const server = serve({ '/rest/serial/reset': () => ok({ ...RULE, currentValue: null }, '已重置') });
    open();
    await screen.findByText('SB20261125-0013');
    fireEvent.click(buttonNamed('更多')!);
    fireEvent.click(await screen.findByText('重置计数'));
    const dialog = await screen.findByRole('dialog');
    expect(buttonNamed('确定重置')!.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('确认规则编码'), { target: { value: 'DECLARE_NO' } });
    expect(buttonNamed('确定重置')!.disabled).toBe(false);
    fireEvent.click(buttonNamed('确定重置')!);
    await waitFor(() => expect(server.callsTo('/rest/serial/reset')).toHaveLength(1));
    expect(server.callsTo('/rest/serial/reset')[0]!.body).toEqual({ ruleId: '5', lockVersion: 3, confirmCode: 'DECLARE_NO', currentValue: null });
  });
});

describe('previewFormat', () => {
  const now = new Date('2026-11-24T16:30:00Z'); // 11-25 00:30 in Beijing
  const values = { prefix: 'SB', datePattern: 'yyyyMMdd', separator: '-', seqLength: 4, step: 2, startValue: 1, resetPeriod: 'DAY' };

  it('starts a new rule at its start value on the Beijing date', () => {
    expect(previewFormat(values, undefined, now)).toEqual({ values: ['SB20261125-0001', 'SB20261125-0003', 'SB20261125-0005'], overflow: false });
  });

  it('goes on from the counter in the same period, and starts again in a new one', () => {
    expect(previewFormat(values, { ...RULE, currentValue: 12, currentPeriod: '20261125' }, now).values[0]).toBe('SB20261125-0014');
    expect(previewFormat(values, { ...RULE, currentValue: 12, currentPeriod: '20261124' }, now).values[0]).toBe('SB20261125-0001');
    // A changed reset period goes on counting, as the server does.
    expect(previewFormat({ ...values, resetPeriod: 'MONTH' }, { ...RULE, currentValue: 12, currentPeriod: '20261124' }, now).values[0]).toBe('SB20261125-0014');
  });

  it('says when the digits run out, and shows nothing for values that cannot make a number', () => {
    expect(previewFormat({ ...values, seqLength: 1, startValue: 7 }, undefined, now)).toEqual({ values: ['SB20261125-7', 'SB20261125-9'], overflow: true });
    expect(previewFormat({ ...values, seqLength: undefined }, undefined, now)).toEqual({ values: [], overflow: false });
  });
});
