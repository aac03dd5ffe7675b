import type { FastifyBaseLogger } from 'fastify';
import * as oidc from 'openid-client';
import type { Config, OidcProviderConfig } from '../../../config';
import type { Executor } from '../../../core/db';
import { generateToken, sha256Hex } from '../../../core/token';
import { ACTIVE_USER_STATUS, type UserPort } from '../directory/module';
import { ACCOUNT_FROZEN, type ClientMeta, type LoginResult, type LoginService } from '../login/module';
import type { IdentityService } from './identities';
import * as repo from './repo';

/** How long a started authorization may take before its callback is refused. */
const STATE_LIFETIME_MS = 10 * 60_000;
/** How long the browser has to exchange the one-time login record for a session. */
const RECORD_LIFETIME_MS = 2 * 60_000;
/** Seconds each request to a provider may take (discovery, token, userinfo). */
const PROVIDER_TIMEOUT_S = 10;

export const THIRD_LOGIN_MESSAGES = {
  unknownProvider: '不支持的第三方登录方式',
  unavailable: '第三方登录服务暂不可用，请稍后重试',
  stateInvalid: '登录请求已失效，请重新发起第三方登录',
  cancelled: '已取消第三方登录',
  failed: '第三方登录失败，请重新登录',
  frozen: ACCOUNT_FROZEN,
} as const;

/** A failure the browser is sent back to /login with; `reason` is for the log only (never a code or token). */
export class ThirdLoginFailure extends Error {
  constructor(
    public readonly userMessage: string,
    public readonly reason: string,
  ) {
    super(reason);
    this.name = 'ThirdLoginFailure';
  }
}

/** Only a same-site path: one leading '/', no scheme, no '//' or '/\' (which browsers treat as another host). */
export function safeReturnTo(value: string | undefined | null): string | null {
  if (!value || value.length > 512) return null;
  return /^\/(?![/\\])[\x21-\x7e]*$/.test(value) ? value : null;
}

/** http:// is allowed only for a provider on this machine (tests, local development); never for a remote issuer. */
export function isLoopbackHttp(issuer: string): boolean {
  const url = new URL(issuer);
  return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

const claimText = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** OAuth 2 / OpenID Connect authorization code flow with PKCE, one configuration per provider. */
export function createOidcService(deps: {
  db: Executor;
  users: Pick<UserPort, 'findById'>;
  identities: IdentityService;
  login: LoginService;
  config: Pick<Config, 'PUBLIC_URL' | 'OIDC_PROVIDERS'>;
}) {
  const { db, users, identities, login } = deps;
  const publicUrl = deps.config.PUBLIC_URL?.replace(/\/+$/, '') ?? null;
  const providers = new Map(deps.config.OIDC_PROVIDERS.map((p) => [p.code, p]));
  const configurations = new Map<string, Promise<oidc.Configuration>>();

  const redirectUri = (code: string) => `${publicUrl}/thirdLogin/callback/${code}`;

  function providerOf(code: string): OidcProviderConfig {
    const provider = providers.get(code);
    if (!provider) throw new ThirdLoginFailure(THIRD_LOGIN_MESSAGES.unknownProvider, `unknown provider ${code}`);
    if (!publicUrl) throw new ThirdLoginFailure(THIRD_LOGIN_MESSAGES.unavailable, 'PUBLIC_URL is not set');
    return provider;
  }

  /** Discovery once per provider; a failed discovery is retried on the next sign-in. */
  function configurationOf(provider: OidcProviderConfig): Promise<oidc.Configuration> {
    let found = configurations.get(provider.code);
    if (!found) {
      found = oidc.discovery(
        new URL(provider.issuer),
        provider.clientId,
        provider.clientSecret,
        provider.clientSecret ? oidc.ClientSecretPost(provider.clientSecret) : oidc.None(),
        { timeout: PROVIDER_TIMEOUT_S, execute: isLoopbackHttp(provider.issuer) ? [oidc.allowInsecureRequests] : [] },
      );
      configurations.set(provider.code, found);
      found.catch(() => configurations.delete(provider.code));
    }
    return found.catch((err) => {
      throw new ThirdLoginFailure(THIRD_LOGIN_MESSAGES.unavailable, `discovery failed: ${(err as Error).message}`);
    });
  }


  return {
    describe() {
      return {
        oauthProviders: publicUrl ? [...providers.values()].map((p) => ({ code: p.code, name: p.name, authorizeUrl: `/thirdLogin/authorize/${p.code}` })) : [],
      };
    },

    /** Starts the flow: state, PKCE verifier and nonce are stored; answers the provider's authorization URL. */
    async authorize(code: string, returnTo: string | undefined): Promise<string> {
      const provider = providerOf(code);
      const config = await configurationOf(provider);
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      await repo.deleteExpiredFlows(db, new Date());
      await repo.insertFlow(db, {
        state,
        provider: code,
        codeVerifier,
        nonce,
        returnTo: safeReturnTo(returnTo),
        expiresAt: new Date(Date.now() + STATE_LIFETIME_MS),
      });
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri(code),
        scope: provider.scope,
        state,
        nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      });
      return url.href;
    },

    /**
     * The provider's redirect back: the state is consumed once, the code exchanged with the PKCE verifier,
     * the account mapped or provisioned, and a one-time login record handed to the browser.
     */
    async callback(code: string, search: string): Promise<string> {
      const provider = providerOf(code);
      const params = new URLSearchParams(search);
      const state = params.get('state');
      if (!state) throw new ThirdLoginFailure(THIRD_LOGIN_MESSAGES.stateInvalid, 'callback without state');
      const flow = await repo.takeFlow(db, state.slice(0, 128), code);
      if (!flow) throw new ThirdLoginFailure(THIRD_LOGIN_MESSAGES.stateInvalid, 'unknown, used or expired state');
      if (params.has('error')) {
        const cancelled = params.get('error') === 'access_denied';
        throw new ThirdLoginFailure(cancelled ? THIRD_LOGIN_MESSAGES.cancelled : THIRD_LOGIN_MESSAGES.failed, `provider error ${params.get('error')}`);
      }

      const config = await configurationOf(provider);
      let claims: Record<string, unknown>;
      try {
        const tokens = await oidc.authorizationCodeGrant(config, new URL(`${redirectUri(code)}${search}`), {
          pkceCodeVerifier: flow.codeVerifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
        claims = { ...tokens.claims() };
        // Many providers put profile claims only in the UserInfo answer.
        if ((!claims.name || !claims.email) && config.serverMetadata().userinfo_endpoint) {
          const info = await oidc.fetchUserInfo(config, tokens.access_token, String(claims.sub)).catch(() => ({}));
          claims = { ...info, ...claims };
        }
      } catch (err) {
        const e = err as { name?: string; code?: string; error?: string };
        throw new ThirdLoginFailure(THIRD_LOGIN_MESSAGES.failed, `code exchange failed: ${e.name ?? 'Error'} ${e.error ?? e.code ?? ''}`.trim());
      }
      const subject = claimText(claims.sub);
      if (!subject || subject.length > 256) throw new ThirdLoginFailure(THIRD_LOGIN_MESSAGES.failed, 'no usable sub claim');

      const user = await identities.resolve({
        provider: code,
        subject,
        realname: claimText(claims.name) ?? claimText(claims.preferred_username),
        email: claims.email_verified === false ? null : claimText(claims.email),
        phone: claims.phone_number_verified === false ? null : claimText(claims.phone_number),
        linkByUsername: false,
      });
      if (user.status !== ACTIVE_USER_STATUS) {
        throw new ThirdLoginFailure(THIRD_LOGIN_MESSAGES.frozen, 'account frozen');
      }
      const recordId = generateToken();
      await repo.insertLoginRecord(db, { recordId: sha256Hex(recordId), userId: user.id, provider: code, expiresAt: new Date(Date.now() + RECORD_LIFETIME_MS) });
      const target = new URLSearchParams({ thirdLoginId: recordId });
      if (flow.returnTo) target.set('redirect', flow.returnTo);
      return `${publicUrl}/login?${target.toString()}`;
    },

    /** Logs and records a failed authorize or callback; answers where the browser goes: the login page with a short message. */
    async failed(code: string, err: unknown, meta: ClientMeta, log: Pick<FastifyBaseLogger, 'warn' | 'error'>): Promise<string> {
      const known = err instanceof ThirdLoginFailure;
      const message = known ? err.userMessage : THIRD_LOGIN_MESSAGES.failed;
      if (known) log.warn({ provider: code.slice(0, 64), reason: err.reason }, '第三方登录失败');
      else log.error({ provider: code.slice(0, 64), err }, '第三方登录出错');
      await login.record(code.slice(0, 64), 'OAUTH', meta, false, message, null).catch(() => {});
      return `${publicUrl ?? ''}/login?${new URLSearchParams({ thirdLoginError: message }).toString()}`;
    },

    /** GET /thirdLogin/getLoginUser/{id}: the one-time record becomes a session, once; null when unknown, used or expired. */
    async takeLoginRecord(recordId: string, meta: ClientMeta): Promise<LoginResult | null> {
      const record = await repo.takeLoginRecord(db, sha256Hex(recordId));
      if (!record) return null;
      const user = await users.findById(record.userId);
      if (!user) return null;
      return login.completeLogin(user, user.username, 'OAUTH', meta);
    },
  };
}
export type OidcService = ReturnType<typeof createOidcService>;
