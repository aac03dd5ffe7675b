import '../../../test/setup';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeServer, ok, refuse, type FakeCall } from '../../../test/renderApp';
import { buttonNamed, renderAtRoute } from '../../../test/widgetKit';
import { useConsoleStore } from '../../../api/consoleStore';
import type { ExpertDetail, ExpertRow } from './api';
import ExpertListPage from './ExpertListPage';
import ExpertFormPage from './ExpertFormPage';

type Route = (call: FakeCall) => ReturnType<typeof ok>;
const LIST = '/award/expert/expertList';

function row(extra: Partial<ExpertRow> = {}): ExpertRow {
  return {
    expertId: '7',
    userId: '31',
    name: '王专家',
    idNumber: '110105********0014',
    gender: 'MALE',
    birthYear: 1970,
    phone: '13900000001',
    email: null,
    title: '教授',
    position: null,
    unitName: '甲大学',
    unitCreditCode: null,
    region: '110105',
    disciplineCodes: ['520', '52010'],
    keywords: ['新材料'],
    status: 'PENDING_AUDIT',
    source: 'REGISTERED',
    statusReason: null,
    statusUntil: null,
    createTime: '2026-03-10T02:00:00.000Z',
    updateTime: '2026-03-10T02:00:00.000Z',
    lockVersion: 2,
    ...extra,
  };
}
const PENDING = row();
const ACTIVE = row({ expertId: '8', name: '李研究员', status: 'ACTIVE', unitName: '乙研究院' });

function detail(extra: Partial<ExpertDetail> = {}): ExpertDetail {
  const { createTime, updateTime, lockVersion, ...rest } = row({ status: 'ACTIVE' });
  return {
    ...rest,
    formerUnits: [{ unitName: '某研究所', creditCode: null, from: '2001-09-01', until: '2010-07-01' }],
    relations: [{ kind: 'ADVISOR', personName: '李老师', personIdNumber: null, unitName: null, creditCode: null, from: null, until: null, note: '博士导师' }],
    remark: null,
    evidenceFileId: null,
    createTime,
    createBy: 'office',
    createById: '1',
    updateTime,
    updateBy: 'office',
    updateById: '1',
    delFlag: 0,
    lockVersion,
    ...extra,
  };
}

function serve(extra: Record<string, Route> = {}) {
  const server = fakeServer({
    '/rest/expert/getExpertPage': (call) => {
      const body = call.body as { status?: string; pageParameter: object };
      const rows = [PENDING, ACTIVE].filter((r) => !body.status || r.status === body.status);
      return ok({ list: rows, total: rows.length, ...body.pageParameter });
    },
    '/rest/expert/getExpertDetail': () => ok(detail()),
    '/rest/expert/getExpertHistory': () => ok([]),
    ...extra,
  });
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

const errors = () => Array.from(document.querySelectorAll('.ant-form-item-explain-error')).map((e) => e.textContent);
const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

afterEach(() => vi.unstubAllGlobals());

describe('专家库 list', () => {
  it('shows each expert with a status tag; only 详情 without the move permissions, no toolbar actions', async () => {
    useConsoleStore.setState({ authList: ['award:expert:list', 'award:expert:detail'] });
    serve();
    renderAtRoute(<ExpertListPage />, LIST, LIST);
    expect(await screen.findByText('王专家')).toBeTruthy();
    expect(within(rowOf('王专家')).getByText('待审核')).toBeTruthy();
    expect(within(rowOf('李研究员')).getByText('在库')).toBeTruthy();
    expect(within(rowOf('王专家')).getByText('详情')).toBeTruthy();
    for (const label of ['审核', '修改', '恢复', '审核删除', '新增', '邀请专家', '导入', '导出']) expect(buttonNamed(label), label).toBeNull();
  });

  it('offers each move only where the expert’s state allows it and the user holds its code', async () => {
    useConsoleStore.setState({ authList: ['award:expert:list', 'award:expert:audit', 'award:expert:suspend', 'award:expert:add', 'award:expert:export'] });
    serve();
    renderAtRoute(<ExpertListPage />, LIST, LIST);
    expect(await screen.findByText('王专家')).toBeTruthy();
    expect(within(rowOf('王专家')).queryByText('审核')).toBeTruthy();
    expect(within(rowOf('李研究员')).queryByText('审核')).toBeNull();
    expect(within(rowOf('李研究员')).queryByText('暂停')).toBeTruthy();
    expect(within(rowOf('王专家')).queryByText('暂停')).toBeNull();
    expect(within(rowOf('李研究员')).queryByText('拉黑')).toBeNull();
    expect(buttonNamed('新增')).toBeTruthy();
    expect(buttonNamed('导出')).toBeTruthy();
    expect(buttonNamed('邀请专家')).toBeNull();
  });

  it('filters by status from the address (待审核 queue)', async () => {
    useConsoleStore.setState({ authList: ['award:expert:list'] });
    const server = serve();
    renderAtRoute(<ExpertListPage />, LIST, `${LIST}?status=PENDING_AUDIT`);
    expect(await screen.findByText('王专家')).toBeTruthy();
    expect((server.callsTo('/rest/expert/getExpertPage')[0]!.body as { status?: string }).status).toBe('PENDING_AUDIT');
    expect(screen.queryByText('李研究员')).toBeNull();
  });
});

describe('审核 dialog', () => {
  const openAudit = async () => {
    expect(await screen.findByText('王专家')).toBeTruthy();
    fireEvent.click(within(rowOf('王专家')).getByText('审核'));
    await screen.findByText('审核专家：王专家');
  };

  it('approves with the row’s lockVersion and reloads the list', async () => {
    useConsoleStore.setState({ authList: ['award:expert:list', 'award:expert:audit'] });
    const server = serve({ '/rest/expert/auditExpert': () => ok(detail()) });
    renderAtRoute(<ExpertListPage />, LIST, LIST);
    await openAudit();
    fireEvent.click(buttonNamed('确定')!);
    await waitFor(() => expect(server.callsTo('/rest/expert/auditExpert')).toHaveLength(1));
    expect(server.callsTo('/rest/expert/auditExpert')[0]!.body).toEqual({ expertId: '7', lockVersion: 2, approve: true, reason: null });
    await waitFor(() => expect(server.callsTo('/rest/expert/getExpertPage').length).toBeGreaterThan(1));
  });

  it('refuses 不通过 without a reason and sends nothing; with one it sends the reason', async () => {
    useConsoleStore.setState({ authList: ['award:expert:list', 'award:expert:audit'] });
    const server = serve({ '/rest/expert/auditExpert': () => ok(detail({ status: 'REJECTED' })) });
    renderAtRoute(<ExpertListPage />, LIST, LIST);
    await openAudit();
    fireEvent.click(screen.getByText('不通过'));
    fireEvent.click(buttonNamed('确定')!);
    await waitFor(() => expect(errors()).toContain('请填写不通过的理由'));
    expect(server.callsTo('/rest/expert/auditExpert')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('审核意见'), { target: { value: '职称证明不清晰' } });
    fireEvent.click(buttonNamed('确定')!);
    await waitFor(() => expect(server.callsTo('/rest/expert/auditExpert')).toHaveLength(1));
    expect(server.callsTo('/rest/expert/auditExpert')[0]!.body).toEqual({ expertId: '7', lockVersion: 2, approve: false, reason: '职称证明不清晰' });
  });

  it('shows a 409 in the dialog, reloads the list, and a retry carries the expert’s new lockVersion', async () => {
    useConsoleStore.setState({ authList: ['award:expert:list', 'award:expert:audit'] });
    let answers = 0;
    const server = serve({
      '/rest/expert/auditExpert': () => (answers++ === 0 ? refuse(409, '数据已被他人修改，请刷新后重试') : ok(detail())),
      '/rest/expert/getExpertDetail': () => ok(detail({ status: 'PENDING_AUDIT', lockVersion: 5 })),
    });
    renderAtRoute(<ExpertListPage />, LIST, LIST);
    await openAudit();
    fireEvent.click(buttonNamed('确定')!);
    expect(await screen.findByText('数据已被他人修改，请刷新后重试')).toBeTruthy();
    await waitFor(() => expect(server.callsTo('/rest/expert/getExpertPage').length).toBeGreaterThan(1));
    await waitFor(() => expect(server.callsTo('/rest/expert/getExpertDetail')).toHaveLength(1));
    fireEvent.click(buttonNamed('确定')!);
    await waitFor(() => expect(server.callsTo('/rest/expert/auditExpert')).toHaveLength(2));
    expect(server.callsTo('/rest/expert/auditExpert')[1]!.body).toMatchObject({ expertId: '7', lockVersion: 5, approve: true });
  });
});

describe('专家详情', () => {
  it('shows the profile with its former units and relations', async () => {
    useConsoleStore.setState({ authList: ['award:expert:detail'] });
    serve();
    renderAtRoute(<ExpertFormPage />, '/award/expert/expertDetail', '/award/expert/expertDetail?id=7');
    expect(await screen.findByText('110105********0014')).toBeTruthy();
    expect(screen.getByText('在库')).toBeTruthy();
    expect(buttonNamed('编辑')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: '回避关系' }));
    expect(await screen.findByText('博士导师')).toBeTruthy();
  });
});

describe('新增专家', () => {
  const ADD = '/award/expert/expertAdd';

  it('refuses a bad phone in the browser with the server’s message, then adds with the typed values', async () => {
    useConsoleStore.setState({ authList: ['award:expert:add'] });
    const server = serve({ '/rest/expert/addExpert': () => ok(detail()) });
    renderAtRoute(<ExpertFormPage />, ADD, ADD);
    fireEvent.change(await screen.findByLabelText('姓名'), { target: { value: '赵专家' } });
    fireEvent.change(screen.getByLabelText('手机号码'), { target: { value: '12345' } });
    fireEvent.click(buttonNamed('保存')!);
    await waitFor(() => expect(errors()).toContain('您的手机号码格式不正确!'));
    expect(server.callsTo('/rest/expert/addExpert')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('手机号码'), { target: { value: '13900000009' } });
    fireEvent.click(buttonNamed('保存')!);
    await waitFor(() => expect(server.callsTo('/rest/expert/addExpert')).toHaveLength(1));
    expect(server.callsTo('/rest/expert/addExpert')[0]!.body).toMatchObject({ name: '赵专家', phone: '13900000009', disciplineCodes: [], relations: [] });
  });
});

describe('邀请专家', () => {
  it('sends name and phone, then shows the one-time link and whether the person was told', async () => {
    useConsoleStore.setState({ authList: ['award:expert:list', 'award:expert:invite'] });
    const server = serve({
      '/rest/expert/inviteExpert': () => ok({ expertId: '9', link: '/expert/invitation?token=abcdefghijklmnopqrstuvwxyz', expiresAt: '2026-03-17T02:00:00.000Z', messaged: false, smsSent: false }),
    });
    renderAtRoute(<ExpertListPage />, LIST, LIST);
    expect(await screen.findByText('王专家')).toBeTruthy();
    fireEvent.click(buttonNamed('邀请专家')!);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('姓名'), { target: { value: '孙研究员' } });
    fireEvent.change(within(dialog).getByLabelText('手机号码'), { target: { value: '13600000009' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(server.callsTo('/rest/expert/inviteExpert')).toHaveLength(1));
    expect(server.callsTo('/rest/expert/inviteExpert')[0]!.body).toMatchObject({ name: '孙研究员', phone: '13600000009' });
    expect(await screen.findByText('该手机号尚未注册账号，系统未能通知对方，请把下面的链接转交给对方')).toBeTruthy();
    expect(screen.getByText(/\/expert\/invitation\?token=abcdefghijklmnopqrstuvwxyz$/)).toBeTruthy();
  });
});
