/**
 * Mock Service Worker handlers of the development mock mode (spec §7 Mock endpoints, §8 Mock
 * messages). Mock answers speak the vue-admin dialect: code 20000 with success true; an unknown
 * token answers 50008. Portal content answers the portal envelope plus serviceId and header.
 * Loaded only when VITE_MOCK=true under `vite` (see main.tsx); never part of a production build.
 */
import { http, HttpResponse } from 'msw';
import { MOCK_SUCCESS_CODE, SUCCESS_CODE } from '@dandelion/shared';
import { apiUrl, isObject } from '../api/http';
import { formatRequestTime } from '../api/upload';
import { MOCK_CATALOGS, MOCK_PORTAL_INDEX } from './data/cms';
import { MESSAGES, TABLE_RECORDS } from './data/samples';
import { accountByName, accountByToken } from './data/users';

export const MOCK_ILLEGAL_TOKEN_CODE = 50008;
export const MOCK_ILLEGAL_TOKEN_MESSAGE = 'Login failed, unable to get user details.';
export const MOCK_BAD_CREDENTIALS_CODE = 60204;
export const MOCK_BAD_CREDENTIALS_MESSAGE = '账号或密码错误';
export const MOCK_BAD_CAPTCHA_CODE = 60205;
export const MOCK_BAD_CAPTCHA_MESSAGE = '验证码错误或已过期';

export const MOCK_MESSAGES = {
  userInfo: '获取用户信息成功！',
  menus: '获取用户菜单成功！',
  ok: '操作成功',
} as const;

const ok = (data: unknown, msg: string = MOCK_MESSAGES.ok) => HttpResponse.json({ code: MOCK_SUCCESS_CODE, success: true, msg, data });

const refuse = (code: number, msg: string) => HttpResponse.json({ code, success: false, msg, data: null });

const illegalToken = () => refuse(MOCK_ILLEGAL_TOKEN_CODE, MOCK_ILLEGAL_TOKEN_MESSAGE);

/** The portal envelope; the mock also names the service and adds a message header (spec §3). */
const portal = (serviceId: string, dataSet: unknown) =>
  HttpResponse.json({
    rtnCode: SUCCESS_CODE,
    rtnMessage: MOCK_MESSAGES.ok,
    dataSet,
    serviceId,
    header: { serviceId, sendSysCode: 'cms', recvSysCode: 'dandelion-web', rtnTime: formatRequestTime() },
  });

async function jsonBody(request: Request): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await request.json();
    return isObject(body) ? body : {};
  } catch {
    return {}; // no body, or not JSON
  }
}

/** The token of a mock call: the authorization header the request layer sends, else `token` in the body. */
async function tokenOf(request: Request): Promise<string | undefined> {
  const header = request.headers.get('authorization');
  if (header) return header;
  const body = await jsonBody(request);
  return typeof body.token === 'string' ? body.token : undefined;
}

// Captcha answers by key; a key is good for one login attempt.
const captchas = new Map<string, string>();
const CAPTCHA_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const MAX_CAPTCHAS = 100;

function newCaptcha(): { captchaKey: string; code: string; image: string } {
  const code = Array.from({ length: 4 }, () => CAPTCHA_ALPHABET[Math.floor(Math.random() * CAPTCHA_ALPHABET.length)]).join('');
  const captchaKey = crypto.randomUUID();
  if (captchas.size >= MAX_CAPTCHAS) captchas.delete(captchas.keys().next().value!);
  captchas.set(captchaKey, code);
  const letters = [...code]
    .map((ch, i) => `<text x="${14 + i * 24}" y="${28 + (i % 2) * 4}" transform="rotate(${(i % 2 ? 8 : -8)} ${14 + i * 24} 24)">${ch}</text>`)
    .join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="110" height="40" viewBox="0 0 110 40">` +
    `<rect width="110" height="40" fill="#f0f5ff"/><path d="M4 30 Q40 4 106 24" stroke="#91caff" fill="none"/>` +
    `<g font-family="monospace" font-size="24" font-weight="bold" fill="#1677ff">${letters}</g></svg>`;
  return { captchaKey, code, image: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` };
}

/** The answer of a captcha key (for tests and for reading it off in the browser console). */
export function mockCaptchaAnswer(captchaKey: string): string | undefined {
  return captchas.get(captchaKey);
}

export const handlers = [
  http.post(apiUrl('/pillar/login/getCaptcha'), () => {
    const { captchaKey, image } = newCaptcha();
    return ok({ captchaKey, image });
  }),

  http.post(apiUrl('/pillar/login'), async ({ request }) => {
    const body = await jsonBody(request);
    if (typeof body.captchaKey === 'string' && body.captchaKey) {
      const expected = captchas.get(body.captchaKey);
      captchas.delete(body.captchaKey);
      const given = typeof body.captchaCode === 'string' ? body.captchaCode.trim().toUpperCase() : '';
      if (!expected || expected !== given) return refuse(MOCK_BAD_CAPTCHA_CODE, MOCK_BAD_CAPTCHA_MESSAGE);
    }
    const account = accountByName(body.username);
    if (!account || account.password !== body.password) return refuse(MOCK_BAD_CREDENTIALS_CODE, MOCK_BAD_CREDENTIALS_MESSAGE);
    return ok({ token: account.token });
  }),

  http.post(apiUrl('/pillar/common/getUserInfo'), async ({ request }) => {
    const account = accountByToken(await tokenOf(request));
    if (!account) return illegalToken();
    const { user, emp, org, roles, funcs } = account;
    return ok({ user, emp, org, roles, funcs }, MOCK_MESSAGES.userInfo);
  }),

  http.post(apiUrl('/pillar/common/getMenusByUser'), async ({ request }) => {
    const account = accountByToken(await tokenOf(request));
    if (!account) return illegalToken();
    return ok(account.menu, MOCK_MESSAGES.menus);
  }),

  http.post(apiUrl('/pillar/common/getTopMsgNum'), () => ok(MESSAGES.msgTotal)),

  http.post(apiUrl('/pillar/logout'), () => ok(null)),

  http.post(apiUrl('/rest/cms/index'), () => portal('cms.index', MOCK_PORTAL_INDEX)),

  http.post(apiUrl('/rest/cmsCatalog/TreeCmsCatalogBySite'), () => portal('cmsCatalog.TreeCmsCatalogBySite', MOCK_CATALOGS)),

  http.get(apiUrl('/vue-admin-template/user/info'), ({ request }) => {
    const account = accountByToken(new URL(request.url).searchParams.get('token'));
    if (!account) return illegalToken();
    return ok(account.profile, MOCK_MESSAGES.userInfo);
  }),

  // The vue-admin sample list: the table mock records of spec §3.
  http.get(apiUrl('/vue-admin-template/table/list'), () => ok({ total: TABLE_RECORDS.length, items: TABLE_RECORDS })),
];
