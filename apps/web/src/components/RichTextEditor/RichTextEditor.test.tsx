import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Button, Form } from 'antd';
import { buttonNamed } from '../../test/widgetKit';
import { ControlledEditor, leave, mountedEditor, renderEditor, type, writingArea, preloadEditor, PRELOAD_TIMEOUT_MS } from './editorTestKit';
import { RichTextEditor } from './RichTextEditor';
import { richTextMaxLengthRule, richTextRequiredRule } from './rules';
import type { RichTextEditorHandle } from './props';

beforeAll(preloadEditor, PRELOAD_TIMEOUT_MS);

describe('RichTextEditor shell', () => {
  // First in the file on purpose: only the first editor rendered waits for the chunk.
  it('shows a skeleton of the editor size until the editor chunk has loaded, then the editor with the latest value', async () => {
    function RecordPage() {
      const [value, setValue] = useState('<p>旧</p>');
      return (
        <>
          <RichTextEditor value={value} height={300} />
          <button type="button" onClick={() => setValue('<p>正文</p>')}>
            记录到达
          </button>
        </>
      );
    }
    renderEditor(<RecordPage />);
    const skeleton = screen.getByRole('status', { name: '编辑器加载中' });
    expect(skeleton.querySelector<HTMLElement>('.dl-rte-skeleton-body')!.style.height).toBe('300px');
    expect(screen.queryByRole('textbox', { name: '富文本内容' })).toBeNull();
    // A value that arrives while the chunk is still loading is not lost.
    fireEvent.click(screen.getByText('记录到达'));
    expect(screen.getByRole('status', { name: '编辑器加载中' })).toBeTruthy();

    const area = await writingArea();
    expect(area.textContent).toBe('正文');
    expect(screen.queryByRole('status', { name: '编辑器加载中' })).toBeNull();
  });

  it('lays out with the spec defaults and shows the toolbar in Chinese', async () => {
    const { container } = renderEditor(<RichTextEditor id="content" />);
    await writingArea();
    const frame = container.querySelector<HTMLElement>('#content')!;
    expect([frame.style.width, frame.style.minWidth]).toEqual(['100%', '650px']);
    const scroll = frame.querySelector<HTMLElement>('.dl-rte-scroll')!;
    expect([scroll.style.height, scroll.style.minHeight]).toEqual(['400px', '400px']);
    const toolbar = screen.getByRole('toolbar', { name: '编辑工具栏' });
    for (const name of ['撤销', '重做', '加粗', '斜体', '下划线', '删除线', '文字颜色', '背景色', '居中', '有序列表', '无序列表', '引用', '链接', '图片', '表格', '分割线', '清除格式', '全屏']) {
      expect(toolbar.querySelector(`button[aria-label="${name}"]`), name).not.toBeNull();
    }
    expect(toolbar.querySelector('button[aria-label="图片库"]')).toBeNull();
    expect(screen.getByText('当前字数：0')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: '富文本内容' }).getAttribute('contenteditable')).toBe('true');
  });

  it('takes sizes, toolbar items, body class and a simple theme', async () => {
    const { container } = renderEditor(
      <RichTextEditor width={800} height={200} minHeight={150} minWidth={500} items={['bold', '|', 'italic']} bodyClass="notice-body" themeType="simple" />,
    );
    const area = await writingArea();
    const frame = container.querySelector<HTMLElement>('.dl-rte')!;
    expect([frame.style.width, frame.style.minWidth, frame.classList.contains('dl-rte-simple')]).toEqual(['800px', '500px', true]);
    expect(container.querySelector<HTMLElement>('.dl-rte-scroll')!.style.height).toBe('200px');
    expect(area.classList.contains('notice-body')).toBe(true);
    expect([...screen.getByRole('toolbar').querySelectorAll('button')].map((b) => b.getAttribute('aria-label'))).toEqual(['加粗', '斜体']);
  });
});

describe('value and changes', () => {
  it('shows the value and sends the edited HTML back (round trip)', async () => {
    const changes: string[] = [];
    renderEditor(<ControlledEditor initial="<p>申报<strong>通知</strong></p>" changes={changes} minChangeSize={1} />);
    const editor = await mountedEditor();
    expect(editor.getHTML()).toBe('<p>申报<strong>通知</strong></p>');
    act(() => {
      editor.commands.focus('end');
      type(editor, '！');
    });
    expect(changes).toEqual(['<p>申报<strong>通知！</strong></p>']);
    // The value fed back by the owner does not reset or re-emit anything.
    expect(editor.getHTML()).toBe('<p>申报<strong>通知！</strong></p>');
    act(() => editor.commands.clearContent(true));
    expect(changes.at(-1)).toBe('');
  });

  it('minChangeSize: typing is sent once 5 characters have changed; formatting at once; blur sends the rest', async () => {
    const changes: string[] = [];
    renderEditor(<ControlledEditor changes={changes} />);
    const editor = await mountedEditor();
    act(() => {
      editor.commands.focus();
      type(editor, '一二三四');
    });
    expect(changes).toEqual([]);
    act(() => type(editor, '五'));
    expect(changes).toEqual(['<p>一二三四五</p>']);

    act(() => type(editor, '六'));
    expect(changes).toHaveLength(1);
    // Not typing: sent at once.
    act(() => editor.chain().selectAll().toggleBold().run());
    expect(changes.at(-1)).toBe('<p><strong>一二三四五六</strong></p>');

    act(() => {
      editor.commands.focus('end');
      type(editor, '七');
    });
    expect(changes).toHaveLength(2);
    await act(() => leave(editor));
    expect(changes.at(-1)).toBe('<p><strong>一二三四五六七</strong></p>');
    // Nothing new: a second blur sends nothing.
    await act(() => leave(editor));
    expect(changes).toHaveLength(3);
  });

  it('deleting counts like typing, and Enter is sent at once', async () => {
    const changes: string[] = [];
    renderEditor(<ControlledEditor initial="<p>一二三四五六</p>" changes={changes} />);
    const editor = await mountedEditor();
    act(() => {
      editor.commands.focus('end');
      const end = editor.state.selection.from;
      editor.view.dispatch(editor.state.tr.delete(end - 2, end));
    });
    expect(changes).toEqual([]);
    act(() => editor.commands.enter());
    expect(changes).toEqual(['<p>一二三四</p>']);
  });

  it('typing not yet sent reaches the form when the editor unmounts', async () => {
    const changes: string[] = [];
    const { unmount } = renderEditor(<ControlledEditor changes={changes} />);
    const editor = await mountedEditor();
    act(() => {
      editor.commands.focus();
      type(editor, '两字');
    });
    expect(changes).toEqual([]);
    unmount();
    expect(changes).toEqual(['<p>两字</p>']);
  });

  it('the editor is created on mount and destroyed on unmount', async () => {
    const { unmount } = renderEditor(<RichTextEditor value="<p>内容</p>" />);
    const editor = await mountedEditor();
    expect(editor.isDestroyed).toBe(false);
    unmount();
    await waitFor(() => expect(editor.isDestroyed).toBe(true));
    expect(document.querySelector('.ProseMirror')).toBeNull();
  });

  it('a value arriving within loadDelay is the initial content (undo cannot empty it) and is not sent back', async () => {
    const changes: string[] = [];
    function LateRecord() {
      const [value, setValue] = useState('');
      return (
        <>
          <RichTextEditor value={value} loadDelay={60_000} onChange={(html) => changes.push(html)} />
          <button type="button" onClick={() => setValue('<p>已加载的记录</p>')}>
            加载记录
          </button>
        </>
      );
    }
    renderEditor(<LateRecord />);
    const editor = await mountedEditor();
    fireEvent.click(screen.getByText('加载记录'));
    await waitFor(() => expect(editor.getHTML()).toBe('<p>已加载的记录</p>'));
    expect(editor.can().undo()).toBe(false);
    expect(changes).toEqual([]);
    expect(screen.getByText('当前字数：6')).toBeTruthy();
  });

  it('after loadDelay a value from outside replaces the content as an undoable step', async () => {
    function Resettable() {
      const [value, setValue] = useState('<p>原文</p>');
      return (
        <>
          <RichTextEditor value={value} loadDelay={0} />
          <button type="button" onClick={() => setValue('<p>重置后的内容</p>')}>
            重置
          </button>
        </>
      );
    }
    renderEditor(<Resettable />);
    const editor = await mountedEditor();
    fireEvent.click(screen.getByText('重置'));
    await waitFor(() => expect(editor.getHTML()).toBe('<p>重置后的内容</p>'));
    expect(editor.can().undo()).toBe(true);
  });

  it('keeps only allowed tags: a disallowed element leaves its text behind', async () => {
    renderEditor(<RichTextEditor value={'<h1>标题</h1><p><strong>粗</strong><em>斜</em></p><img src="/a.png">'} htmlTags={['p', 'strong']} />);
    const editor = await mountedEditor();
    expect(editor.getHTML()).toBe('<p>标题</p><p><strong>粗</strong>斜</p>');
  });

  it('exposes focus and the unsent HTML through its ref', async () => {
    let handle: RichTextEditorHandle | null = null;
    renderEditor(<RichTextEditor ref={(h) => void (handle = h)} minChangeSize={100} />);
    const editor = await mountedEditor();
    act(() => handle!.focus());
    await waitFor(() => expect(editor.isFocused).toBe(true));
    act(() => type(editor, '草稿'));
    expect(handle!.getHtml()).toBe('<p>草稿</p>');
  });
});

describe('readonly and disabled', () => {
  it('readonly: the writing area cannot be edited and the toolbar is disabled', async () => {
    const { container } = renderEditor(<RichTextEditor value="<p>只读</p>" readonly />);
    const area = await writingArea();
    expect(area.getAttribute('contenteditable')).toBe('false');
    expect(buttonNamedLabel('加粗')!.disabled).toBe(true);
    expect(container.querySelector('.dl-rte')!.classList.contains('is-disabled')).toBe(true);
  });

  it("follows an antd Form's disabled", async () => {
    renderEditor(
      <Form disabled>
        <Form.Item name="content" label="内容">
          <RichTextEditor />
        </Form.Item>
      </Form>,
    );
    const area = await writingArea();
    expect(area.getAttribute('contenteditable')).toBe('false');
  });

  it('becomes editable again when readonly is lifted', async () => {
    function Toggle() {
      const [readonly, setReadonly] = useState(true);
      return (
        <>
          <RichTextEditor readonly={readonly} />
          <button type="button" onClick={() => setReadonly(false)}>
            编辑
          </button>
        </>
      );
    }
    renderEditor(<Toggle />);
    const area = await writingArea();
    expect(area.getAttribute('contenteditable')).toBe('false');
    fireEvent.click(screen.getByText('编辑'));
    await waitFor(() => expect(area.getAttribute('contenteditable')).toBe('true'));
    expect(buttonNamedLabel('加粗')!.disabled).toBe(false);
  });
});

describe('character limit and the form', () => {
  it('counts visible characters, shows 当前字数：n/max and turns red over the limit', async () => {
    const { container } = renderEditor(<RichTextEditor value="<p>一二&nbsp;三</p><p><strong>四</strong></p>" maxLength={5} />);
    await writingArea();
    expect(screen.getByText('当前字数：4/5')).toBeTruthy();
    const editor = await mountedEditor();
    act(() => {
      editor.commands.focus('end');
      type(editor, '五六');
    });
    expect(screen.getByText('当前字数：6/5')).toBeTruthy();
    expect(container.querySelector('.dl-rte-count')!.classList.contains('is-over')).toBe(true);
  });

  it('as a Form field: the rule shows the exact spec message and the editor gets the error border', async () => {
    let submitted: unknown = null;
    let refusals = 0;
    function ArticleForm() {
      const [form] = Form.useForm();
      return (
        <Form form={form} initialValues={{ content: '<p>一二三</p>' }} onFinish={(values) => (submitted = values)} onFinishFailed={() => refusals++}>
          <Form.Item name="content" label="正文" rules={[richTextRequiredRule(), richTextMaxLengthRule(5)]}>
            <RichTextEditor maxLength={5} />
          </Form.Item>
          <Button htmlType="submit">提交</Button>
        </Form>
      );
    }
    const { container } = renderEditor(<ArticleForm />);
    const editor = await mountedEditor();
    act(() => {
      editor.commands.focus('end');
      type(editor, '四五六七');
    });
    await act(() => leave(editor));
    expect(await screen.findByText('超出了允许的最大的字数限制：[ 7/5 ]!')).toBeTruthy();
    await waitFor(() => expect(container.querySelector('.dl-rte')!.classList.contains('is-error')).toBe(true));

    fireEvent.click(buttonNamed('提交')!);
    await waitFor(() => expect(refusals).toBe(1));
    expect(submitted).toBeNull();

    act(() => {
      editor.commands.focus('end');
      const end = editor.state.selection.from;
      editor.view.dispatch(editor.state.tr.delete(end - 2, end));
    });
    await act(() => leave(editor));
    fireEvent.click(buttonNamed('提交')!);
    await waitFor(() => expect(submitted).toEqual({ content: '<p>一二三四五</p>' }));
    expect(container.querySelector('.dl-rte')!.classList.contains('is-error')).toBe(false);
  });

  it('required: empty paragraphs are empty, an image alone is content', async () => {
    const rule = richTextRequiredRule() as { validator: (r: unknown, v: unknown) => Promise<void> };
    await expect(rule.validator({}, '<p></p><p>&nbsp;</p>')).rejects.toThrow('填写内容不能为空');
    await expect(rule.validator({}, '')).rejects.toThrow('填写内容不能为空');
    await expect(rule.validator({}, '<p><img src="/a.png"></p>')).resolves.toBeUndefined();
    const limit = richTextMaxLengthRule(3) as { validator: (r: unknown, v: unknown) => Promise<void> };
    await expect(limit.validator({}, '<p>一二三四</p>')).rejects.toThrow('超出了允许的最大的字数限制：[ 4/3 ]!');
    await expect(limit.validator({}, '<p>一&amp;二三</p>')).resolves.toBeUndefined();
  });
});

function buttonNamedLabel(label: string): HTMLButtonElement | null {
  return document.querySelector(`button[aria-label="${label}"]`);
}
