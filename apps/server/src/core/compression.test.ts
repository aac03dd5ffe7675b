import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../test/helpers/testApp';
import { TEST_ADMIN_PASSWORD } from '../../test/helpers/testDatabase';
import { signIn } from '../../test/helpers/accounts';
import { flushLogs } from '../../test/kits/logTestKit';
import { sysRestLog } from '../modules/base/log/tables';
import { COMPRESSION_THRESHOLD_BYTES, registerCompression } from './compression';
import { registerSpa } from './spa';

let ctx: TestContext;
let admin: string;

const MENUS = '/rest/index/permission';
const ROLES = '/rest/user/getUserRoles';

const callWith = (url: string, encoding: string | null) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { authorization: admin, 'content-type': 'application/json', ...(encoding === null ? {} : { 'accept-encoding': encoding }) },
    payload: '{}',
  });

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signIn(ctx.app, 'admin', TEST_ADMIN_PASSWORD);
});
afterAll(async () => {
  await ctx.app.close();
});

describe('API answers', () => {
  it('go compressed to a client that accepts brotli or gzip, and decompress to the same answer', async () => {
    const plain = await callWith(MENUS, null);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(20 * COMPRESSION_THRESHOLD_BYTES);
    const answer = plain.json();
    expect(answer.code).toBe('0000');

    const gzipped = await callWith(MENUS, 'gzip, deflate');
    expect(gzipped.statusCode).toBe(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toMatch(/accept-encoding/i);
    expect(gzipped.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(gzipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(zlib.gunzipSync(gzipped.rawPayload).toString('utf8'))).toEqual(answer);

    const brotli = await callWith(MENUS, 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(brotli.rawPayload).toString('utf8'))).toEqual(answer);
  });

  it('smaller than the threshold, or to a client that asks for none, go as they are', async () => {
    const small = await callWith(ROLES, 'gzip');
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().code).toBe('0000');

    const identity = await callWith(MENUS, 'identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.json().code).toBe('0000');
  });

  it('are logged as the plain answer when they went out compressed', async () => {
    const res = await callWith(MENUS, 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    await flushLogs(ctx);
    const [row] = await ctx.database.db
      .select({ responseBody: sysRestLog.responseBody })
      .from(sysRestLog)
      .where(eq(sysRestLog.requestId, String(res.headers['x-request-id'])))
      .orderBy(desc(sysRestLog.id));
    expect(row?.responseBody).toMatch(/^\{"code":"0000"/);
  });

  it('a compressed request body is refused with 400 and a Chinese message, never inflated', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: ROLES,
      headers: { authorization: admin, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: zlib.gzipSync('{}'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('the web app’s built files', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'dandelion-spa-'));
  const script = `export const greeting = ${JSON.stringify('你好，'.repeat(400))};\n`;
  const page = `<!doctype html><title>蒲公英</title><p>${'欢迎'.repeat(300)}</p>`;
  let app: ReturnType<typeof Fastify>;

  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), page);
    fs.writeFileSync(path.join(dist, 'index.html.gz'), zlib.gzipSync(`${page}<!-- built -->`));
    fs.writeFileSync(path.join(dist, 'index.html.br'), zlib.brotliCompressSync(`${page}<!-- built -->`));
    fs.writeFileSync(path.join(dist, 'assets', 'app.js'), script);
    // Marked copies: the test tells a file compressed at build time from one compressed per request.
    fs.writeFileSync(path.join(dist, 'assets', 'app.js.gz'), zlib.gzipSync(`${script}// built\n`));
    fs.writeFileSync(path.join(dist, 'assets', 'app.js.br'), zlib.brotliCompressSync(`${script}// built\n`));
    app = Fastify({ logger: false });
    await registerCompression(app);
    await registerSpa(app, dist);
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const fetchScript = (encoding: string | null) =>
    app.inject({ method: 'GET', url: '/assets/app.js', headers: encoding === null ? {} : { 'accept-encoding': encoding } });

  it('are sent as compressed at build time to browsers that accept it, and plain to others', async () => {
    const gz = await fetchScript('gzip, deflate');
    expect(gz.statusCode).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-type']).toMatch(/javascript/);
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.gunzipSync(gz.rawPayload).toString('utf8')).toBe(`${script}// built\n`);

    const br = await fetchScript('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(`${script}// built\n`);

    const plain = await fetchScript(null);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(script);
  });

  it('the app’s page, for any address of the app, goes as the build compressed it, or plain', async () => {
    const open = (encoding: string | null) =>
      app.inject({ method: 'GET', url: '/system/user/userList', headers: encoding === null ? {} : { 'accept-encoding': encoding } });
    const br = await open('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(`${page}<!-- built -->`);

    const gz = await open('br;q=0, gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString('utf8')).toBe(`${page}<!-- built -->`);

    const plain = await open(null);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(page);
  });
});
