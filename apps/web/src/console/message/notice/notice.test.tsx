import '../../../test/setup';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeServer, ok, type FakeCall, type FakeReply } from '../../../test/renderApp';
import { buttonNamed, renderAtRoute } from '../../../test/widgetKit';
import { leave, mountedEditor, preloadEditor, PRELOAD_TIMEOUT_MS, type } from '../../../components/RichTextEditor/editorTestKit';
import { useConsoleStore } from '../../../api/consoleStore';
import NoticeFormPage from './NoticeFormPage';
import NoticeListPage from './NoticeListPage';
import NoticeReceiptPage from './NoticeReceiptPage';
import type { NoticeDetail, NoticeListItem } from './api';

const base = {
  summary: '摘要',
  includeSubOrgs: true,
  isPublic: false,
  expireTime: null,
  releaseTime: null,
  releaseBy: null,
  revokeTime: null,
  revokeBy: null,
  attachmentIds: [],
  createTime: '2026-03-01T02:00:00.000Z',
  createBy: 'admin',
  updateTime: '2026-03-01T02:00:00.000Z',
  updateBy: 'admin', createById: null, updateById: null, delFlag: 0,
  readCount: 0,
  deliveredCount: 0,
};
const DRAFT: NoticeListItem = { ...base, noticeId: '1', title: '草稿通知', priority: 'NORMAL', audienceType: 'ALL', audienceNames: [], publishTime: null, status: 'DRAFT', lockVersion: 3 };
const RELEASED: NoticeListItem = {
  ...base,
  noticeId: '2',
  title: '评审安排通知',
  priority: 'URGENT',
  audienceType: 'SCOPED',
  audienceNames: ['审核员', '研究院'],
  publishTime: '2026-03-02T01:00:00.000Z',
  releaseTime: '2026-03-02T01:00:00.000Z',
  releaseBy: 'admin',
  status: 'RELEASED',
  deliveredCount: 12,
  readCount: 5,
  lockVersion: 4,
};
const OPTIONS = { roles: [{ roleId: '7', roleCode: 'REVIEWER', roleName: '审核员' }], orgs: [{ orgId: '1', orgName: '蒲公英科技奖励中心', parentOrgId: null }] };

function serve(extra: Record<string, FakeReply | ((call: FakeCall) => FakeReply)> = {}) {
  const server = fakeServer({
    '/rest/noticeService/getNoticeByPage': (call) => ok({ list: [DRAFT, RELEASED], total: 2, ...(call.body as { pageParameter: object }).pageParameter }),
    '/rest/noticeService/getAudienceOptions': ok(OPTIONS),
    ...extra,
  });
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

const ALL_CODES = ['list', 'add', 'upd', 'detail', 'del', 'release', 'sync', 'receipt'].map((a) => `message:notice:${a}`);
const rowOf = (text: string) => screen.getByText(text).closest('tr')!;
const buttonsIn = (row: HTMLElement) => Array.from(row.querySelectorAll('button')).map((b) => b.textContent?.trim());
/** The title field (the editor's toolbar has a 标题 control too). */
const titleInput = () => document.querySelector<HTMLInputElement>('input#notice_title')!;
const errors = () => Array.from(document.querySelectorAll('.ant-form-item-explain-error')).map((e) => e.textContent);

beforeAll(() => preloadEditor(), PRELOAD_TIMEOUT_MS);
beforeEach(() => useConsoleStore.setState({ authList: ['message:notice:list'] }));
afterEach(() => vi.unstubAllGlobals());

describe('NoticeListPage', () => {
  it('shows status, audience and read counts; without the codes, no action but the list', async () => {
    serve();
    renderAtRoute(<NoticeListPage />, '/message/notice/noticeList', '/message/notice/noticeList');
    expect(await screen.findByText('评审安排通知')).toBeTruthy();
    const released = rowOf('评审安排通知');
    expect(within(released).getByText('已发布')).toBeTruthy();
    expect(within(released).getByText('紧急')).toBeTruthy();
    expect(within(released).getByText('审核员、研究院')).toBeTruthy();
    expect(within(released).getByText('5/12')).toBeTruthy();
    expect(within(rowOf('草稿通知')).getByText('全体用户')).toBeTruthy();
    for (const label of ['新增', '修改', '详情', '发布', '撤回', '删除', '批量删除']) expect(buttonNamed(label), label).toBeNull();
  });

  it('offers 修改 and 发布 on a draft, 撤回 on a released notice, and releases only after confirming', async () => {
    useConsoleStore.setState({ authList: ALL_CODES });
    const server = serve({ '/rest/noticeService/updateStatus': (call) => ok({ ...DRAFT, ...(call.body as object) }) });
    renderAtRoute(<NoticeListPage />, '/message/notice/noticeList', '/message/notice/noticeList');
    await screen.findByText('草稿通知');
    expect(buttonsIn(rowOf('草稿通知'))).toEqual(expect.arrayContaining(['修改', '详情', '发布']));
    expect(buttonsIn(rowOf('草稿通知'))).not.toContain('撤回');
    expect(buttonsIn(rowOf('评审安排通知'))).toEqual(expect.arrayContaining(['详情', '撤回', '更多']));
    expect(buttonsIn(rowOf('评审安排通知'))).not.toContain('修改');

    fireEvent.click(within(rowOf('草稿通知')).getByText('发布').closest('button')!);
    expect(await screen.findByText('确定发布通知「草稿通知」吗？')).toBeTruthy();
    expect(screen.getByText('发布后将立即投递给：全体用户')).toBeTruthy();
    expect(server.callsTo('/rest/noticeService/updateStatus')).toHaveLength(0);
    fireEvent.click(document.querySelector('.ant-popconfirm .ant-btn-primary')!);
    await waitFor(() => expect(server.callsTo('/rest/noticeService/updateStatus')).toHaveLength(1));
    expect(server.callsTo('/rest/noticeService/updateStatus')[0]!.body).toEqual({ noticeId: '1', lockVersion: 3, status: 'RELEASED' });
    expect(await screen.findByText('发布成功')).toBeTruthy();
  });

  it('revokes after a confirmation that says it disappears for everyone', async () => {
    useConsoleStore.setState({ authList: ALL_CODES });
    const server = serve({ '/rest/noticeService/updateStatus': (call) => ok({ ...RELEASED, ...(call.body as object) }) });
    renderAtRoute(<NoticeListPage />, '/message/notice/noticeList', '/message/notice/noticeList');
    await screen.findByText('评审安排通知');
    fireEvent.click(within(rowOf('评审安排通知')).getByText('撤回').closest('button')!);
    expect(await screen.findByText('撤回后所有人将立即看不到这条通知。')).toBeTruthy();
    fireEvent.click(document.querySelector('.ant-popconfirm .ant-btn-primary')!);
    await waitFor(() => expect(server.callsTo('/rest/noticeService/updateStatus')[0]!.body).toEqual({ noticeId: '2', lockVersion: 4, status: 'REVOKED' }));
    expect(await screen.findByText('已撤回')).toBeTruthy();
  });
});

describe('NoticeFormPage', () => {
  it('validates before sending: title, body, and a scoped audience with nobody in it', async () => {
    useConsoleStore.setState({ authList: ALL_CODES });
    const server = serve();
    renderAtRoute(<NoticeFormPage />, '/message/notice/noticeAdd', '/message/notice/noticeAdd');
    expect(await screen.findByText('新增通知')).toBeTruthy();
    fireEvent.click(buttonNamed('保存')!);
    await waitFor(() => expect(errors()).toEqual(['请输入通知标题', '请输入通知内容']));
    fireEvent.click(screen.getByLabelText('指定范围'));
    await screen.findByLabelText('角色');
    fireEvent.click(buttonNamed('保存')!);
    await waitFor(() => expect(errors()).toContain('请选择通知对象：角色、机构或用户'));
    expect(server.callsTo('/rest/noticeService/addNotice')).toHaveLength(0);
  });

  it('saves a draft with the chosen role and the body', async () => {
    useConsoleStore.setState({ authList: ALL_CODES });
    const server = serve({ '/rest/noticeService/addNotice': () => ok({ ...DRAFT, content: '<p>x</p>' }) });
    renderAtRoute(<NoticeFormPage />, '/message/notice/noticeAdd', '/message/notice/noticeAdd');
    await screen.findByText('新增通知');
    fireEvent.change(titleInput(), { target: { value: '关于评审的通知' } });
    fireEvent.click(screen.getByLabelText('紧急'));
    fireEvent.click(screen.getByLabelText('指定范围'));
    fireEvent.mouseDown(await screen.findByLabelText('角色'));
    fireEvent.click(await screen.findByTitle('审核员'));
    const editor = await mountedEditor();
    type(editor, '请按时提交材料');
    await leave(editor);
    fireEvent.click(buttonNamed('保存')!);
    await waitFor(() => expect(server.callsTo('/rest/noticeService/addNotice')).toHaveLength(1));
    expect(server.callsTo('/rest/noticeService/addNotice')[0]!.body).toEqual({
      title: '关于评审的通知',
      content: '<p>请按时提交材料</p>',
      priority: 'URGENT',
      audienceType: 'SCOPED',
      roleIds: ['7'],
      orgIds: [],
      userIds: [],
      includeSubOrgs: true,
      isPublic: false,
      publishTime: null,
      expireTime: null,
      attachmentIds: [],
      release: false,
    });

  });

  it('保存并发布 releases in the same call, after a confirmation', async () => {
    useConsoleStore.setState({ authList: ALL_CODES });
    const server = serve({ '/rest/noticeService/addNotice': () => ok({ ...DRAFT, status: 'RELEASED', content: '<p>x</p>' }) });
    renderAtRoute(<NoticeFormPage />, '/message/notice/noticeAdd', '/message/notice/noticeAdd');
    await screen.findByText('新增通知');
    fireEvent.change(titleInput(), { target: { value: '全员通知' } });
    const editor = await mountedEditor();
    type(editor, '全员请注意');
    await leave(editor);
    fireEvent.click(buttonNamed('保存并发布')!);
    expect(await screen.findByText('确定保存并发布这条通知吗？')).toBeTruthy();
    expect(server.callsTo('/rest/noticeService/addNotice')).toHaveLength(0);
    fireEvent.click(document.querySelector('.ant-popconfirm .ant-btn-primary')!);
    await waitFor(() => expect(server.callsTo('/rest/noticeService/addNotice')).toHaveLength(1));
    expect(server.callsTo('/rest/noticeService/addNotice')[0]!.body).toMatchObject({ title: '全员通知', audienceType: 'ALL', release: true });
  });

  it('has no 保存并发布 without the release code, and warns that a released notice cannot be changed', async () => {
    useConsoleStore.setState({ authList: ['message:notice:list', 'message:notice:upd'] });
    const detail: NoticeDetail = {
      ...RELEASED,
      content: '<p>正文</p>',
      roleIds: ['7'],
      orgIds: [],
      userIds: ['30'],
      roles: [{ value: '7', label: '审核员' }],
      orgs: [],
      users: [{ value: '30', label: '张三' }],
      attachments: [],
    };
    serve({ '/rest/noticeService/getNoticeById': ok(detail) });
    renderAtRoute(<NoticeFormPage />, '/message/notice/noticeUpd', '/message/notice/noticeUpd?id=2');
    expect(await screen.findByText('这条通知已发布，不能修改；如需更正，请先在列表中撤回。')).toBeTruthy();
    expect(buttonNamed('保存并发布')).toBeNull();
    await waitFor(() => expect(titleInput().value).toBe('评审安排通知'));
    // The chosen user shows by name, the numbers as they are.
    expect(await screen.findByText('张三')).toBeTruthy();
    expect(screen.getByText('5/12')).toBeTruthy();
  });
});

describe('NoticeReceiptPage', () => {
  it('shows the counts and who has read, and exports what is filtered', async () => {
    useConsoleStore.setState({ authList: ALL_CODES });
    const server = serve({
      '/rest/noticeService/getReadReceiptSummary': ok({ noticeId: '2', title: '评审安排通知', status: 'RELEASED', publishTime: RELEASED.publishTime, expireTime: null, deliveredCount: 4, readCount: 1, unreadCount: 3 }),
      '/rest/noticeService/getReadReceiptByPage': (call) =>
        ok({
          list: [
            { userId: '30', username: 'zhangsan', realname: '张三', orgName: '研究院', deliverTime: '2026-03-02T01:00:00.000Z', readTime: null, readFlag: 0 },
            { userId: '31', username: 'lisi', realname: '李四', orgName: null, deliverTime: '2026-03-02T01:00:00.000Z', readTime: '2026-03-02T02:00:00.000Z', readFlag: 1 },
          ],
          total: 2,
          ...(call.body as { pageParameter: object }).pageParameter,
        }),
      '/rest/noticeService/exportReadReceipt': { body: 'not json', status: 200 },
    });
    renderAtRoute(<NoticeReceiptPage />, '/message/notice/noticeReceipt', '/message/notice/noticeReceipt?id=2');
    expect(await screen.findByText('阅读情况：评审安排通知')).toBeTruthy();
    expect(screen.getByText('25%')).toBeTruthy();
    expect(within(rowOf('zhangsan')).getByText('未读')).toBeTruthy();
    expect(within(rowOf('lisi')).getByText('已读')).toBeTruthy();
    expect(server.callsTo('/rest/noticeService/getReadReceiptByPage')[0]!.body).toEqual({ noticeId: '2', pageParameter: { pageNum: 1, pageSize: 10 } });
    fireEvent.mouseDown(screen.getByLabelText('阅读状态'));
    fireEvent.click(await screen.findByTitle('未读'));
    fireEvent.click(buttonNamed('查询')!);
    await waitFor(() => expect(server.callsTo('/rest/noticeService/getReadReceiptByPage').at(-1)!.body).toMatchObject({ noticeId: '2', readFlag: 0 }));
    fireEvent.click(buttonNamed('导出')!);
    await waitFor(() => expect(server.callsTo('/rest/noticeService/exportReadReceipt')).toHaveLength(1));
    expect(server.callsTo('/rest/noticeService/exportReadReceipt')[0]!.body).toEqual({ noticeId: '2', readFlag: 0 });
    expect(buttonNamed('同步投递')).toBeTruthy();
  });
});
