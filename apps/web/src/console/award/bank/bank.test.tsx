import '../../../test/setup';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeServer, ok, refuse, type FakeCall } from '../../../test/renderApp';
import { buttonNamed, renderAtRoute } from '../../../test/widgetKit';
import { useConsoleStore } from '../../../api/consoleStore';
import BankListPage from './BankListPage';
import MyBankPage from './MyBankPage';

type Route = (call: FakeCall) => ReturnType<typeof ok>;
const LIST = '/award/bank/bankList';
const MINE = '/award/myBank';
const FULL = '6222021234567891234';

const row = (extra: Record<string, unknown> = {}) => ({
  id: '7',
  userId: '31',
  ownerName: '张专家',
  accountName: '张三',
  bankName: '中国工商银行',
  branchName: '杭州西湖支行',
  accountNumberMasked: '6222 **** **** 1234',
  remark: null,
  createTime: '2026-11-20T02:00:00.000Z',
  createBy: 'zhang',
  createById: '31',
  updateTime: '2026-11-21T02:00:00.000Z',
  updateBy: 'zhang',
  updateById: '31',
  delFlag: 0,
  lockVersion: 2,
  ...extra,
});

function serve(extra: Record<string, Route> = {}) {
  const server = fakeServer({
    '/rest/bank/getBankPage': (call) => {
      const body = call.body as { accountName?: string; pageParameter: object };
      const rows = [row(), row({ id: '8', userId: '32', ownerName: '李专家', accountName: '李四', bankName: '中国建设银行', accountNumberMasked: '6217 **** **** 2333' })].filter(
        (r) => !body.accountName || r.accountName.includes(body.accountName),
      );
      return ok({ list: rows, total: rows.length, ...body.pageParameter });
    },
    '/rest/bank/getFullNumber': () => ok({ id: '7', accountNumber: FULL }, '本次查看已记入操作日志'),
    '/rest/bank/detail': () => ok(row()),
    ...extra,
  });
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

afterEach(() => vi.unstubAllGlobals());

describe('收款账户 list', () => {
  it('shows numbers masked and no 查看完整账号 without the finance permission', async () => {
    useConsoleStore.setState({ authList: ['award:bank:list', 'award:bank:detail'] });
    serve();
    renderAtRoute(<BankListPage />, LIST, LIST);
    expect(await screen.findByText('6222 **** **** 1234')).toBeTruthy();
    expect(screen.getByText('6217 **** **** 2333')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/\d{12,}/);
    expect(buttonNamed('查看完整账号')).toBeNull();
    expect(screen.getAllByText('详情').length).toBeGreaterThan(0);
  });

  it('searches by 户名', async () => {
    useConsoleStore.setState({ authList: ['award:bank:list'] });
    const server = serve();
    renderAtRoute(<BankListPage />, LIST, LIST);
    expect(await screen.findByText('6222 **** **** 1234')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('户名'), { target: { value: '李' } });
    fireEvent.click(buttonNamed('查询')!);
    await waitFor(() => expect((server.callsTo('/rest/bank/getBankPage').at(-1)!.body as { accountName?: string }).accountName).toBe('李'));
    await waitFor(() => expect(screen.queryByText('6222 **** **** 1234')).toBeNull());
    expect(screen.getByText('6217 **** **** 2333')).toBeTruthy();
  });

  it('finance opens the whole number in a modal that says the read is logged', async () => {
    useConsoleStore.setState({ authList: ['award:bank:list', 'award:bank:full'] });
    const server = serve();
    renderAtRoute(<BankListPage />, LIST, LIST);
    expect(await screen.findByText('6222 **** **** 1234')).toBeTruthy();
    expect(server.callsTo('/rest/bank/getFullNumber')).toHaveLength(0);
    fireEvent.click(buttonNamed('查看完整账号')!);
    const number = await screen.findByTestId('bank-full-number');
    expect(number.textContent).toContain('6222 0212 3456 7891 234');
    expect(screen.getByText(/本次查看已记入操作日志/)).toBeTruthy();
    expect(server.callsTo('/rest/bank/getFullNumber')).toHaveLength(1);
    expect(server.callsTo('/rest/bank/getFullNumber')[0]!.body).toEqual({ id: '7' });
  });

  it('shows the refusal in the modal when the server says no', async () => {
    useConsoleStore.setState({ authList: ['award:bank:list', 'award:bank:full'] });
    serve({ '/rest/bank/getFullNumber': () => refuse(503, '收款账户功能未启用：服务器未配置账号加密密钥 BANK_ACCOUNT_KEY，请联系系统管理员') });
    renderAtRoute(<BankListPage />, LIST, LIST);
    expect(await screen.findByText('6222 **** **** 1234')).toBeTruthy();
    fireEvent.click(buttonNamed('查看完整账号')!);
    expect(await screen.findByText(/未配置账号加密密钥/)).toBeTruthy();
    expect(screen.queryByTestId('bank-full-number')).toBeNull();
  });
});

describe('我的收款账户', () => {
  it('asks for every field on a first save, with the contract’s messages', async () => {
    const server = serve({ '/rest/bank/getMyBank': () => ok(null), '/rest/bank/saveMyBank': () => ok(row({ lockVersion: 0 })) });
    renderAtRoute(<MyBankPage />, MINE, MINE);
    await screen.findByLabelText('户名');
    fireEvent.click(buttonNamed('保存')!);
    expect(await screen.findByText('请填写户名')).toBeTruthy();
    expect(await screen.findByText('请填写银行账号')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('银行账号'), { target: { value: '62220212345' } });
    expect(await screen.findByText('银行账号应为12至30位数字')).toBeTruthy();
    expect(server.callsTo('/rest/bank/saveMyBank')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('户名'), { target: { value: '张三' } });
    fireEvent.change(screen.getByLabelText('开户银行'), { target: { value: '中国工商银行' } });
    fireEvent.change(screen.getByLabelText('开户支行'), { target: { value: '杭州西湖支行' } });
    fireEvent.change(screen.getByLabelText('银行账号'), { target: { value: '6222 0212 3456 7891 234' } });
    fireEvent.click(buttonNamed('保存')!);
    await waitFor(() => expect(server.callsTo('/rest/bank/saveMyBank')).toHaveLength(1));
    expect(server.callsTo('/rest/bank/saveMyBank')[0]!.body).toMatchObject({ accountName: '张三', accountNumber: '6222 0212 3456 7891 234', lockVersion: null });
  });

  it('shows the stored number masked, keeps it when left empty, and reports a stale save', async () => {
    const server = serve({
      '/rest/bank/getMyBank': () => ok(row()),
      '/rest/bank/saveMyBank': () => refuse(409, '数据已被他人修改，请刷新后重试'),
    });
    renderAtRoute(<MyBankPage />, MINE, MINE);
    expect(await screen.findByText('当前账号：6222 **** **** 1234')).toBeTruthy();
    expect((screen.getByLabelText('户名') as HTMLInputElement).value).toBe('张三');
    expect((screen.getByLabelText('银行账号') as HTMLInputElement).value).toBe('');
    fireEvent.click(buttonNamed('保存')!);
    await waitFor(() => expect(server.callsTo('/rest/bank/saveMyBank')).toHaveLength(1));
    const body = server.callsTo('/rest/bank/saveMyBank')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ lockVersion: 2 });
    expect(body.accountNumber ?? '').toBe('');
    expect(await screen.findByText('数据已被他人修改，请刷新后重试')).toBeTruthy();
  });
});
