import { beforeAll, afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { envelope, fakeFetch } from '../../api/testing/fakeFetch';
import { ControlledEditor, mountedEditor, renderEditor, preloadEditor, PRELOAD_TIMEOUT_MS } from './editorTestKit';
import { fetchLibraryPage, LIBRARY_INVALID_MESSAGE } from './fileManager';

beforeAll(preloadEditor, PRELOAD_TIMEOUT_MS);

afterEach(() => {
  vi.unstubAllGlobals();
});

const LIBRARY = '/rest/file/imageLibrary';

describe('image library (fileManagerJson)', () => {
  it('asks the endpoint for a page of images and inserts the one clicked', async () => {
    const server = fakeFetch({
      [LIBRARY]: (call) => {
        const { keyword } = call.body as { keyword?: string };
        const all = [
          { fileId: '11', filename: '颁奖现场.jpg', url: '/stream/fms/downloads/1?fileId=11&filename=%E9%A2%81%E5%A5%96%E7%8E%B0%E5%9C%BA.jpg', size: 1024 },
          { fileId: 12, filename: '专家合影.png' },
          { fileId: '13', filename: '外链.png', url: 'javascript:alert(1)' },
        ];
        const list = keyword ? all.filter((image) => image.filename.includes(keyword)) : all;
        return envelope('0000', { list, total: list.length, pageNum: 1, pageSize: 24 });
      },
    });
    vi.stubGlobal('fetch', server.fetch);
    const changes: string[] = [];
    renderEditor(<ControlledEditor changes={changes} fileManagerJson={LIBRARY} />);
    const editor = await mountedEditor();
    act(() => {
      editor.commands.focus();
    });

    fireEvent.click(document.querySelector('button[aria-label="图片库"]')!);
    await screen.findByText('颁奖现场.jpg');
    expect([...document.querySelectorAll('.ant-modal-title')].map((title) => title.textContent)).toEqual(['图片库']);
    expect(server.calls[0]).toMatchObject({ method: 'POST', path: LIBRARY, body: { kind: 'IMAGE', pageParameter: { pageNum: 1, pageSize: 24 } } });
    // An address the server would strip is not offered; one without url gets the streaming address.
    expect(screen.queryByText('外链.png')).toBeNull();
    expect(screen.getByAltText('专家合影.png').getAttribute('src')).toBe('/stream/fms/downloads/1?fileId=12&filename=%E4%B8%93%E5%AE%B6%E5%90%88%E5%BD%B1.png');

    fireEvent.change(screen.getByPlaceholderText('按文件名搜索'), { target: { value: '专家' } });
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(server.calls.at(-1)!.body).toMatchObject({ keyword: '专家', pageParameter: { pageNum: 1 } }));
    await waitFor(() => expect(screen.queryByText('颁奖现场.jpg')).toBeNull());

    fireEvent.click(screen.getByTitle('插入「专家合影.png」'));
    await waitFor(() =>
      expect(changes.at(-1)).toBe('<p><img src="/stream/fms/downloads/1?fileId=12&amp;filename=%E4%B8%93%E5%AE%B6%E5%90%88%E5%BD%B1.png" alt="专家合影.png"></p>'),
    );
  });

  it('shows the failure in the dialog when the endpoint refuses', async () => {
    vi.stubGlobal('fetch', fakeFetch({ [LIBRARY]: envelope('403', null, '没有访问图片库的权限', 403) }).fetch);
    renderEditor(<ControlledEditor changes={[]} fileManagerJson={LIBRARY} />);
    await mountedEditor();
    fireEvent.click(document.querySelector('button[aria-label="图片库"]')!);
    expect(await screen.findByText('图片库加载失败：没有访问图片库的权限')).toBeTruthy();
  });

  it('an answer that is not a page is a clear error', async () => {
    vi.stubGlobal('fetch', fakeFetch({ [LIBRARY]: envelope('0000', { files: [] }) }).fetch);
    await expect(fetchLibraryPage(LIBRARY, { pageNum: 1 })).rejects.toThrow(LIBRARY_INVALID_MESSAGE);
  });
});
