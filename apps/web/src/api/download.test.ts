import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from './session';
import {
  DOWNLOAD_ARGS_MESSAGE,
  downloadByFileId,
  downloadByGet,
  downloadByPost,
  downloadByRepId,
  filenameFromDisposition,
  streamDownloadUrl,
} from './download';
import type { ApiError } from './http';
import { setErrorNotifier, type Notice } from './notify';
import { envelope, fakeFetch } from './testing/fakeFetch';

let notices: Notice[];
let restoreNotifier: () => void;
let saved: Array<{ name: string; href: string; blob: Blob }>;

beforeEach(() => {
  notices = [];
  restoreNotifier = setErrorNotifier((notice) => notices.push(notice));
  saved = [];
  const blobs = new Map<string, Blob>();
  let n = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const href = `blob:test/${(n += 1)}`;
    blobs.set(href, blob as Blob);
    return href;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.href, blob: blobs.get(this.href)! });
  });
});

afterEach(() => {
  restoreNotifier();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

const rejection = (promise: Promise<unknown>) => promise.then(() => expect.fail('resolved'), (e: unknown) => e as ApiError);

function fileResponse(content: BlobPart[], headers: Record<string, string>): Response {
  return new Response(new Blob(content), { status: 200, headers });
}

describe('streaming download by id', () => {
  it('refuses an empty, blank or missing id or filename', () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    expect(() => downloadByFileId('', 'a.pdf')).toThrow(DOWNLOAD_ARGS_MESSAGE);
    expect(() => downloadByFileId('f1', '')).toThrow(DOWNLOAD_ARGS_MESSAGE);
    expect(() => downloadByFileId('f1', '  ')).toThrow(DOWNLOAD_ARGS_MESSAGE);
    expect(() => downloadByRepId(undefined, 'a.pdf')).toThrow(DOWNLOAD_ARGS_MESSAGE);
    expect(() => downloadByRepId('r1', null)).toThrow(DOWNLOAD_ARGS_MESSAGE);
    expect(() => downloadByRepId(42 as unknown as string, 'a.pdf')).toThrow('文件编号和文件名不能为空');
    expect(open).not.toHaveBeenCalled();
  });

  it('opens the file-service stream with the id, the encoded filename and the token', () => {
    useSessionStore.getState().signIn('tok 1', {});
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    downloadByFileId('F-1', '申报书 终稿.pdf');
    downloadByRepId('R&2', 'a.zip');
    expect(open.mock.calls).toEqual([
      ['/stream/fms/downloads/1?fileId=F-1&filename=%E7%94%B3%E6%8A%A5%E4%B9%A6+%E7%BB%88%E7%A8%BF.pdf&authorization=tok+1', '_blank'],
      ['/stream/fms/downloads/1?fileRepId=R%262&filename=a.zip&authorization=tok+1', '_blank'],
    ]);
    const query = new URL(open.mock.calls[0]![0] as string, 'http://x').searchParams;
    expect([query.get('filename'), query.get('authorization')]).toEqual(['申报书 终稿.pdf', 'tok 1']);
  });

  it('prefixes the configured API base', () => {
    vi.stubEnv('VITE_API_BASE', 'https://api.example.com');
    expect(streamDownloadUrl({ fileId: 'F' }, 'a.txt')).toBe('https://api.example.com/stream/fms/downloads/1?fileId=F&filename=a.txt');
  });
});

describe('Content-Disposition', () => {
  it.each([
    [`attachment; filename*=UTF-8''%E7%94%A8%E6%88%B7%E5%88%97%E8%A1%A8.xlsx`, '用户列表.xlsx'],
    [`attachment; filename="fallback.xlsx"; filename*=utf-8''%E6%8A%A5%E8%A1%A8.xlsx`, '报表.xlsx'],
    [`attachment; filename*=UTF-8'zh-cn'%E6%8A%A5%E8%A1%A8.xlsx`, '报表.xlsx'],
    [`attachment; filename="report \\"v2\\".csv"`, 'report "v2".csv'],
    [`attachment; filename=plain.txt`, 'plain.txt'],
    [`attachment; filename="%E6%8A%A5%E8%A1%A8.xlsx"`, '报表.xlsx'],
    [`attachment; filename*=UTF-8''%FF%FE; filename="safe.txt"`, 'safe.txt'],
    [`attachment`, undefined],
    [null, undefined],
  ])('%s → %s', (header, name) => {
    expect(filenameFromDisposition(header)).toBe(name);
  });
});

describe('blob download', () => {
  it('GET saves the blob under the server name (RFC 5987) with the common headers and params', async () => {
    useSessionStore.getState().signIn('tok-d', {});
    const server = fakeFetch({
      '/rest/user/export': fileResponse(['a,b\n1,2\n'], {
        'content-type': 'text/csv',
        'content-disposition': `attachment; filename*=UTF-8''%E7%94%A8%E6%88%B7.csv`,
      }),
    });
    vi.stubGlobal('fetch', server.fetch);

    await expect(downloadByGet('/rest/user/export', { params: { status: 'NORMAL', gone: null } })).resolves.toEqual({ filename: '用户.csv', size: 8 });
    expect(saved.map((s) => s.name)).toEqual(['用户.csv']);
    expect(await saved[0]!.blob.text()).toBe('a,b\n1,2\n');
    const [call] = server.calls;
    expect([call!.method, call!.url]).toEqual(['GET', '/rest/user/export?status=NORMAL']);
    expect([call!.headers.authorization, call!.headers.is_ajax_request]).toEqual(['tok-d', 'true']);
  });

  it('POST sends the JSON body; a given name wins; no name at all falls back to 下载文件', async () => {
    const server = fakeFetch({ '/rest/log/export': () => fileResponse(['x'], { 'content-type': 'application/octet-stream', 'content-disposition': 'attachment; filename=log.xlsx' }) });
    vi.stubGlobal('fetch', server.fetch);
    await downloadByPost('/rest/log/export', { level: 'ERROR' }, { filename: '错误日志.xlsx' });
    expect(server.calls[0]!.body).toEqual({ level: 'ERROR' });
    expect(server.calls[0]!.method).toBe('POST');

    vi.stubGlobal('fetch', vi.fn(async () => fileResponse(['y'], { 'content-type': 'application/pdf' })));
    await downloadByGet('/rest/x');
    expect(saved.map((s) => s.name)).toEqual(['错误日志.xlsx', '下载文件']);
  });

  it('an empty file warns 文件下载失败 and rejects, saving nothing', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => fileResponse([], { 'content-type': 'application/octet-stream' })));
    const error = await rejection(downloadByGet('/rest/x'));
    expect([error.code, error.message]).toEqual(['DOWNLOAD_FAILED', '文件下载失败']);
    expect(notices).toEqual([{ level: 'warning', message: '文件下载失败', key: '文件下载失败' }]);
    expect(saved).toEqual([]);
  });

  it('a JSON error envelope instead of a file rejects with its code and message and toasts it', async () => {
    vi.stubGlobal('fetch', fakeFetch({ '/rest/x': envelope('EXPORT_TOO_LARGE', null, '导出数据超过 5 万行，请缩小范围') }).fetch);
    const error = await rejection(downloadByPost('/rest/x', {}));
    expect([error.code, error.message]).toEqual(['EXPORT_TOO_LARGE', '导出数据超过 5 万行，请缩小范围']);
    expect(notices).toEqual([{ level: 'error', message: '导出数据超过 5 万行，请缩小范围', key: '导出数据超过 5 万行，请缩小范围' }]);
    expect(saved).toEqual([]);
  });

  it('a success envelope where a file was expected is a failed download', async () => {
    vi.stubGlobal('fetch', fakeFetch({ '/rest/x': envelope('0000', null) }).fetch);
    expect((await rejection(downloadByGet('/rest/x'))).message).toBe('文件下载失败');
    expect(notices.map((n) => n.level)).toEqual(['warning']);
  });

  it('a JSON file that is not an envelope is saved like any file', async () => {
    const body = JSON.stringify({ layoutUiName: 'cms-layout' });
    vi.stubGlobal('fetch', vi.fn(async () => new Response(body, { headers: { 'content-type': 'application/json', 'content-disposition': 'attachment; filename=theme.json' } })));
    await downloadByGet('/rest/theme/export');
    expect(saved.map((s) => s.name)).toEqual(['theme.json']);
    expect(await saved[0]!.blob.text()).toBe(body);
  });

  it('a 401 envelope ends the session and warns even when silent', async () => {
    useSessionStore.getState().signIn('tok', {});
    vi.stubGlobal('fetch', fakeFetch({ '/rest/x': envelope('401', null, '', 401) }).fetch);
    const error = await rejection(downloadByGet('/rest/x', { silent: true }));
    expect(error.message).toBe('未授权，请重新登录');
    expect(useSessionStore.getState().session).toBeNull();
    expect(notices.map((n) => [n.level, n.message])).toEqual([['warning', '未授权，请重新登录']]);
  });

  it('silent suppresses the toasts of other failures', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(new Blob([]), { headers: { 'content-type': 'text/csv' } })));
    await rejection(downloadByGet('/rest/x', { silent: true }));
    vi.stubGlobal('fetch', fakeFetch({ '/rest/x': envelope('500', null, '导出失败') }).fetch);
    await rejection(downloadByGet('/rest/x', { silent: true }));
    expect(notices).toEqual([]);
  });

  it('a non-JSON server error reports the HTTP status', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>oops</html>', { status: 500, headers: { 'content-type': 'text/html' } })));
    const error = await rejection(downloadByGet('/rest/x'));
    expect([error.code, error.message]).toEqual(['500', '系统繁忙，请稍后重试']);
    expect(saved).toEqual([]);
  });
});
