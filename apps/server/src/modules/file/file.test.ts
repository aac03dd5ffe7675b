import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { createAccount, signIn } from '../../../test/helpers/accounts';
import { createTestApp, get, type TestContext } from '../../../test/helpers/testApp';
import { TEST_ADMIN_PASSWORD } from '../../../test/helpers/testDatabase';
import { sysOperLog } from '../../core/audit';
import { sysFile, sysFileRep } from './tables';

let ctx: TestContext;
let admin: string;
let alice: string;
let bob: string;

// A real 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const UPLOAD_FIELDS = { sendSysName: '蒲公英控制台', sendSysCode: 'dandelion-web', sendReqTime: '20261125120000', recvSysName: '文件服务', recvSysCode: 'fms' };

/** A multipart request exactly as a browser's FormData sends it. */
async function upload(token: string | null, filename: string, bytes: Buffer, options: { field?: string; fields?: Record<string, string> } = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(options.fields ?? UPLOAD_FIELDS)) form.append(k, v);
  form.append(options.field ?? 'file', new Blob([new Uint8Array(bytes)]), filename);
  const encoded = new Response(form);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/auth/webUpload',
    headers: { 'content-type': encoded.headers.get('content-type')!, ...(token ? { authorization: token } : {}) },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
  return { status: res.statusCode, body: res.json() };
}

const download = (query: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url: `/stream/fms/downloads/1?${query}`, headers });

async function xlsxBytes(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('名单').addRow(['姓名', '单位']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const storedFiles = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name))
    : [];
const store = fs.mkdtempSync(path.join(os.tmpdir(), 'dandelion-file-test-'));
const filesDir = () => store;

beforeAll(async () => {
  ctx = await createTestApp({ filesDir: store });
  admin = await signIn(ctx.app, 'admin', TEST_ADMIN_PASSWORD);
  await createAccount(ctx.database, { username: 'alice', password: 'Alice@2026x', roleCodes: ['APPLICANT'] });
  await createAccount(ctx.database, { username: 'bob', password: 'Bob@2026xx', roleCodes: ['APPLICANT'] });
  alice = await signIn(ctx.app, 'alice', 'Alice@2026x');
  bob = await signIn(ctx.app, 'bob', 'Bob@2026xx');
});
afterAll(async () => {
  await ctx.app.close();
  fs.rmSync(store, { recursive: true, force: true });
});

describe('upload refuses', () => {
  it('anonymous callers with 401 and a JSON body with 400', async () => {
    expect((await upload(null, 'a.png', PNG)).status).toBe(401);
    const res = await ctx.app.inject({ method: 'POST', url: '/auth/webUpload', headers: { authorization: alice, 'content-type': 'application/json' }, payload: '{}' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('请以 multipart/form-data 方式上传文件');
  });

  it('extensions off the allowlist, and bytes that are not what the name claims; nothing is kept', async () => {
    const before = storedFiles(filesDir()).length;
    const cases: Array<[string, Buffer, string]> = [
      ['page.html', Buffer.from('<html><script>alert(1)</script></html>'), '不支持上传 .html 文件'],
      ['logo.svg', Buffer.from('<svg onload="alert(1)"/>'), '不支持上传 .svg 文件'],
      ['run.exe', Buffer.from('MZ\x90\x00'), '不支持上传 .exe 文件'],
      ['README', Buffer.from('hello'), '不支持上传 没有扩展名的文件'],
      ['photo.png', Buffer.from('<!DOCTYPE html><html><body onload="alert(1)"></body></html>'), '文件内容与扩展名 .png 不符，请上传真实的图片文件'],
      ['report.pdf', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90), Buffer.from('This program cannot be run in DOS mode')]), '文件内容与扩展名 .pdf 不符，请上传真实的文档文件'],
      ['notes.txt', Buffer.from('<html><script>alert(1)</script></html>'), '文件内容与扩展名 .txt 不符，请上传真实的文档文件'],
      ['photo.jpg', PNG, '文件内容与扩展名 .jpg 不符，请上传真实的图片文件'],
      ['empty.txt', Buffer.alloc(0), '不能上传空文件'],
    ];
    for (const [name, bytes, msg] of cases) {
      const res = await upload(alice, name, bytes);
      expect(res.status, name).toBe(400);
      expect(res.body).toMatchObject({ code: '400', success: false, msg: expect.stringContaining(msg) });
    }
    const sheet = await upload(alice, '申报书.docx', await xlsxBytes());
    expect(sheet.body.msg).toBe('文件内容与扩展名 .docx 不符，请上传真实的文档文件');
    expect(await ctx.database.db.select().from(sysFile)).toHaveLength(0);
    expect(storedFiles(filesDir())).toHaveLength(before);
    expect(storedFiles(path.join(filesDir(), 'tmp'))).toHaveLength(0);
  });

  it('a file over its kind’s limit with 413', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
    const res = await upload(alice, 'big.png', big);
    expect(res.status).toBe(413);
    expect(res.body.msg).toBe('图片文件不能超过 10 MB');
    expect(storedFiles(path.join(filesDir(), 'tmp'))).toHaveLength(0);
  });
});

describe('upload and download', () => {
  let fileId: string;
  let fileRepId: string;

  it('stores an image under a safe name with its system fields, an operation-log row, and answers its address', async () => {
    const res = await upload(alice, '../../etc/证件照.png', PNG);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: '0000', msg: '上传成功', data: { filename: '证件照.png', size: PNG.length, type: 'png', kind: 'IMAGE', mime: 'image/png' } });
    fileId = res.body.data.fileId;
    fileRepId = res.body.data.fileRepId;
    expect(res.body.data.url).toBe(`/stream/fms/downloads/1?fileId=${fileId}&filename=${encodeURIComponent('证件照.png')}`);
    const [row] = await ctx.database.db.select().from(sysFile).where(eq(sysFile.id, Number(fileId)));
    expect(row).toMatchObject({ uploaderName: 'alice', visibility: 'PRIVATE', ...UPLOAD_FIELDS });
    const [log] = await ctx.database.db.select().from(sysOperLog).where(eq(sysOperLog.module, 'file'));
    expect(log).toMatchObject({ action: 'UPLOAD', entityId: fileId, username: 'alice', summary: '上传文件「证件照.png」' });
  });

  it('keeps the same bytes once, however often they are uploaded (the rich-text editor sends imgFile)', async () => {
    const again = await upload(bob, 'same.png', PNG, { field: 'imgFile' });
    expect(again.body.data.fileRepId).toBe(fileRepId);
    expect(again.body.data.fileId).not.toBe(fileId);
    expect(await ctx.database.db.select().from(sysFileRep)).toHaveLength(1);
  });

  it('accepts documents whose bytes match: a spreadsheet and UTF-8 text', async () => {
    const sheet = await upload(alice, '推荐名单.xlsx', await xlsxBytes());
    expect(sheet.body.data).toMatchObject({ type: 'xlsx', kind: 'DOCUMENT' });
    const text = await upload(alice, '说明.txt', Buffer.from('申报说明：请于 12 月 1 日前提交。 a < b'));
    expect(text.body.data).toMatchObject({ type: 'txt', mime: 'text/plain; charset=utf-8' });
  });

  it('streams the file to its uploader with a Chinese file name, an ETag and Range support', async () => {
    const query = `fileId=${fileId}&filename=${encodeURIComponent('证件照.png')}`;
    const res = await download(query, { authorization: alice });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PNG)).toBe(true);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe(`inline; filename="___.png"; filename*=UTF-8''${encodeURIComponent('证件照.png')}`);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['content-security-policy']).toContain('sandbox');

    const part = await download(query, { authorization: alice, range: 'bytes=0-7' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-7/${PNG.length}`);
    expect(part.rawPayload.equals(PNG.subarray(0, 8))).toBe(true);
    const tail = await download(query, { authorization: alice, range: 'bytes=-4' });
    expect(tail.rawPayload.equals(PNG.subarray(-4))).toBe(true);
    const outside = await download(query, { authorization: alice, range: 'bytes=99999-' });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${PNG.length}`);

    const cached = await download(query, { authorization: alice, 'if-none-match': res.headers.etag as string });
    expect(cached.statusCode).toBe(304);
  });

  it('sends a text file as stored, never compressed, even to a browser that accepts gzip', async () => {
    const notice = Buffer.from('申报说明：请于 12 月 1 日前提交。\n'.repeat(200));
    const uploaded = await upload(alice, '长说明.txt', notice);
    const query = `fileId=${uploaded.body.data.fileId}&filename=${encodeURIComponent('长说明.txt')}`;
    const whole = await download(query, { authorization: alice, 'accept-encoding': 'gzip, deflate, br' });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(Number(whole.headers['content-length'])).toBe(notice.length);
    expect(whole.rawPayload.equals(notice)).toBe(true);
    const part = await download(query, { authorization: alice, 'accept-encoding': 'gzip', range: 'bytes=0-99' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.rawPayload.equals(notice.subarray(0, 100))).toBe(true);
  });

  it('saves a download with the stored extension whatever name the link asks for', async () => {
    const text = await upload(alice, '说明.txt', Buffer.from('纯文本'));
    const query = (name: string) => `fileId=${text.body.data.fileId}&filename=${encodeURIComponent(name)}`;
    const renamed = await download(query('evil.html'), { authorization: alice });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.headers['content-disposition']).toBe(`attachment; filename="evil.txt"; filename*=UTF-8''evil.txt`);
    // The base name is the caller's to choose; a name without an extension gets the stored one.
    expect((await download(query('附件'), { authorization: alice })).headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('附件.txt')}`);
  });

  it('takes the token from the query, as a new window must', async () => {
    const res = await download(`fileId=${fileId}&filename=a.png&authorization=${alice}`);
    expect(res.statusCode).toBe(200);
  });

  it('keeps a private file from others: anonymous 401, another user 404, an administrator may read it', async () => {
    const query = `fileId=${fileId}&filename=a.png`;
    expect((await download(query)).statusCode).toBe(401);
    const other = await download(query, { authorization: bob });
    // Bob uploaded the same bytes, but this upload is Alice's; by file id he cannot read it.
    expect(other.statusCode).toBe(404);
    expect(other.json().msg).toBe('文件不存在或已被删除');
    expect((await download(query, { authorization: admin })).statusCode).toBe(200);
    // By repository id the content is readable by anyone who may read one upload of it.
    expect((await download(`fileRepId=${fileRepId}&filename=a.png`, { authorization: bob })).statusCode).toBe(200);
  });

  it('requires an id and a file name (spec §5)', async () => {
    for (const query of [`fileId=${fileId}`, 'filename=a.png', `fileId=${fileId}&filename=%20`]) {
      const res = await download(query, { authorization: alice });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().msg).toBe('文件编号和文件名不能为空');
    }
    expect((await download('fileId=abc&filename=a.png', { authorization: alice })).json().msg).toBe('文件编号不正确');
  });

  it('serves files of published records to anyone once the owning module makes them public', async () => {
    const doc = await upload(bob, '获奖公示.txt', Buffer.from('公示名单'));
    const id = Number(doc.body.data.fileId);
    await ctx.app.services.files.attach(ctx.database.db, { fileIds: [id], bizType: 'CMS_CONTENT', bizId: '42' }, { id: 0, name: 'x' }).catch((e) => {
      // Nobody attaches another's upload.
      expect(e.message).toBe('附件不存在，或不是您上传的文件');
    });
    await ctx.app.services.files.attach(ctx.database.db, { fileIds: [id], bizType: 'CMS_CONTENT', bizId: '42' }, null);
    const query = `fileId=${id}&filename=${encodeURIComponent('获奖公示.txt')}`;
    expect((await download(query)).statusCode).toBe(401);
    await ctx.app.services.files.setRecordVisibility(ctx.database.db, { bizType: 'CMS_CONTENT', bizId: '42' }, 'PUBLIC');
    const res = await download(query);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('公示名单');
    expect(res.headers['content-disposition']).toMatch(/^attachment; /);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('lets the owning module decide who reads a record’s attachments', async () => {
    const doc = await upload(bob, '申报材料.txt', Buffer.from('材料'));
    const id = Number(doc.body.data.fileId);
    await ctx.app.services.files.attach(ctx.database.db, { fileIds: [id], bizType: 'TEST_CASE', bizId: '7' }, null);
    ctx.app.services.files.registerAccessRule('TEST_CASE', async (principal, bizId) => principal.username === 'alice' && bizId === '7');
    expect((await download(`fileId=${id}&filename=x.txt`, { authorization: alice })).statusCode).toBe(200);
    const details = await ctx.app.inject({ method: 'POST', url: '/rest/file/details', headers: { authorization: alice }, payload: { fileIds: [String(id), fileId] } });
    expect(details.json().data.map((f: { fileId: string }) => f.fileId).sort()).toEqual([String(id), fileId].sort());
    const bobs = await get(ctx.app, '/stream/fms/downloads/1?fileId=' + fileId + '&filename=x', { authorization: bob });
    expect(bobs.status).toBe(404);
  });
});
