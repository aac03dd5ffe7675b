import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { InvalidatingCache } from '../../core/cache';
import type { Db } from '../../core/db';
import { registerAccountModule } from './account/module';
import { registerAccountCenterModule } from './accountCenter/module';
import { createCaptchaService, registerCaptchaRoutes, type CaptchaService } from './captcha/module';
import { registerCurrentUserModule, type CurrentUserDeps } from './currentUser/module';
import type { DataRuleScopes, FuncPort, OrgName, RolePort, UserPort, VerifyCodePort } from './directory/module';
import { createLoginService, createPhoneCodeSignIn, registerLoginRoutes, type LoginService } from './login/module';
import { createLoginLogModule, type LoginLogModule } from './loginLog/module';
import { createSessionModule, type CachedPrincipal, type SessionService } from './session/module';
import { registerSsoModule } from './sso/module';
import { createSecretCipher, createTwoFactorService, holdsSystemAdministration, registerTwoFactorRoutes, type TwoFactorPolicy, type TwoFactorService } from './twoFactor/module';

export type * from './directory/module';
export type { CachedPrincipal, CaptchaService, LoginService, SessionService };
export type { LoginLogFilter, LoginLogItem } from './loginLog/module';

/** What the identity area needs to exist: its tables, the session cache and the accounts, roles and functions it signs in. */
export interface AuthDeps {
  db: Db;
  /** Principals by token hash; revocation invalidates on every instance. */
  sessionCache: InvalidatingCache<CachedPrincipal>;
  users: UserPort;
  roles: RolePort;
  funcs: FuncPort;
  dataRuleScopes: DataRuleScopes;
  /** Two-factor sign-in: the setting, and the key its secrets are encrypted under (a key is derived from it). */
  twoFactor: TwoFactorPolicy & { masterKey: Buffer };
}

/** What the routes need besides: configuration, SMS codes, and what the console's init and the account centre show. */
export type AuthRouteDeps = Omit<CurrentUserDeps, 'users' | 'roles' | 'funcs'> & {
  config: Pick<Config, 'CAS_SERVER_URL' | 'PUBLIC_URL' | 'OIDC_PROVIDERS'>;
  codes: VerifyCodePort;
  orgName: OrgName;
};

export interface AuthModule {
  /** Resolves tokens for the permission guard; revoked or refreshed by the user administration. */
  sessions: SessionService;
  login: LoginService;
  twoFactor: TwoFactorService;
  /** Image captchas other forms check (the portal's complaint form). */
  captchas: CaptchaService;
  /** The sign-in log's reads and retention purge, for the log console and the home page's trends. */
  loginLogs: LoginLogModule['admin'];
  /** Registers every identity route: sign-in and out, captchas, SSO, the current user, the account and its centre. */
  registerRoutes(app: FastifyInstance, deps: AuthRouteDeps): void;
}

/**
 * The identity area: sessions, sign-in (password, SMS code, CAS, OIDC), captchas and the sign-in log,
 * the current user's data, registration and passwords, the account centre. Its services exist before
 * its routes because the permission guard, registered first, resolves every request's session.
 */
export function createAuthModule(deps: AuthDeps): AuthModule {
  const { db, users, roles, funcs } = deps;
  const { masterKey, ...policy } = deps.twoFactor;
  // Sessions and two-factor need each other (the principal's "enrolment due", refresh after enrolling): bound late.
  const sessions = createSessionModule({
    db, users, roles, funcs, dataRuleScopes: deps.dataRuleScopes, cache: deps.sessionCache,
    twoFactorDue: async (userId, who) => twoFactor.isDue(userId, holdsSystemAdministration(who)),
  });
  const captchas = createCaptchaService({ db });
  const loginLogs = createLoginLogModule({ db });
  const twoFactor = createTwoFactorService({ db, cipher: createSecretCipher(masterKey), policy, users, loginLogs, sessions });
  const login = createLoginService({ users, roles, sessions, captchas, loginLogs, secondFactor: twoFactor });

  return {
    sessions,
    login,
    twoFactor,
    captchas,
    loginLogs: loginLogs.admin,
    registerRoutes(app, more) {
      const { config, codes, orgName } = more;
      const external = registerSsoModule(app, { db, users, login, config });
      registerAccountModule(app, { db, users, codes, sessions, captchas, login });
      registerAccountCenterModule(app, { db, users, roles, orgName, sessions, loginLogs });
      registerLoginRoutes(app, { login, phoneCode: createPhoneCodeSignIn({ users, codes, login }), sessions, loginLogs, external });
      registerCaptchaRoutes(app, captchas);
      registerTwoFactorRoutes(app, { twoFactor, login });
      registerCurrentUserModule(app, { ...more, users, roles, funcs });
    },
  };
}
