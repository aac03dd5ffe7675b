import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import Provider from 'oidc-provider';
import { buildApp, type DandelionApp } from '../../../app';
import { get, post, testConfig } from '../../../../test/helpers/testApp';
import { resetDatabase, testDatabase } from '../../../../test/helpers/testDatabase';
import type { Database } from '../../../core/db';
import { sysRole } from '../../../db/schema';
import { sysUser, sysUserRole } from '../../../db/schema';
import { safeReturnTo } from './oidc';
import { sysOauthState, sysThirdLogin, sysUserIdentity } from './tables';

const PROVIDER_CODE = 'testidp';
const SUBJECT = 'u-7f3a91';
let app: DandelionApp;
let database: Database;
let appBase: string;
let issuer: string;
let idp: http.Server;

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** An OpenID provider on 127.0.0.1: one confidential client with the app's redirect_uri, PKCE required, dev login/consent pages. */
async function startProvider(redirectUri: string): Promise<void> {
  idp = http.createServer();
  await new Promise<void>((resolve) => idp.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(idp.address() as AddressInfo).port}`;
  const jwk = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'dandelion',
        client_secret: 'dandelion-test-secret-0123456789',
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], profile: ['name'], email: ['email', 'email_verified'], phone: ['phone_number', 'phone_number_verified'] },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({ sub, name: '赵敏', email: 'zhaomin@example.com', email_verified: true, phone_number: '13700001111', phone_number_verified: true }),
    }),
    cookies: { keys: [randomBytes(16).toString('hex')] },
    jwks: { keys: [{ ...jwk, use: 'sig', alg: 'RS256' }] },
    features: { devInteractions: { enabled: true } },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
  });
  idp.on('request', provider.callback());
}

/** A browser: keeps cookies, follows redirects, fills the provider's login and consent forms. */
function browser() {
  const jar = new Map<string, string>();
  async function request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (jar.size) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const [name, value] = [pair!.slice(0, pair!.indexOf('=')).trim(), pair!.slice(pair!.indexOf('=') + 1).trim()];
      if (!value || attrs.some((a) => /expires=Thu, 01 Jan 1970/i.test(a))) jar.delete(name);
      else jar.set(name, value);
    }
    return res;
  }
  /** Follows the flow until the browser is sent to a URL `stop` accepts; answers that URL. */
  async function runUntil(start: string, stop: (url: string) => boolean, login = SUBJECT): Promise<string> {
    let url = start;
    let init: RequestInit = {};
    for (let step = 0; step < 20; step++) {
      const res = await request(url, init);
      init = {};
      if (res.status >= 300 && res.status < 400) {
        url = new URL(res.headers.get('location')!, url).href;
        if (stop(url)) return url;
        continue;
      }
      const html = await res.text();
      const form = /<form[^>]*action="([^"]+)"[^>]*method="post"[\s\S]*?name="prompt" value="(\w+)"/.exec(html);
      if (res.status !== 200 || !form) throw new Error(`unexpected answer ${res.status} at ${url}: ${html.slice(0, 300)}`);
      const fields: Record<string, string> = form[2] === 'login' ? { prompt: 'login', login, password: 'any' } : { prompt: form[2]! };
      url = new URL(form[1]!.replace(/&amp;/g, '&'), url).href;
      init = { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() };
    }
    throw new Error('too many steps');
  }
  return { request, runUntil };
}

const isAppLogin = (url: string) => url.startsWith(`${appBase}/login?`);
const isCallback = (url: string) => url.startsWith(`${appBase}/thirdLogin/callback/`);
const rowCount = async (table: typeof sysUser | typeof sysThirdLogin | typeof sysUserIdentity) => (await database.db.select({ n: count() }).from(table))[0]!.n;

beforeAll(async () => {
  const port = await freePort();
  appBase = `http://127.0.0.1:${port}`;
  await startProvider(`${appBase}/thirdLogin/callback/${PROVIDER_CODE}`);
  database = await testDatabase();
  await resetDatabase(database);
  app = await buildApp({
    config: {
      ...testConfig,
      PUBLIC_URL: appBase,
      OIDC_PROVIDERS: [{ code: PROVIDER_CODE, name: '测试身份源', issuer, clientId: 'dandelion', clientSecret: 'dandelion-test-secret-0123456789', scope: 'openid profile email phone' }],
    },
    database,
    serveWeb: false,
  });
  await app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  await app.close();
  await new Promise((resolve) => idp.close(resolve));
});

describe('third-party login (OpenID Connect, authorization code + PKCE)', () => {
  it('the pre-login check lists the configured provider', async () => {
    const res = await post(app, '/rest/inspect/inspectLoginService', {});
    expect(res.body.data.extra.oauthProviders).toEqual([{ code: PROVIDER_CODE, name: '测试身份源', authorizeUrl: `/thirdLogin/authorize/${PROVIDER_CODE}` }]);
  });

  it('sends the browser to the provider with state, nonce and an S256 code challenge', async () => {
    const res = await browser().request(`${appBase}/thirdLogin/authorize/${PROVIDER_CODE}?returnTo=/center`);
    expect(res.status).toBe(302);
    const target = new URL(res.headers.get('location')!);
    expect(target.origin).toBe(issuer);
    expect(Object.fromEntries(target.searchParams)).toMatchObject({
      client_id: 'dandelion',
      response_type: 'code',
      redirect_uri: `${appBase}/thirdLogin/callback/${PROVIDER_CODE}`,
      code_challenge_method: 'S256',
      scope: 'openid profile email phone',
    });
    const [stored] = await database.db.select().from(sysOauthState).where(eq(sysOauthState.state, target.searchParams.get('state')!));
    expect(stored).toMatchObject({ provider: PROVIDER_CODE, returnTo: '/center', usedAt: null, nonce: target.searchParams.get('nonce') });
    expect(stored!.expiresAt.getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
  });

  it('signs in end to end: provider login → callback → one-time record → token, once', async () => {
    const landing = await browser().runUntil(`${appBase}/thirdLogin/authorize/${PROVIDER_CODE}?returnTo=/center/declare`, isAppLogin);
    const params = new URL(landing).searchParams;
    expect(params.get('thirdLoginError')).toBeNull();
    expect(params.get('redirect')).toBe('/center/declare');
    const recordId = params.get('thirdLoginId')!;
    expect(recordId).toMatch(/^[A-Za-z0-9_-]{20,}$/);

    const first = await get(app, `/thirdLogin/getLoginUser/${recordId}`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ code: '200', success: true, msg: '登录成功', result: { userInfo: { realname: '赵敏', roles: [{ roleCode: 'APPLICANT' }] } } });
    const token = first.body.result.token;
    const me = await get(app, '/api/user/info', { authorization: token });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ username: SUBJECT, realname: '赵敏', mails: 'zhaomin@example.com', phones: '13700001111' });

    const second = await get(app, `/thirdLogin/getLoginUser/${recordId}`);
    expect(second.status).toBe(404);
    expect(second.body).toEqual({ code: '404', success: false, msg: '登录记录不存在或已使用', data: null, attributes: {} });

    // What is stored: the account (applicant), the identity, the record only as a hash.
    const [user] = await database.db.select().from(sysUser).where(eq(sysUser.username, SUBJECT));
    expect(user).toMatchObject({ userType: 'CLIENT', passwordHash: null });
    const roles = await database.db.select({ code: sysRole.roleCode }).from(sysUserRole).innerJoin(sysRole, eq(sysRole.id, sysUserRole.roleId)).where(eq(sysUserRole.userId, user!.id));
    expect(roles).toEqual([{ code: 'APPLICANT' }]);
    expect(await database.db.select().from(sysUserIdentity).where(eq(sysUserIdentity.userId, user!.id))).toMatchObject([{ provider: PROVIDER_CODE, subject: SUBJECT }]);
    expect(await database.db.select().from(sysThirdLogin).where(eq(sysThirdLogin.recordId, recordId))).toHaveLength(0);
  });

  it('maps the same subject to the same account on the next sign-in', async () => {
    const users = await rowCount(sysUser);
    const landing = await browser().runUntil(`${appBase}/thirdLogin/authorize/${PROVIDER_CODE}`, isAppLogin);
    const params = new URL(landing).searchParams;
    expect(params.get('redirect')).toBeNull();
    const res = await get(app, `/thirdLogin/getLoginUser/${params.get('thirdLoginId')}`);
    expect(res.body.result.userInfo.username).toBe(SUBJECT);
    expect(await rowCount(sysUser)).toBe(users);
  });

  it('refuses a tampered state and a replayed callback: back to /login with thirdLoginError, nothing created', async () => {
    const b = browser();
    const callback = await b.runUntil(`${appBase}/thirdLogin/authorize/${PROVIDER_CODE}?returnTo=/center`, isCallback, 'u-second');
    const [users, records, identities] = [await rowCount(sysUser), await rowCount(sysThirdLogin), await rowCount(sysUserIdentity)];

    const tampered = new URL(callback);
    tampered.searchParams.set('state', `${tampered.searchParams.get('state')}x`);
    const bad = await b.request(tampered.href);
    expect(bad.status).toBe(302);
    expect(new URL(bad.headers.get('location')!).searchParams.get('thirdLoginError')).toBe('登录请求已失效，请重新发起第三方登录');

    const good = await b.request(callback);
    expect(new URL(good.headers.get('location')!).searchParams.get('thirdLoginId')).toBeTruthy();
    const replay = await b.request(callback);
    expect(replay.status).toBe(302);
    expect(new URL(replay.headers.get('location')!).searchParams.get('thirdLoginError')).toBe('登录请求已失效，请重新发起第三方登录');

    // Only the one good callback created anything.
    expect(await rowCount(sysUser)).toBe(users + 1);
    expect(await rowCount(sysUserIdentity)).toBe(identities + 1);
    expect(await rowCount(sysThirdLogin)).toBe(records + 1);
  });

  it('sends an unknown provider back to /login with a message', async () => {
    const res = await browser().request(`${appBase}/thirdLogin/authorize/nobody`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${appBase}/login?thirdLoginError=${encodeURIComponent('不支持的第三方登录方式').replace(/%20/g, '+')}`);
  });

  it('answers 404 to an unknown or malformed record id', async () => {
    expect((await get(app, `/thirdLogin/getLoginUser/${'A'.repeat(43)}`)).status).toBe(404);
    expect((await get(app, '/thirdLogin/getLoginUser/x')).body).toMatchObject({ code: '404', msg: '登录记录不存在或已使用' });
  });
});

describe('safeReturnTo', () => {
  it('keeps same-site paths only', () => {
    expect(safeReturnTo('/center/declare?tab=1')).toBe('/center/declare?tab=1');
    for (const bad of ['//evil.example.com', '/\\evil.example.com', 'https://evil.example.com', 'center', '/a b', '']) expect(safeReturnTo(bad)).toBeNull();
  });
});
