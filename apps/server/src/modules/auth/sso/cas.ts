import { XMLParser } from 'fast-xml-parser';
import type { Config } from '../../../config';
import { AppError, errors } from '../../../core/errors';
import type { ClientMeta, LoginResult, LoginService } from '../login/module';
import type { IdentityService } from './identities';

export const CAS_DISABLED = '未启用单点登录';
export const CAS_TICKET_INVALID = 'CAS 票据无效或已过期，请重新登录';
export const CAS_UNREACHABLE = '单点登录服务暂时无法访问，请稍后重试';
export const CAS_FOREIGN_SERVICE = '回调地址不属于本站，不能用于单点登录';
const CAS_NO_PUBLIC_URL = '单点登录缺少 PUBLIC_URL 配置，请联系管理员';

/** The CAS server's answer has to arrive within this time. */
const VALIDATE_TIMEOUT_MS = 10_000;
const MAX_RESPONSE_CHARS = 256 * 1024;

export interface CasAssertion {
  user: string;
  attributes: Record<string, string>;
}
export type CasValidation = { ok: true; assertion: CasAssertion } | { ok: false; code: string };

const parser = new XMLParser({
  // cas:serviceResponse → serviceResponse; the protocol has one namespace.
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // Keep "00123" a string: usernames are text.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
});

const text = (node: unknown): string | null => {
  const first = Array.isArray(node) ? node[0] : node;
  if (typeof first === 'string') return first;
  if (first && typeof first === 'object' && typeof (first as Record<string, unknown>)['#text'] === 'string') return (first as Record<string, string>)['#text'];
  return null;
};

/** Reads a CAS 3.0 /p3/serviceValidate answer (authenticationSuccess with attributes, or authenticationFailure code=…). */
export function parseServiceResponse(xml: string): CasValidation {
  let doc: Record<string, unknown>;
  try {
    doc = parser.parse(xml) as Record<string, unknown>;
  } catch {
    return { ok: false, code: 'INVALID_RESPONSE' };
  }
  const response = doc.serviceResponse as Record<string, unknown> | undefined;
  if (!response || typeof response !== 'object') return { ok: false, code: 'INVALID_RESPONSE' };
  const success = response.authenticationSuccess as Record<string, unknown> | undefined;
  if (success && typeof success === 'object') {
    const user = text(success.user)?.trim();
    if (!user) return { ok: false, code: 'INVALID_RESPONSE' };
    const attributes: Record<string, string> = {};
    const raw = success.attributes;
    if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
      // A multi-valued attribute repeats its element; the first value is kept.
      for (const [name, value] of Object.entries(raw)) {
        const v = text(value);
        if (v !== null && !name.startsWith('@_')) attributes[name] = v;
      }
    }
    return { ok: true, assertion: { user, attributes } };
  }
  const failure = response.authenticationFailure as Record<string, unknown> | string | undefined;
  const code = failure && typeof failure === 'object' ? failure['@_code'] : undefined;
  return { ok: false, code: typeof code === 'string' ? code : 'INVALID_RESPONSE' };
}

const pick = (attributes: Record<string, string>, names: string[]) => {
  for (const n of names) if (attributes[n]?.trim()) return attributes[n]!.trim();
  return null;
};

/** CAS protocol 3.0 sign-in: the browser brings a service ticket, the server validates it with the CAS server. */
export function createCasService(deps: {
  config: Pick<Config, 'CAS_SERVER_URL' | 'PUBLIC_URL'>;
  identities: IdentityService;
  login: LoginService;
  fetch?: typeof fetch;
}) {
  const { identities, login } = deps;
  const casBase = deps.config.CAS_SERVER_URL?.replace(/\/+$/, '') ?? null;
  const publicUrl = deps.config.PUBLIC_URL?.replace(/\/+$/, '') ?? null;
  const doFetch = deps.fetch ?? fetch;

  async function validateTicket(ticket: string, service: string): Promise<CasValidation> {
    const url = `${casBase}/p3/serviceValidate?service=${encodeURIComponent(service)}&ticket=${encodeURIComponent(ticket)}`;
    let body: string;
    try {
      const res = await doFetch(url, { signal: AbortSignal.timeout(VALIDATE_TIMEOUT_MS), headers: { accept: 'application/xml, text/xml' } });
      body = await res.text();
    } catch {
      throw new AppError(503, '503', CAS_UNREACHABLE);
    }
    if (body.length > MAX_RESPONSE_CHARS) return { ok: false, code: 'INVALID_RESPONSE' };
    return parseServiceResponse(body);
  }

  return {
    enabled: casBase !== null,

    /** Where the browser goes to sign out of CAS as well; null when CAS is off. */
    logoutUrl(): string | null {
      if (!casBase) return null;
      return `${casBase}/logout?service=${encodeURIComponent(`${publicUrl ?? ''}/`)}`;
    },

    /** What the login page needs to offer the CAS entry. */
    describe() {
      return {
        cas: {
          enabled: casBase !== null && publicUrl !== null,
          loginUrl: casBase && publicUrl ? `${casBase}/login?service=${encodeURIComponent(`${publicUrl}/login?sso=cas`)}` : null,
        },
      };
    },

    /** GET /cas/client/validateLogin: validates the ticket, maps or provisions the account, starts a session. */
    async validateLogin(input: { ticket: string; service: string }, meta: ClientMeta): Promise<LoginResult> {
      if (!casBase) throw errors.badRequest(CAS_DISABLED);
      if (!publicUrl) throw errors.unavailable(CAS_NO_PUBLIC_URL);
      // A ticket is only as good as the service it was issued for: accept only this site's own addresses,
      // or a ticket issued to another application could be replayed here.
      let serviceUrl: URL;
      try {
        serviceUrl = new URL(input.service);
      } catch {
        throw errors.badRequest(CAS_FOREIGN_SERVICE);
      }
      if (serviceUrl.origin !== new URL(publicUrl).origin) throw errors.badRequest(CAS_FOREIGN_SERVICE);

      let result: CasValidation;
      try {
        result = await validateTicket(input.ticket, input.service);
      } catch (err) {
        await login.record('cas', 'CAS', meta, false, CAS_UNREACHABLE, null);
        throw err;
      }
      if (!result.ok) {
        await login.record('cas', 'CAS', meta, false, `${CAS_TICKET_INVALID}（${result.code}）`.slice(0, 256), null);
        throw errors.unauthorized(CAS_TICKET_INVALID);
      }
      const { user: casUser, attributes } = result.assertion;
      const user = await identities
        .resolve({
          provider: 'cas',
          subject: casUser,
          realname: pick(attributes, ['realname', 'realName', 'displayName', 'name', 'cn']),
          email: pick(attributes, ['mail', 'email']),
          phone: pick(attributes, ['phone', 'mobile', 'telephoneNumber']),
          linkByUsername: true,
        })
        .catch(async (err) => {
          if (err instanceof AppError) await login.record(casUser, 'CAS', meta, false, err.message, null);
          throw err;
        });
      return login.completeLogin(user, casUser, 'CAS', meta);
    },
  };
}
export type CasService = ReturnType<typeof createCasService>;
