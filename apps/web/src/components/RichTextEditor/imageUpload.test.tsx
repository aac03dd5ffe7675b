import { beforeAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useSessionStore } from '../../api/session';
import { FakeXhr } from '../../api/testing/fakeXhr';
import { ControlledEditor, mountedEditor, renderEditor, type, preloadEditor, PRELOAD_TIMEOUT_MS } from './editorTestKit';

beforeAll(preloadEditor, PRELOAD_TIMEOUT_MS);

beforeEach(() => {
  FakeXhr.reset();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});

afterEach(() => {
  vi.unstubAllGlobals();
  useSessionStore.getState().signOut();
});

/** What the file service answers for a stored image (apps/server/src/modules/file). */
const stored = (fileId: string, filename: string) => ({
  fileId,
  fileRepId: `R${fileId}`,
  filename,
  size: 68,
  type: 'png',
  kind: 'IMAGE',
  mime: 'image/png',
  url: `/stream/fms/downloads/1?fileId=${fileId}&filename=${encodeURIComponent(filename)}`,
  createTime: '2026-05-01T08:00:00.000Z',
});
const png = (name = '示意图.png') => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });

function choose(...files: File[]) {
  const input = document.querySelector<HTMLInputElement>('input[type=file][aria-label="选择图片"]')!;
  fireEvent.change(input, { target: { files } });
}

describe('image upload', () => {
  it('the image button opens the file picker for images', async () => {
    renderEditor(<ControlledEditor changes={[]} />);
    await mountedEditor();
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    expect(input.accept).toBe('.jpg,.jpeg,.png,.gif,.webp,.bmp');
    const click = vi.spyOn(input, 'click');
    fireEvent.click(document.querySelector('button[aria-label="图片"]')!);
    expect(click).toHaveBeenCalledTimes(1);
  });

  it('uploads a chosen image as imgFile with the system fields, shows progress, then inserts the answer url', async () => {
    useSessionStore.getState().signIn('tok-e', {});
    const changes: string[] = [];
    const { container } = renderEditor(<ControlledEditor initial="<p>前文</p>" changes={changes} />);
    const editor = await mountedEditor();
    act(() => {
      editor.commands.focus('end');
    });
    choose(png());

    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    const xhr = FakeXhr.last();
    expect([xhr.method, xhr.url, xhr.headers.authorization]).toEqual(['POST', '/auth/webUpload', 'tok-e']);
    const form = xhr.form;
    expect((form.get('imgFile') as File).name).toBe('示意图.png');
    expect(form.has('file')).toBe(false);
    for (const field of ['sendSysName', 'sendSysCode', 'sendReqTime', 'recvSysName', 'recvSysCode']) expect(form.get(field), field).toBeTruthy();

    act(() => xhr.progress(1, 4));
    expect(screen.getByText('正在上传「示意图.png」')).toBeTruthy();
    expect(container.querySelector('.dl-rte-upload [role=progressbar]')!.getAttribute('aria-valuenow')).toBe('25');

    act(() => xhr.respond(200, { code: '0000', success: true, msg: '上传成功', data: stored('41', '示意图.png') }));
    const src = '/stream/fms/downloads/1?fileId=41&amp;filename=%E7%A4%BA%E6%84%8F%E5%9B%BE.png';
    await waitFor(() => expect(changes.at(-1)).toBe(`<p>前文<img src="${src}" alt="示意图.png"></p>`));
    expect(screen.queryByText('正在上传「示意图.png」')).toBeNull();
    // Shown with the viewer's token (the file is private until its record is published), stored without it.
    expect(container.querySelector('.ProseMirror img')!.getAttribute('src')).toBe(
      '/stream/fms/downloads/1?fileId=41&filename=%E7%A4%BA%E6%84%8F%E5%9B%BE.png&authorization=tok-e',
    );
    expect(changes.at(-1)).not.toContain('authorization');
  });

  it('honours uploadJson and filePostName', async () => {
    renderEditor(<ControlledEditor changes={[]} uploadJson="/rest/cms/contentUpload" filePostName="picture" />);
    await mountedEditor();
    choose(png());
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    expect(FakeXhr.last().url).toBe('/rest/cms/contentUpload');
    expect((FakeXhr.last().form.get('picture') as File).name).toBe('示意图.png');
  });

  it("shows the server's Chinese message when an upload is refused and inserts nothing", async () => {
    const changes: string[] = [];
    renderEditor(<ControlledEditor changes={changes} />);
    await mountedEditor();
    choose(png('伪装.png'));
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    act(() => FakeXhr.last().respond(400, { code: '400', success: false, msg: '文件内容与扩展名不符', data: null }));
    expect(await screen.findByText('图片「伪装.png」上传失败：文件内容与扩展名不符')).toBeTruthy();
    expect(changes).toEqual([]);
    expect(screen.queryByText('正在上传「伪装.png」')).toBeNull();
  });

  it('refuses files that are not images, and images over 10 MB, before uploading', async () => {
    renderEditor(<ControlledEditor changes={[]} />);
    await mountedEditor();
    choose(new File(['%PDF'], '申报书.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('「申报书.pdf」不是支持的图片格式，请选择 JPG、PNG、GIF、WEBP 或 BMP 图片')).toBeTruthy();
    const big = png('大图.png');
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    choose(big);
    expect(await screen.findByText('图片「大图.png」超过 10 MB，无法上传')).toBeTruthy();
    expect(FakeXhr.instances).toHaveLength(0);
  });

  it('a pasted screenshot uploads the same way and lands where the cursor was, even after more typing', async () => {
    const changes: string[] = [];
    renderEditor(<ControlledEditor initial="<p>图：</p>" changes={changes} minChangeSize={1} />);
    const editor = await mountedEditor();
    act(() => {
      editor.commands.focus('end');
    });
    const data = new DataTransfer();
    data.items.add(new File([new Uint8Array([0x89, 0x50])], 'image.png', { type: 'image/png' }));
    const paste = new Event('paste', { bubbles: true, cancelable: true }) as ClipboardEvent;
    Object.defineProperty(paste, 'clipboardData', { value: data });
    act(() => {
      editor.view.dom.dispatchEvent(paste);
    });
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    expect((FakeXhr.last().form.get('imgFile') as File).name).toMatch(/^粘贴图片-\d{14}\.png$/);

    act(() => {
      editor.commands.setTextSelection(1);
      type(editor, '如');
    });
    act(() => FakeXhr.last().respond(200, { code: '0000', success: true, msg: '', data: stored('9', 'a.png') }));
    await waitFor(() => expect(changes.at(-1)).toBe('<p>如图：<img src="/stream/fms/downloads/1?fileId=9&amp;filename=a.png" alt="a.png"></p>'));
  });

  it('a dropped image uploads; a dropped document is refused with a message', async () => {
    const changes: string[] = [];
    renderEditor(<ControlledEditor initial="<p>正文</p>" changes={changes} />);
    const editor = await mountedEditor();
    const drop = (file: File) => {
      const data = new DataTransfer();
      data.items.add(file);
      const event = new Event('drop', { bubbles: true, cancelable: true }) as DragEvent;
      Object.defineProperties(event, { dataTransfer: { value: data }, clientX: { value: 10 }, clientY: { value: 10 } });
      act(() => {
        editor.view.dom.dispatchEvent(event);
      });
      return event;
    };
    const refused = drop(new File(['PK'], '附件.zip', { type: 'application/zip' }));
    expect(refused.defaultPrevented).toBe(true);
    expect(await screen.findByText('「附件.zip」不是支持的图片格式，请选择 JPG、PNG、GIF、WEBP 或 BMP 图片')).toBeTruthy();

    drop(png('拖入.png'));
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    expect((FakeXhr.last().form.get('imgFile') as File).name).toBe('拖入.png');
    act(() => FakeXhr.last().respond(200, { code: '0000', success: true, msg: '', data: stored('5', '拖入.png') }));
    await waitFor(() => expect(changes.at(-1)).toContain('<img src="/stream/fms/downloads/1?fileId=5&amp;filename=%E6%8B%96%E5%85%A5.png" alt="拖入.png">'));
  });

  it('pasted markup never brings a data: image or a javascript: link along', async () => {
    const changes: string[] = [];
    renderEditor(<ControlledEditor changes={changes} />);
    const editor = await mountedEditor();
    act(() => {
      editor.commands.focus();
      editor.view.pasteHTML('<p>来自网页<img src="data:image/png;base64,iVBORw0KGgo="><a href="javascript:alert(1)">点我</a><img src="/stream/fms/downloads/1?fileId=3&amp;filename=b.png&amp;authorization=leaked"></p>');
    });
    await waitFor(() => expect(changes).toHaveLength(1));
    expect(changes[0]).toBe('<p>来自网页点我<img src="/stream/fms/downloads/1?fileId=3&amp;filename=b.png"></p>');
    expect(FakeXhr.instances).toHaveLength(0);
  });

  it('an upload still running when the editor goes away is cancelled', async () => {
    const { unmount } = renderEditor(<ControlledEditor changes={[]} />);
    await mountedEditor();
    choose(png());
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    unmount();
    expect(FakeXhr.last().aborted).toBe(true);
  });
});
