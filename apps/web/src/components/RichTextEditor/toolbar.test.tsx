import { beforeAll, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ControlledEditor, mountedEditor, renderEditor, preloadEditor, PRELOAD_TIMEOUT_MS } from './editorTestKit';

beforeAll(preloadEditor, PRELOAD_TIMEOUT_MS);

const tool = (label: string) => document.querySelector<HTMLButtonElement>(`.dl-rte-toolbar button[aria-label="${label}"]`)!;

/** Opens an antd Select of the toolbar and picks an option by its text. */
async function pick(selectLabel: string, option: string) {
  const input = document.querySelector<HTMLInputElement>(`.dl-rte-toolbar input[aria-label="${selectLabel}"]`)!;
  fireEvent.mouseDown(input.closest('.ant-select')!);
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((el) => el.textContent === option);
    if (!found) throw new Error(`no option ${option}`);
    return found;
  });
  fireEvent.click(item);
}

async function selectAllOf(html: string, changes: string[]) {
  renderEditor(<ControlledEditor initial={html} changes={changes} />);
  const editor = await mountedEditor();
  act(() => {
    editor.chain().focus().selectAll().run();
  });
  return editor;
}

describe('toolbar', () => {
  it('bold marks the selection and shows as pressed', async () => {
    const changes: string[] = [];
    await selectAllOf('<p>奖项</p>', changes);
    fireEvent.click(tool('加粗'));
    expect(changes.at(-1)).toBe('<p><strong>奖项</strong></p>');
    await waitFor(() => expect(tool('加粗').getAttribute('aria-pressed')).toBe('true'));
  });

  it('标题 turns the paragraph into a heading, 字号 sets a font size from the list', async () => {
    const changes: string[] = [];
    const editor = await selectAllOf('<p>评审办法</p>', changes);
    await pick('标题', '标题 2');
    await waitFor(() => expect(changes.at(-1)).toBe('<h2>评审办法</h2>'));
    act(() => {
      editor.chain().focus().selectAll().run();
    });
    await pick('字号', '18px');
    await waitFor(() => expect(changes.at(-1)).toBe('<h2><span style="font-size: 18px;">评审办法</span></h2>'));
  });

  it('alignment, lists, quote and the separator line', async () => {
    const changes: string[] = [];
    renderEditor(<ControlledEditor initial="<p>条款</p>" changes={changes} />);
    const editor = await mountedEditor();
    act(() => {
      editor.commands.focus('end');
    });
    fireEvent.click(tool('居中'));
    expect(changes.at(-1)).toBe('<p style="text-align: center;">条款</p>');
    fireEvent.click(tool('有序列表'));
    expect(changes.at(-1)).toBe('<ol><li><p style="text-align: center;">条款</p></li></ol>');
    fireEvent.click(tool('有序列表'));
    expect(changes.at(-1)).toBe('<p style="text-align: center;">条款</p>');
    fireEvent.click(tool('引用'));
    expect(changes.at(-1)).toBe('<blockquote><p style="text-align: center;">条款</p></blockquote>');
    fireEvent.click(tool('引用'));
    fireEvent.click(tool('分割线'));
    expect(changes.at(-1)).toBe('<p style="text-align: center;">条款</p><hr>');
  });

  it('清除格式 removes marks and alignment', async () => {
    const changes: string[] = [];
    await selectAllOf('<p style="text-align: right;"><strong><span style="color: #E53333;">红</span></strong></p>', changes);
    fireEvent.click(tool('清除格式'));
    expect(changes.at(-1)).toBe('<p>红</p>');
  });

  it('链接: refuses an unsafe address with a Chinese message, then links the selection', async () => {
    const changes: string[] = [];
    await selectAllOf('<p>官网</p>', changes);
    fireEvent.click(tool('链接'));
    const input = await screen.findByPlaceholderText('https://');
    fireEvent.change(input, { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('请输入以 http://、https://、mailto: 或 tel: 开头的地址，或以 / 开头的站内路径')).toBeTruthy();
    expect(changes).toEqual([]);

    fireEvent.change(input, { target: { value: 'www.most.gov.cn' } });
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(changes.at(-1)).toBe('<p><a target="_blank" rel="noopener noreferrer" href="https://www.most.gov.cn">官网</a></p>'));
    await waitFor(() => expect(tool('取消链接').disabled).toBe(false));
    fireEvent.click(tool('取消链接'));
    expect(changes.at(-1)).toBe('<p>官网</p>');
  });

  it('链接 without a selection inserts the text given, opening in the same window when asked', async () => {
    const changes: string[] = [];
    renderEditor(<ControlledEditor changes={changes} />);
    const editor = await mountedEditor();
    act(() => {
      editor.commands.focus();
    });
    fireEvent.click(tool('链接'));
    fireEvent.change(await screen.findByPlaceholderText('https://'), { target: { value: '/notificationDetail/8' } });
    fireEvent.change(screen.getByLabelText('链接文字'), { target: { value: '申报通知' } });
    fireEvent.click(screen.getByLabelText('在新窗口打开'));
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(changes.at(-1)).toBe('<p><a href="/notificationDetail/8">申报通知</a></p>'));
  });

  it('表格 inserts a 3 × 3 table with a header row, and its menu adds a row', async () => {
    const changes: string[] = [];
    renderEditor(<ControlledEditor changes={changes} />);
    const editor = await mountedEditor();
    act(() => {
      editor.commands.focus();
    });
    fireEvent.click(tool('表格'));
    fireEvent.click(await screen.findByText('插入表格（3 行 × 3 列）'));
    await waitFor(() => expect(changes.at(-1)).toMatch(/^<table[^>]*><colgroup>(<col[^>]*>){3}<\/colgroup><tbody><tr>(<th[^>]*><p><\/p><\/th>){3}<\/tr>(<tr>(<td[^>]*><p><\/p><\/td>){3}<\/tr>){2}<\/tbody><\/table>/));
    fireEvent.click(tool('表格'));
    fireEvent.click(await screen.findByText('在下方插入行'));
    await waitFor(() => expect(changes.at(-1)!.match(/<tr>/g)).toHaveLength(4));
  });

  it('文字颜色 applies a preset colour, 背景色 any colour, and 无颜色 removes it', async () => {
    const changes: string[] = [];
    const editor = await selectAllOf('<p>醒目</p>', changes);
    fireEvent.click(tool('文字颜色'));
    fireEvent.click(await screen.findByRole('button', { name: '#E53333' }));
    await waitFor(() => expect(changes.at(-1)).toBe('<p><span style="color: #e53333;">醒目</span></p>'));

    act(() => {
      editor.chain().focus().selectAll().run();
    });
    fireEvent.click(tool('背景色'));
    const custom = await waitFor(() => {
      const inputs = screen.getAllByLabelText('自定义颜色');
      return inputs.at(-1)!;
    });
    fireEvent.change(custom, { target: { value: '#12ab9c' } });
    await waitFor(() => expect(changes.at(-1)).toBe('<p><span style="color: #e53333; background-color: #12ab9c;">醒目</span></p>'));

    act(() => {
      editor.chain().focus().selectAll().run();
    });
    fireEvent.click(tool('文字颜色'));
    const clear = await waitFor(() => screen.getAllByRole('button', { name: '无颜色' }).at(0)!);
    fireEvent.click(clear);
    await waitFor(() => expect(changes.at(-1)).toBe('<p><span style="background-color: #12ab9c;">醒目</span></p>'));
  });

  it('全屏 fills the window above everything (zIndex) and Esc leaves it', async () => {
    const { container } = renderEditor(<ControlledEditor changes={[]} />);
    await mountedEditor();
    const frame = container.querySelector<HTMLElement>('.dl-rte')!;
    fireEvent.click(tool('全屏'));
    expect(frame.classList.contains('is-fullscreen')).toBe(true);
    expect(frame.style.zIndex).toBe('811213');
    expect(within(frame).getByRole('button', { name: '退出全屏' })).toBeTruthy();
    fireEvent.keyDown(window, { key: 'Escape' });
    await waitFor(() => expect(frame.classList.contains('is-fullscreen')).toBe(false));
  });
});
