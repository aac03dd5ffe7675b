import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { FakeXhr } from '../../api/testing/fakeXhr';
import type { UploadedFile } from '../../api/upload';
import { UploadField, type UploadFieldProps } from './UploadField';

beforeEach(() => {
  FakeXhr.reset();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const stored = (fileId: string, filename: string): UploadedFile => ({ fileId, fileRepId: `R${fileId}`, filename, size: 4, type: 'application/pdf' });

/** A form-like owner of the value, recording every change. */
function Harness({ initial = [], changes, ...props }: Partial<UploadFieldProps> & { initial?: UploadedFile[]; changes: UploadedFile[][] }) {
  const [value, setValue] = useState(initial);
  return (
    <AntdApp>
      <UploadField
        {...props}
        value={value}
        onChange={(next) => {
          changes.push(next);
          setValue(next);
        }}
      />
    </AntdApp>
  );
}

function choose(container: HTMLElement, ...files: File[]) {
  const input = container.querySelector('input[type=file]') as HTMLInputElement;
  fireEvent.change(input, { target: { files } });
}

const pdf = (name: string, size = 4) => new File(['x'.repeat(size)], name, { type: 'application/pdf' });

describe('UploadField', () => {
  it('uploads a chosen file, shows its progress, then holds the stored file as its value', async () => {
    const changes: UploadedFile[][] = [];
    const { container } = render(<Harness changes={changes} />);
    choose(container, pdf('申报书.pdf'));

    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    const xhr = FakeXhr.last();
    expect(xhr.url).toBe('/auth/webUpload');
    expect((xhr.form.get('file') as File).name).toBe('申报书.pdf');

    act(() => xhr.progress(2, 5));
    const bar = await screen.findByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('40');

    act(() => xhr.respond(200, { code: '0000', success: true, msg: '上传成功', data: stored('F1', '申报书.pdf') }));
    await waitFor(() => expect(changes).toEqual([[stored('F1', '申报书.pdf')]]));
    // The uploading row leaves (antd animates it out); the stored file's row is done.
    await waitFor(() => expect(container.querySelector('.ant-upload-list-item-done')?.textContent).toContain('申报书.pdf'));
  });

  it('keeps a failed upload as a marked row and leaves the value alone', async () => {
    const changes: UploadedFile[][] = [];
    const { container } = render(<Harness changes={changes} />);
    choose(container, pdf('坏文件.pdf'));
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    act(() => FakeXhr.last().respond(400, { code: 'FILE_TYPE', success: false, msg: '不支持的文件类型', data: null }));

    await waitFor(() => expect(container.querySelector('.ant-upload-list-item-error')).not.toBeNull());
    expect(container.querySelector('.ant-upload-list-item-error')!.textContent).toContain('坏文件.pdf');
    expect(changes).toEqual([]);
  });

  it('refuses a file over the size limit before uploading', async () => {
    const changes: UploadedFile[][] = [];
    const { container } = render(<Harness changes={changes} maxSizeMb={0.000001} />);
    choose(container, pdf('大文件.pdf', 64));
    expect(await screen.findByText(/超过 .* MB，无法上传/)).toBeTruthy();
    expect(FakeXhr.instances).toHaveLength(0);
  });

  it('removing a stored file drops it from the value; removing an upload aborts it', async () => {
    const changes: UploadedFile[][] = [];
    const { container } = render(<Harness changes={changes} initial={[stored('A', '一.pdf'), stored('B', '二.pdf')]} />);
    fireEvent.click(screen.getAllByRole('button', { name: /删除|remove|delete/i })[0]!);
    await waitFor(() => expect(changes).toEqual([[stored('B', '二.pdf')]]));

    choose(container, pdf('三.pdf'));
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    await screen.findByText('三.pdf');
    const removeButtons = screen.getAllByRole('button', { name: /删除|remove|delete/i });
    fireEvent.click(removeButtons[removeButtons.length - 1]!);
    await waitFor(() => expect(FakeXhr.last().aborted).toBe(true));
    // A cancelled upload is not a failure: no red row, and the value is untouched.
    expect(container.querySelector('.ant-upload-list-item-error')).toBeNull();
    expect(changes).toHaveLength(1);
  });

  it('enforces maxCount across a multiple selection', async () => {
    const changes: UploadedFile[][] = [];
    const { container } = render(<Harness changes={changes} maxCount={2} multiple initial={[stored('A', '一.pdf')]} />);
    choose(container, pdf('二.pdf'), pdf('三.pdf'));
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    expect(await screen.findByText('最多上传 2 个文件')).toBeTruthy();
    expect((FakeXhr.last().form.get('file') as File).name).toBe('二.pdf');
  });

  it('opens a stored file without a URL through the streaming download', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    render(<Harness changes={[]} initial={[stored('F9', '附件.pdf')]} />);
    fireEvent.click(screen.getByText('附件.pdf'));
    expect(open).toHaveBeenCalledWith(expect.stringMatching(/^\/stream\/fms\/downloads\/1\?fileId=F9&filename=/), '_blank');
  });
});

describe('UploadField as a picture list', () => {
  it('shows a stored picture as a thumbnail, though its address ends in a query string', () => {
    const cover: UploadedFile = { fileId: 'F9', fileRepId: 'R9', filename: '封面.png', size: 4, type: 'png', url: '/stream/fms/downloads/1?fileId=F9&filename=%E5%B0%81%E9%9D%A2.png' };
    const document: UploadedFile = { ...stored('F8', '说明.pdf'), type: 'pdf', url: '/stream/fms/downloads/1?fileId=F8&filename=x.pdf' };
    const { container } = render(<Harness changes={[]} initial={[cover, document]} listType="picture" />);
    const thumbnails = container.querySelectorAll('img.ant-upload-list-item-image');
    expect(thumbnails).toHaveLength(1);
    expect(thumbnails[0]!.getAttribute('src')).toContain('fileId=F9');
  });
});
