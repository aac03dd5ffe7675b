import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from './session';
import { ApiError } from './http';
import { setErrorNotifier, type Notice } from './notify';
import { FakeXhr } from './testing/fakeXhr';
import { defaultUploadFields, formatRequestTime, uploadFile, type UploadedFile } from './upload';

let notices: Notice[];
let restoreNotifier: () => void;

beforeEach(() => {
  FakeXhr.reset();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  notices = [];
  restoreNotifier = setErrorNotifier((notice) => notices.push(notice));
});

afterEach(() => {
  restoreNotifier();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

const stored: UploadedFile = { fileId: 'F1', fileRepId: 'R1', filename: '申报书.pdf', size: 5, type: 'application/pdf' };
const file = () => new File(['%PDF-'], '申报书.pdf', { type: 'application/pdf' });
const rejection = (promise: Promise<unknown>) => promise.then(() => expect.fail('resolved'), (e: unknown) => e);

describe('formatRequestTime', () => {
  it('is YYYYMMDDHHmmss in China time', () => {
    expect(formatRequestTime(new Date('2024-03-05T16:07:09Z'))).toBe('20240306000709');
    expect(formatRequestTime(new Date('2024-12-31T15:59:59Z'))).toBe('20241231235959');
  });
});

describe('uploadFile', () => {
  it('POSTs multipart to /auth/webUpload with the headers, the system fields and the file, and resolves the stored file', async () => {
    useSessionStore.getState().signIn('tok-u', {});
    const pending = uploadFile(file());
    const xhr = FakeXhr.last();
    expect([xhr.method, xhr.url, xhr.timeout]).toEqual(['POST', '/auth/webUpload', 90_000]);
    expect(xhr.headers.authorization).toBe('tok-u');
    expect(xhr.headers.is_ajax_request).toBe('true');
    expect(Number(xhr.headers.requestTime)).toBeGreaterThan(0);

    const form = xhr.form;
    expect([form.get('sendSysName'), form.get('sendSysCode'), form.get('recvSysName'), form.get('recvSysCode')]).toEqual([
      '蒲公英控制台',
      'dandelion-web',
      '文件服务',
      'fms',
    ]);
    expect(form.get('sendReqTime')).toMatch(/^\d{14}$/);
    const sent = form.get('file') as File;
    expect([sent.name, await sent.text()]).toEqual(['申报书.pdf', '%PDF-']);
    // The fields precede the file, so a streaming parser has them when the file arrives.
    expect([...form.keys()].at(-1)).toBe('file');

    xhr.respond(200, { code: '0000', success: true, msg: '上传成功', data: stored });
    await expect(pending).resolves.toEqual(stored);
  });

  it('another endpoint and file field name may be given (the rich-text editor sends imgFile)', async () => {
    const pending = uploadFile(file(), { path: '/rest/cms/upload', fileField: 'imgFile' });
    const xhr = FakeXhr.last();
    expect(xhr.url).toBe('/rest/cms/upload');
    expect([xhr.form.has('file'), (xhr.form.get('imgFile') as File).name]).toEqual([false, '申报书.pdf']);
    xhr.respond(200, { code: '0000', success: true, msg: '', data: stored });
    await expect(pending).resolves.toEqual(stored);
  });

  it('reports whole-percent progress and 100 on success', async () => {
    const onProgress = vi.fn();
    const pending = uploadFile(file(), { onProgress });
    const xhr = FakeXhr.last();
    xhr.progress(1, 3);
    xhr.progress(2, 3);
    xhr.upload.onprogress?.(new ProgressEvent('progress', { lengthComputable: false, loaded: 5, total: 0 }));
    xhr.respond(200, { code: '0000', success: true, msg: '', data: stored });
    await pending;
    expect(onProgress.mock.calls.map(([p]) => p)).toEqual([33, 66, 100]);
  });

  it('extra fields are added and may override the defaults', async () => {
    const pending = uploadFile(file(), { fields: { recvSysCode: 'cms', bizType: 'AVATAR' } });
    const form = FakeXhr.last().form;
    expect([form.get('recvSysCode'), form.get('bizType'), form.get('sendSysCode')]).toEqual(['cms', 'AVATAR', 'dandelion-web']);
    FakeXhr.last().respond(200, { code: '0000', success: true, msg: '', data: stored });
    await pending;
  });

  it('a refusal rejects with code and message and toasts it', async () => {
    const pending = rejection(uploadFile(file()));
    FakeXhr.last().respond(413, { code: '413', success: false, msg: '文件大小超过限制', data: null });
    const error = (await pending) as ApiError;
    expect([error.code, error.message, error.status]).toEqual(['413', '文件大小超过限制', 413]);
    expect(notices.map((n) => [n.level, n.message])).toEqual([['error', '文件大小超过限制']]);
  });

  it('a 401 ends the session and warns even when silent; other silent failures are not toasted', async () => {
    useSessionStore.getState().signIn('tok', {});
    const pending = rejection(uploadFile(file(), { silent: true }));
    FakeXhr.last().respond(401, { code: '401', success: false, msg: '', data: null });
    expect(((await pending) as ApiError).message).toBe('未授权，请重新登录');
    expect(useSessionStore.getState().session).toBeNull();
    expect(notices.map((n) => [n.level, n.message])).toEqual([['warning', '未授权，请重新登录']]);

    const quiet = rejection(uploadFile(file(), { silent: true }));
    FakeXhr.last().respond(400, { code: 'FILE_TYPE', success: false, msg: '不支持的文件类型', data: null });
    await quiet;
    expect(notices).toHaveLength(1);
  });

  it('an answer without a stored file is an invalid response', async () => {
    const pending = rejection(uploadFile(file()));
    FakeXhr.last().respond(200, { code: '0000', success: true, msg: '', data: null });
    expect(((await pending) as ApiError).code).toBe('INVALID_RESPONSE');
  });

  it('network failure and timeout become 网络异常 / 请求超时', async () => {
    const lost = rejection(uploadFile(file()));
    FakeXhr.last().failNetwork();
    const slow = rejection(uploadFile(file(), { timeoutMs: 5 }));
    expect(FakeXhr.last().timeout).toBe(5);
    FakeXhr.last().expire();
    expect([((await lost) as ApiError).message, ((await slow) as ApiError).message]).toEqual(['网络异常，请稍后重试', '请求超时，请稍后重试']);
  });

  it('an abort cancels the request and rejects without a toast', async () => {
    const controller = new AbortController();
    const pending = rejection(uploadFile(file(), { signal: controller.signal }));
    controller.abort();
    const error = await pending;
    expect(FakeXhr.last().aborted).toBe(true);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as DOMException).name).toBe('AbortError');
    expect(notices).toEqual([]);

    const before = FakeXhr.instances.length;
    await rejection(uploadFile(file(), { signal: controller.signal }));
    expect(FakeXhr.instances.length).toBe(before);
  });

  it('uses the configured API base', async () => {
    vi.stubEnv('VITE_API_BASE', 'https://api.example.com');
    const pending = uploadFile(file());
    expect(FakeXhr.last().url).toBe('https://api.example.com/auth/webUpload');
    FakeXhr.last().respond(200, { code: '0000', success: true, msg: '', data: stored });
    await pending;
  });

  it('defaultUploadFields stamps the given time', () => {
    expect(defaultUploadFields(new Date('2025-01-01T00:00:00Z')).sendReqTime).toBe('20250101080000');
  });
});
