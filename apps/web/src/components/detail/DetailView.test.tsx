// @vitest-environment jsdom
// jsdom, not happy-dom: DOMPurify (inside RichTextView) needs a browser-like parser (see RichTextView.test.tsx).
import '../../test/setup';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Form, Input } from 'antd';
import { postJson } from '../../api/http';
import { useConsoleStore } from '../../api/consoleStore';
import { fakeServer, ok } from '../../test/renderApp';
import { buttonNamed, renderAtRoute } from '../../test/widgetKit';
import { FormPage } from '../form';
import { dateTimeOf, richTextOf, statusTag, textOf } from '.';

interface Post {
  postId: string;
  postCode: string;
  postName: string;
  status: string;
  remark: string | null;
  body: string;
  updateTime: string;
  lockVersion: number;
}
type PostValues = Pick<Post, 'postCode' | 'postName' | 'remark'>;

const POST: Post = {
  postId: '7',
  postCode: 'CTO',
  postName: '技术总监',
  status: 'DISABLED',
  remark: null,
  body: '<p>负责<strong>技术</strong></p><p onclick="alert(1)">分管研发</p>',
  updateTime: '2026-05-20T19:30:05.000Z',
  lockVersion: 2,
};

function PostForm() {
  const [form] = Form.useForm<PostValues>();
  return (
    <FormPage<PostValues, Post>
      entityName="岗位"
      form={form}
      load={(id, signal) => postJson<Post>('/rest/postService/getPostById', { postId: id }, { signal, silent: true })}
      save={() => Promise.resolve()}
      detail={{
        editPermission: 'system:post:upd',
        items: (p) => [
          { label: '岗位编码', value: textOf(p.postCode) },
          { label: '岗位名称', value: p.postName },
          { label: '状态', value: statusTag(p.status) },
          { label: '更新时间', value: dateTimeOf(p.updateTime) },
          { label: '备注', value: textOf(p.remark), span: 'filled' },
          { label: '职责', value: richTextOf(p.body), span: 'filled' },
        ],
      }}
    >
      <Form.Item label="岗位编码" name="postCode" rules={[{ required: true, message: '请输入岗位编码' }]}>
        <Input placeholder="请输入岗位编码" />
      </Form.Item>
      <Form.Item label="备注" name="remark">
        <Input placeholder="请输入备注" />
      </Form.Item>
    </FormPage>
  );
}

function open(authList: string[]) {
  useConsoleStore.setState({ authList });
  vi.stubGlobal('fetch', fakeServer({ '/rest/postService/getPostById': ok(POST) }).fetch);
  return renderAtRoute(<PostForm />, '/system/post/:page', '/system/post/postDetail?id=7');
}

const valueOf = (label: string) => screen.getByText(label, { selector: 'th, th *' }).closest('tr')!;

beforeEach(() => useConsoleStore.setState({ authList: [] }));
afterEach(() => vi.unstubAllGlobals());

describe('a detail page', () => {
  it('describes the record: formatted values, — for empty, no inputs, asterisks or placeholders', async () => {
    const { container } = open([]);
    expect(await screen.findByText('岗位详情')).toBeTruthy();
    await screen.findByText('技术总监');
    expect(within(valueOf('岗位编码')).getByText('CTO')).toBeTruthy();
    expect(within(valueOf('状态')).getByText('停用').closest('.ant-tag')).not.toBeNull();
    expect(within(valueOf('更新时间')).getByText('2026-05-21 03:30:05')).toBeTruthy();
    expect(within(valueOf('备注')).getByText('—')).toBeTruthy();
    expect(within(valueOf('职责')).getByText('技术').tagName).toBe('STRONG');
    expect(container.querySelector('.dl-rich-text [onclick]')).toBeNull();
    expect(container.querySelector('.dl-rich-text')!.textContent).toBe('负责技术分管研发');
    expect(container.querySelector('input, textarea, .ant-form-item-required')).toBeNull();
    expect(screen.queryByPlaceholderText('请输入备注')).toBeNull();
    expect(buttonNamed('返回')).not.toBeNull();
    expect(buttonNamed('保存')).toBeNull();
  });

  it('hides 编辑 from a user without the list’s 修改 permission', async () => {
    open(['system:post:detail']);
    await screen.findByText('技术总监');
    expect(buttonNamed('编辑')).toBeNull();
  });

  it('shows 编辑 to a holder of the 修改 permission; it opens the edit form of the same record', async () => {
    const { router } = open(['system:post:detail', 'system:post:upd']);
    await screen.findByText('技术总监');
    fireEvent.click(buttonNamed('编辑')!);
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/system/post/postUpd?id=7'));
    expect(await screen.findByText('修改岗位')).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText('岗位编码') as HTMLInputElement).value).toBe('CTO'));
  });
});
