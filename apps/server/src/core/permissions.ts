import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EffectiveDataScope } from './dataScope';
import { TWO_FACTOR_ENROLMENT_DUE } from '@dandelion/shared/auth/twoFactor';
import { errors } from './errors';
import { routeConfigOf } from './routeConfig';

/** A route anyone may call. */
export const PUBLIC = 'public';
/** A route any signed-in user may call (their own profile, their own messages). */
export const SIGNED_IN = 'signed-in';

/** The signed-in caller, resolved from the authorization header by the identity module. */
export interface Principal {
  userId: number;
  username: string;
  realname: string | null;
  orgId: number | null;
  roleCodes: string[];
  /** Permission codes (module:feature:action) granted through the user's roles. */
  permissions: Set<string>;
  /** Holders of the ADMIN role pass every permission check (spec §6: the admin holds all codes). */
  isSuperAdmin: boolean;
  /** What organisation-owned data the user may see, combined over their roles (widest wins). */
  dataScope: EffectiveDataScope;
  sessionId: string;
  /**
   * The setting requires a second factor of this user (system administration) and they have not
   * enrolled: only SIGNED_IN calls (their own centre, where they enrol) are let through.
   */
  twoFactorDue?: boolean;
}

export interface Authenticator {
  /** Returns the caller or null when the request carries no valid session. */
  authenticate(request: FastifyRequest): Promise<Principal | null>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Required on every route: a permission code, PUBLIC or SIGNED_IN. */
    permission?: string;
    /** 'portal' routes answer { rtnCode, rtnMessage, dataSet }. */
    envelope?: 'console' | 'portal';
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

export interface DeclaredRoute {
  method: string;
  url: string;
  permission: string | undefined;
}

const PERMISSION_CODE = /^[a-z][a-zA-Z0-9]*(:[a-zA-Z0-9]+){1,3}$/;

/**
 * Every route declares who may call it. Start-up fails when one does not, so an
 * unprotected route cannot ship by omission. Checks run before any handler.
 */
export function registerPermissionGuard(app: FastifyInstance, authenticator: Authenticator | null) {
  const declared: Array<{ method: string | string[]; url: string; config: { permission?: string } }> = [];
  app.decorateRequest('principal', null);

  app.addHook('onRoute', (route) => {
    route.config = { ...(route.config as object) } as typeof route.config;
    // Keep the options object itself: scopes registered later (framework routes) may still mark it.
    declared.push(route as unknown as (typeof declared)[number]);
  });

  app.addHook('onReady', async () => {
    const bad = declared.filter((r) => {
      const p = r.config?.permission;
      return !p || !(p === PUBLIC || p === SIGNED_IN || PERMISSION_CODE.test(p));
    });
    if (bad.length) {
      const list = bad.map((r) => `${[r.method].flat().join(',')} ${r.url}`).join('; ');
      throw new Error(`以下路由没有声明权限（config.permission）或权限码格式不正确：${list}`);
    }
  });

  // A callback hook: public routes pass without a promise; the rest wait for the session only.
  app.addHook('onRequest', (request, _reply, done) => {
    const permission = routeConfigOf(request)?.permission;
    if (!permission || permission === PUBLIC) {
      // No session lookup for public routes; the few that care who calls (file download) resolve the token themselves.
      done();
      return;
    }
    if (!authenticator) {
      done(errors.unauthorized());
      return;
    }
    authenticator.authenticate(request).then((principal) => done(refusal(request, principal, permission)), done);
  });

  return {
    routes(): DeclaredRoute[] {
      return declared.flatMap((r) =>
        [r.method].flat().map((method) => ({ method, url: r.url, permission: r.config?.permission })),
      );
    },
  };
}

/** Why the caller may not go on (the error to answer), or undefined when they may; keeps the principal on the request. */
function refusal(request: FastifyRequest, principal: Principal | null, permission: string): Error | undefined {
  if (!principal) return errors.unauthorized();
  request.principal = principal;
  if (principal.twoFactorDue && permission !== SIGNED_IN) return errors.forbidden(TWO_FACTOR_ENROLMENT_DUE);
  if (permission === SIGNED_IN || principal.isSuperAdmin || principal.permissions.has(permission)) return undefined;
  return errors.forbidden();
}

/** Registers plugins whose routes are framework plumbing (API docs, static files) as public. */
export async function registerPublicPlugins(app: FastifyInstance, register: (scope: FastifyInstance) => Promise<void>) {
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...(route.config as object), permission: PUBLIC } as typeof route.config;
    });
    await register(scope);
  });
}
