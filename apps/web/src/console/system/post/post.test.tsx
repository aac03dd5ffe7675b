import '../../../test/setup';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeServer, ok, type FakeCall } from '../../../test/renderApp';
import { buttonNamed, renderAtRoute } from '../../../test/widgetKit';
import { useConsoleStore } from '../../../api/consoleStore';
import PostFormPage from './PostFormPage';
import PostListPage from './PostListPage';
import type { Post } from './api';

const POST: Post = { postId: '3', postCode: 'FIN', postName: '财务经理', status: 'NORMAL', sort: 0, remark: null, createTime: '2026-03-01T02:30:00.000Z', createBy: 'admin', updateBy: 'admin', createById: null, updateById: null, delFlag: 0, updateTime: '2026-03-01T02:30:00.000Z', lockVersion: 2 };

function serve(extra: Record<string, (call: FakeCall) => ReturnType<typeof ok>> = {}) {
  const server = fakeServer({
    '/rest/postService/getPostByPage': (call) => ok({ list: [POST], total: 1, ...(call.body as { pageParameter: object }).pageParameter }),
    ...extra,
  });
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

beforeEach(() => useConsoleStore.setState({ authList: ['system:post:list'] }));
afterEach(() => vi.unstubAllGlobals());

describe('PostListPage', () => {
  it('hides every action without its code', async () => {
    serve();
    renderAtRoute(<PostListPage />, '/system/post/postList', '/system/post/postList');
    expect(await screen.findByText('财务经理')).toBeTruthy();
    for (const label of ['新增', '修改', '详情', '停用', '删除']) expect(buttonNamed(label), label).toBeNull();
  });

  it('停用 sends the status with the lock version', async () => {
    useConsoleStore.setState({ authList: ['system:post:list', 'system:post:enable'] });
    const server = serve({ '/rest/postService/updateStatus': (call) => ok({ ...POST, ...(call.body as object) }) });
    renderAtRoute(<PostListPage />, '/system/post/postList', '/system/post/postList');
    await screen.findByText('财务经理');
    fireEvent.click(buttonNamed('停用')!);
    await waitFor(() => expect(server.callsTo('/rest/postService/updateStatus')).toHaveLength(1));
    expect(server.callsTo('/rest/postService/updateStatus')[0]!.body).toEqual({ postId: '3', lockVersion: 2, status: 'DISABLED' });
    expect(await screen.findByText('已停用')).toBeTruthy();
  });
});

describe('PostFormPage', () => {
  it('validates before sending, then saves the values', async () => {
    const server = serve({ '/rest/postService/addPost': () => ok(POST) });
    renderAtRoute(<PostFormPage />, '/system/post/postAdd', '/system/post/postAdd');
    expect(await screen.findByText('新增岗位')).toBeTruthy();
    fireEvent.click(buttonNamed('保存')!);
    const errors = () => Array.from(document.querySelectorAll('.ant-form-item-explain-error')).map((e) => e.textContent);
    await waitFor(() => expect(errors()).toEqual(['请输入岗位编码', '请输入岗位名称']));
    fireEvent.change(screen.getByLabelText('岗位编码'), { target: { value: 'FIN' } });
    fireEvent.change(screen.getByLabelText('岗位名称'), { target: { value: '财务经理' } });
    fireEvent.click(buttonNamed('保存')!);
    await waitFor(() => expect(server.callsTo('/rest/postService/addPost')).toHaveLength(1));
    expect(server.callsTo('/rest/postService/addPost')[0]!.body).toEqual({ postCode: 'FIN', postName: '财务经理', status: 'NORMAL', sort: 0 });
  });

  it('checks the code as it is typed, naming the edited post so its own code is not taken', async () => {
    const server = serve({
      '/rest/postService/getPostById': () => ok(POST),
      '/rest/common/checkDuplicate': (call) => {
        const { fieldVal, dataId } = call.body as { fieldVal: string; dataId: string | null };
        return ok(fieldVal === 'FIN' && dataId !== '3' ? { success: false, message: '岗位编码已存在' } : { success: true, message: '岗位编码可以使用' });
      },
    });
    renderAtRoute(<PostFormPage />, '/system/post/:page', '/system/post/postUpd?id=3');
    const code = screen.getByLabelText('岗位编码') as HTMLInputElement;
    await waitFor(() => expect(code.value).toBe('FIN'));
    fireEvent.change(code, { target: { value: 'FIN2' } });
    fireEvent.change(code, { target: { value: 'FIN' } });
    await waitFor(() => expect(server.callsTo('/rest/common/checkDuplicate')).toHaveLength(1));
    expect(server.callsTo('/rest/common/checkDuplicate')[0]!.body).toEqual({ tableName: 'post', fieldName: 'postCode', fieldVal: 'FIN', dataId: '3' });
    // The answer has come back and the field passed.
    await waitFor(() => expect(code.closest('.ant-form-item')!.classList.contains('ant-form-item-has-success')).toBe(true));
    expect(screen.queryByText('岗位编码已存在')).toBeNull();
  });
});
