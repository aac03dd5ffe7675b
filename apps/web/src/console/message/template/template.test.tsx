import '../../../test/setup';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeServer, ok, refuse, type FakeCall, type FakeReply } from '../../../test/renderApp';
import { buttonNamed, renderAtRoute } from '../../../test/widgetKit';
import { useSessionStore } from '../../../api/session';
import { useConsoleStore } from '../../../api/consoleStore';
import TemplateFormPage from './TemplateFormPage';
import TemplateListPage from './TemplateListPage';
import TemplateLogPage from './TemplateLogPage';
import type { Template } from './api';

const TEMPLATE: Template = {
  templateId: '5',
  templateCode: 'REVIEW_PASSED',
  templateName: '评审通过通知',
  channel: 'SITE',
  title: '${prize}评审结果',
  content: '${name}，您好：您申报的${prize}已通过评审。',
  sampleValues: { prize: '科技进步奖', name: '张三' },
  variables: ['prize', 'name'],
  status: 'NORMAL',
  remark: null,
  createTime: '2026-03-01T02:00:00.000Z',
  createBy: 'admin',
  updateTime: '2026-03-01T02:00:00.000Z',
  updateBy: 'admin', createById: null, updateById: null, delFlag: 0,
  lockVersion: 1,
};
const ALL_CODES = ['list', 'add', 'upd', 'detail', 'del', 'send', 'log'].map((a) => `message:template:${a}`);

function serve(extra: Record<string, FakeReply | ((call: FakeCall) => FakeReply)> = {}) {
  const server = fakeServer({
    '/rest/templateService/getTemplateByPage': (call) => ok({ list: [TEMPLATE], total: 1, ...(call.body as { pageParameter: object }).pageParameter }),
    '/rest/templateService/getTemplateById': ok(TEMPLATE),
    '/rest/templateService/searchRecipients': ok([{ userId: '30', username: 'zhangsan', realname: '张三', orgName: '研究院' }]),
    ...extra,
  });
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

const preview = () => screen.getByTestId('template-preview');
const field = (name: string) => document.getElementById(`template_${name}`) as HTMLInputElement | HTMLTextAreaElement;
const errors = () => Array.from(document.querySelectorAll('.ant-form-item-explain-error')).map((e) => e.textContent);

beforeEach(() => useConsoleStore.setState({ authList: ALL_CODES }));
afterEach(() => {
  vi.unstubAllGlobals();
  useSessionStore.getState().signOut();
});

describe('TemplateFormPage', () => {
  it('lists the variables as they are typed and previews the message with the sample values', async () => {
    const server = serve({ '/rest/templateService/addTemplate': (call) => ok({ ...TEMPLATE, ...(call.body as object) }) });
    renderAtRoute(<TemplateFormPage />, '/message/template/templateAdd', '/message/template/templateAdd');
    await screen.findByText('新增消息模板');
    fireEvent.change(field('templateCode'), { target: { value: 'REVIEW_PASSED' } });
    fireEvent.change(field('templateName'), { target: { value: '评审通过通知' } });
    fireEvent.change(field('title'), { target: { value: '${prize}评审结果' } });
    fireEvent.change(field('content'), { target: { value: '${name}，您好：您申报的${prize}已通过评审。' } });
    await waitFor(() => expect(screen.getByTestId('template-variables').textContent).toBe('prizename'));
    expect(within(preview()).getByText('缺少示例值：')).toBeTruthy();
    fireEvent.change(await screen.findByLabelText('示例值 prize'), { target: { value: '科技进步奖' } });
    fireEvent.change(screen.getByLabelText('示例值 name'), { target: { value: '张三' } });
    await waitFor(() => expect(preview().textContent).toContain('张三，您好：您申报的科技进步奖已通过评审。'));
    expect(preview().textContent).toContain('科技进步奖评审结果');
    expect(within(preview()).queryByText('缺少示例值：')).toBeNull();
    fireEvent.click(buttonNamed('保存')!);
    await waitFor(() => expect(server.callsTo('/rest/templateService/addTemplate')).toHaveLength(1));
    expect(server.callsTo('/rest/templateService/addTemplate')[0]!.body).toEqual({
      templateCode: 'REVIEW_PASSED',
      templateName: '评审通过通知',
      channel: 'SITE',
      title: '${prize}评审结果',
      content: '${name}，您好：您申报的${prize}已通过评审。',
      sampleValues: { prize: '科技进步奖', name: '张三' },
      status: 'NORMAL',
      remark: null,
    });
  });

  it('refuses a malformed variable with the server’s message, and an SMS has no title and counts its length', async () => {
    const server = serve();
    renderAtRoute(<TemplateFormPage />, '/message/template/templateAdd', '/message/template/templateAdd');
    await screen.findByText('新增消息模板');
    fireEvent.click(screen.getByLabelText('短信'));
    await waitFor(() => expect(field('title')).toBeNull());
    fireEvent.change(field('content'), { target: { value: '【蒲公英】${1name}，请于${date前提交' } });
    fireEvent.click(buttonNamed('保存')!);
    await waitFor(() =>
      expect(errors()).toContain('变量 ${1name} 写法不正确：变量名只能包含字母、数字和下划线，且不能以数字开头；第 17 个字符处的 ${ 没有对应的 }'),
    );
    expect(server.callsTo('/rest/templateService/addTemplate')).toHaveLength(0);
    fireEvent.change(field('content'), { target: { value: '【蒲公英】${name}，请于${date}前提交材料。' } });
    await waitFor(() => expect(preview().textContent).toContain('约 1 条短信'));
  });

  it('test-sends the saved template to the signed-in user with the sample values', async () => {
    // Signing in starts a fresh console: the permission codes come after.
    useSessionStore.getState().signIn('tok', { userId: '1', username: 'admin' });
    useConsoleStore.setState({ authList: ALL_CODES });
    const server = serve({ '/rest/templateService/sendMsg': ok({ batchId: 'b', total: 1, sent: 1, failed: 0 }) });
    renderAtRoute(<TemplateFormPage />, '/message/template/templateUpd', '/message/template/templateUpd?id=5');
    await waitFor(() => expect(field('templateCode').value).toBe('REVIEW_PASSED'));
    fireEvent.click(buttonNamed('测试发送')!);
    fireEvent.click(await screen.findByText('发送', { selector: '.ant-popconfirm button span' }));
    await waitFor(() => expect(server.callsTo('/rest/templateService/sendMsg')).toHaveLength(1));
    expect(server.callsTo('/rest/templateService/sendMsg')[0]!.body).toEqual({ templateId: '5', userIds: ['1'], values: { prize: '科技进步奖', name: '张三' } });
    expect(await screen.findByText('测试消息已发送，请查收')).toBeTruthy();
  });
});

describe('TemplateListPage and the send dialog', () => {
  it('hides the actions without their codes', async () => {
    useConsoleStore.setState({ authList: ['message:template:list'] });
    serve();
    renderAtRoute(<TemplateListPage />, '/message/template/templateList', '/message/template/templateList');
    expect(await screen.findByText('评审通过通知')).toBeTruthy();
    expect(screen.getByText('站内消息')).toBeTruthy();
    expect(screen.getByText('prize、name')).toBeTruthy();
    for (const label of ['新增', '发送', '修改', '发送记录', '批量删除']) expect(buttonNamed(label), label).toBeNull();
  });

  it('sends to the chosen users with the filled values, and shows a refusal naming the variables', async () => {
    let refuseNext = true;
    const server = serve({
      '/rest/templateService/sendMsg': () => (refuseNext ? refuse(400, '缺少模板变量的值：name') : ok({ batchId: 'b', total: 1, sent: 1, failed: 0 })),
    });
    renderAtRoute(<TemplateListPage />, '/message/template/templateList', '/message/template/templateList');
    await screen.findByText('评审通过通知');
    fireEvent.click(buttonNamed('发送')!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('发送：评审通过通知（站内消息）')).toBeTruthy();
    expect((within(dialog).getByLabelText('变量 prize') as HTMLInputElement).value).toBe('科技进步奖');
    fireEvent.click(within(dialog).getByText('发送', { selector: 'button span' }));
    expect(await within(dialog).findByText('请选择收信人')).toBeTruthy();
    const picker = within(dialog).getByLabelText('收信人');
    fireEvent.change(picker, { target: { value: 'zhang' } });
    fireEvent.click(await screen.findByText('张三（zhangsan · 研究院）', {}, { timeout: 3000 }));
    fireEvent.click(within(dialog).getByText('发送', { selector: 'button span' }));
    expect(await within(dialog).findByText('缺少模板变量的值：name')).toBeTruthy();
    expect(server.callsTo('/rest/templateService/sendMsg')[0]!.body).toEqual({ templateId: '5', userIds: ['30'], values: { prize: '科技进步奖', name: '张三' } });
    refuseNext = false;
    fireEvent.click(within(dialog).getByText('发送', { selector: 'button span' }));
    expect(await screen.findByText('已发送 1 条')).toBeTruthy();
  });
});

describe('TemplateLogPage', () => {
  it('lists what was sent, with the reason of a failure, filtered by the template it was opened for', async () => {
    const server = serve({
      '/rest/templateService/getSendLogByPage': (call) =>
        ok({
          list: [
            {
              logId: '1',
              templateId: '5',
              templateCode: 'REVIEW_PASSED',
              channel: 'SMS',
              batchId: 'b',
              userId: '30',
              recipientName: '张三',
              address: null,
              title: null,
              content: '张三，您好',
              status: 'FAILED',
              error: '用户未绑定手机号',
              provider: 'LOG',
              createTime: '2026-03-01T02:00:00.000Z',
              createBy: 'admin',
            },
          ],
          total: 1,
          ...(call.body as { pageParameter: object }).pageParameter,
        }),
    });
    renderAtRoute(<TemplateLogPage />, '/message/template/templateLog', '/message/template/templateLog?templateId=5');
    expect(await screen.findByText('用户未绑定手机号')).toBeTruthy();
    expect(screen.getByText('发送失败')).toBeTruthy();
    expect(server.callsTo('/rest/templateService/getSendLogByPage')[0]!.body).toEqual({ templateId: '5', pageParameter: { pageNum: 1, pageSize: 10 } });
  });
});
