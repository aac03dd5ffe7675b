import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { buildApp, type DandelionApp } from '../../../app';
import { createAccount } from '../../../../test/helpers/accounts';
import { createTestApp, get, post, testConfig, type TestContext } from '../../../../test/helpers/testApp';
import { resetDatabase, testDatabase } from '../../../../test/helpers/testDatabase';
import type { Database } from '../../../core/db';
import { sysRole } from '../../../db/schema';
import { sysUser, sysUserRole } from '../../../db/schema';
import { sysLoginLog } from '../loginLog/tables';
import { parseServiceResponse } from './cas';
import { sysUserIdentity } from './tables';

/**
 * A small CAS server following the CAS protocol 3.0 document: /login issues a service ticket
 * for the signed-in user and redirects to service?ticket=; /p3/serviceValidate answers the XML
 * success with attributes exactly once per ticket (and only for the service it was issued to),
 * INVALID_TICKET otherwise; /logout.
 */
function startCasServer(user: { current: string; attributes: Record<string, string> }) {
  const tickets = new Map<string, { service: string; user: string; attributes: Record<string, string> }>();
  const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://cas.test');
    const service = url.searchParams.get('service') ?? '';
    if (url.pathname === '/cas/login') {
      const ticket = `ST-${randomBytes(12).toString('hex')}`;
      tickets.set(ticket, { service, user: user.current, attributes: { ...user.attributes } });
      const target = new URL(service);
      target.searchParams.set('ticket', ticket);
      res.writeHead(302, { location: target.href }).end();
      return;
    }
    if (url.pathname === '/cas/p3/serviceValidate') {
      const ticket = url.searchParams.get('ticket') ?? '';
      const issued = tickets.get(ticket);
      tickets.delete(ticket); // a ticket is validated at most once, whatever the outcome
      res.writeHead(200, { 'content-type': 'application/xml;charset=UTF-8' });
      if (!issued || issued.service !== service) {
        res.end(
          `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">\n` +
            `  <cas:authenticationFailure code="INVALID_TICKET">Ticket ${xmlEscape(ticket)} not recognized</cas:authenticationFailure>\n` +
            `</cas:serviceResponse>`,
        );
        return;
      }
      const attributes = Object.entries(issued.attributes).map(([k, v]) => `      <cas:${k}>${xmlEscape(v)}</cas:${k}>`).join('\n');
      res.end(
        `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">\n` +
          `  <cas:authenticationSuccess>\n    <cas:user>${xmlEscape(issued.user)}</cas:user>\n    <cas:attributes>\n` +
          `      <cas:authenticationDate>${new Date().toISOString()}</cas:authenticationDate>\n${attributes}\n` +
          `    </cas:attributes>\n  </cas:authenticationSuccess>\n</cas:serviceResponse>`,
      );
      return;
    }
    if (url.pathname === '/cas/logout') {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<p>已退出</p>');
      return;
    }
    res.writeHead(404).end();
  });
  return new Promise<{ base: string; close: () => Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ base: `http://127.0.0.1:${port}/cas`, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

const PUBLIC_URL = 'http://127.0.0.1:18080';
const SERVICE = `${PUBLIC_URL}/login?sso=cas`;
const casUser = { current: 'chenjing', attributes: { realname: '陈静', mail: 'chenjing@example.edu.cn', phone: '13912345678' } as Record<string, string> };
let casServer: Awaited<ReturnType<typeof startCasServer>>;
let app: DandelionApp;
let database: Database;

/** What the browser does: visit CAS /login, come back with ?ticket=. */
async function ticketFor(service = SERVICE): Promise<string> {
  const res = await fetch(`${casServer.base}/login?service=${encodeURIComponent(service)}`, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!).searchParams.get('ticket')!;
}
const validate = (ticket: string, service = SERVICE) =>
  get(app, `/cas/client/validateLogin?ticket=${encodeURIComponent(ticket)}&service=${encodeURIComponent(service)}`);

beforeAll(async () => {
  casServer = await startCasServer(casUser);
  database = await testDatabase();
  await resetDatabase(database);
  app = await buildApp({ config: { ...testConfig, CAS_SERVER_URL: casServer.base, PUBLIC_URL }, database, serveWeb: false });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await casServer.close();
});

describe('GET /cas/client/validateLogin: refusals', () => {
  it('refuses a service that is not this site with 400, without asking the CAS server', async () => {
    const ticket = await ticketFor('http://evil.example.com/login');
    const res = await validate(ticket, 'http://evil.example.com/login');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: '400', success: false, msg: '回调地址不属于本站，不能用于单点登录' });
  });

  it('refuses a missing ticket with 400 and a Chinese message', async () => {
    const res = await get(app, `/cas/client/validateLogin?service=${encodeURIComponent(SERVICE)}`);
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain('缺少票据 ticket');
  });

  it('refuses an unknown ticket with 401 and logs the failure', async () => {
    const res = await validate('ST-not-issued');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: '401', success: false, msg: 'CAS 票据无效或已过期，请重新登录', data: null });
    const logged = await database.db.select().from(sysLoginLog).where(and(eq(sysLoginLog.loginType, 'CAS'), eq(sysLoginLog.success, false)));
    expect(logged.length).toBeGreaterThan(0);
    expect(logged[0]!.message).toContain('INVALID_TICKET');
  });
});

describe('GET /cas/client/validateLogin: sign-in', () => {
  it('provisions an applicant on first sign-in and stores the identity', async () => {
    const res = await validate(await ticketFor());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: '0000', success: true, data: { success: true, userInfo: { username: 'chenjing', realname: '陈静', roles: [{ roleCode: 'APPLICANT' }] } } });
    expect(res.body.data.token).toEqual(res.body.data.userInfo.token);
    expect(JSON.stringify(res.body)).not.toMatch(/passwordHash|ST-/);

    const [user] = await database.db.select().from(sysUser).where(eq(sysUser.username, 'chenjing'));
    expect(user).toMatchObject({ userType: 'CLIENT', status: 'NORMAL', passwordHash: null, email: 'chenjing@example.edu.cn', phone: '13912345678' });
    const roles = await database.db.select({ code: sysRole.roleCode }).from(sysUserRole).innerJoin(sysRole, eq(sysRole.id, sysUserRole.roleId)).where(eq(sysUserRole.userId, user!.id));
    expect(roles).toEqual([{ code: 'APPLICANT' }]);
    const identities = await database.db.select().from(sysUserIdentity).where(eq(sysUserIdentity.userId, user!.id));
    expect(identities).toMatchObject([{ provider: 'cas', subject: 'chenjing' }]);

    // The token works.
    const me = await get(app, '/api/user/info', { authorization: res.body.data.token });
    expect(me.status).toBe(200);
    expect(me.body.data.username).toBe('chenjing');
  });

  it('maps the same CAS user to the same account on the next sign-in', async () => {
    const res = await validate(await ticketFor());
    expect(res.status).toBe(200);
    expect(await database.db.select().from(sysUser).where(eq(sysUser.username, 'chenjing'))).toHaveLength(1);
    expect(await database.db.select().from(sysUserIdentity).where(eq(sysUserIdentity.subject, 'chenjing'))).toHaveLength(1);
  });

  it('refuses a ticket used a second time with 401', async () => {
    const ticket = await ticketFor();
    expect((await validate(ticket)).status).toBe(200);
    const again = await validate(ticket);
    expect(again.status).toBe(401);
    expect(again.body.msg).toBe('CAS 票据无效或已过期，请重新登录');
  });

  it('links an existing local account with the CAS username instead of creating one', async () => {
    const local = await createAccount(database, { username: 'liuyang', password: 'Liuyang@2026', roleCodes: ['APPLICANT'] });
    casUser.current = 'liuyang';
    try {
      const res = await validate(await ticketFor());
      expect(res.status).toBe(200);
      expect(res.body.data.userInfo.userId).toBe(String(local.id));
      expect(await database.db.select().from(sysUser).where(eq(sysUser.username, 'liuyang'))).toHaveLength(1);
      expect(await database.db.select().from(sysUserIdentity).where(eq(sysUserIdentity.userId, local.id))).toMatchObject([{ provider: 'cas', subject: 'liuyang' }]);
    } finally {
      casUser.current = 'chenjing';
    }
  });

  it('logout with client_name=cas_client answers the CAS logout URL', async () => {
    const token = (await validate(await ticketFor())).body.data.token;
    const res = await post(app, '/logout?client_name=cas_client', undefined, { authorization: token });
    expect(res.status).toBe(200);
    expect(res.body.data.casLogoutUrl).toBe(`${casServer.base}/logout?service=${encodeURIComponent(`${PUBLIC_URL}/`)}`);
    expect((await fetch(res.body.data.casLogoutUrl)).status).toBe(200);
    expect((await get(app, '/api/user/info', { authorization: token })).status).toBe(401);
  });

  it('the pre-login check offers the CAS entry', async () => {
    const res = await post(app, '/rest/inspect/inspectLoginService', {});
    expect(res.body.data.extra.cas).toEqual({ enabled: true, loginUrl: `${casServer.base}/login?service=${encodeURIComponent(SERVICE)}` });
  });
});

describe('CAS switched off', () => {
  let off: TestContext;
  beforeAll(async () => {
    off = await createTestApp();
  });
  afterAll(async () => {
    await off.app.close();
  });

  it('answers 400 未启用单点登录, and logout has no CAS URL', async () => {
    const res = await get(off.app, `/cas/client/validateLogin?ticket=ST-1&service=${encodeURIComponent(SERVICE)}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: '400', success: false, msg: '未启用单点登录' });
    const out = await post(off.app, '/logout?client_name=cas_client');
    expect(out.body.data.casLogoutUrl).toBeNull();
    expect((await post(off.app, '/rest/inspect/inspectLoginService', {})).body.data.extra.cas).toEqual({ enabled: false, loginUrl: null });
  });
});

describe('parseServiceResponse', () => {
  it('reads a failure code and refuses a document that is not a CAS answer', () => {
    expect(parseServiceResponse('<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationFailure code="INVALID_SERVICE">x</cas:authenticationFailure></cas:serviceResponse>')).toEqual({ ok: false, code: 'INVALID_SERVICE' });
    expect(parseServiceResponse('<html>oops</html>')).toEqual({ ok: false, code: 'INVALID_RESPONSE' });
    expect(parseServiceResponse('not xml at all <')).toMatchObject({ ok: false });
  });

  it('keeps a numeric-looking user as text and takes the first value of a multi-valued attribute', () => {
    const xml = '<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user>00123</cas:user><cas:attributes><cas:mail>a@b.cn</cas:mail><cas:mail>c@d.cn</cas:mail></cas:attributes></cas:authenticationSuccess></cas:serviceResponse>';
    expect(parseServiceResponse(xml)).toEqual({ ok: true, assertion: { user: '00123', attributes: { mail: 'a@b.cn' } } });
  });
});
