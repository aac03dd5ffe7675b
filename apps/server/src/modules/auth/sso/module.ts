import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config';
import type { Executor } from '../../../core/db';
import type { UserPort } from '../directory/module';
import type { ExternalSignIn, LoginService } from '../login/module';
import { createCasService } from './cas';
import { createIdentityService } from './identities';
import { createOidcService } from './oidc';
import { registerSsoRoutes } from './routes';

/**
 * Single sign-on (CAS) and third-party sign-in (OIDC): external identities are linked to local
 * accounts (or provision one) and signed in through the login service. Answers what the sign-in
 * and sign-out calls need of them.
 */
export function registerSsoModule(
  app: FastifyInstance,
  deps: {
    db: Executor;
    users: Pick<UserPort, 'findById' | 'findByUsername' | 'createExternal'>;
    login: LoginService;
    config: Pick<Config, 'CAS_SERVER_URL' | 'PUBLIC_URL' | 'OIDC_PROVIDERS'>;
  },
): ExternalSignIn {
  const identities = createIdentityService(deps);
  const cas = createCasService({ config: deps.config, identities, login: deps.login });
  const oidc = createOidcService({ ...deps, identities });
  registerSsoRoutes(app, { cas, oidc });
  return {
    casLogoutUrl: cas.logoutUrl,
    describe: () => ({ ...cas.describe(), ...oidc.describe() }),
  };
}
