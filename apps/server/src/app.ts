import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config';
import type { Database } from './core/db';
import { registerErrorHandler } from './core/errorHandler';
import { errors } from './core/errors';
import { registerHealthRoutes } from './core/health';
import { loggerOptions } from './core/logger';
import { registerOpenApi } from './core/openapi';
import { registerPermissionGuard, type Authenticator, type DeclaredRoute } from './core/permissions';
import { defaultWebDistDir } from './core/paths';
import { registerSpa } from './core/spa';
import { createCatalogService } from './modules/cms/catalog/service';
import { createContentService } from './modules/cms/content/service';
import { registerPortalRoutes } from './modules/cms/portal/routes';
import { createPortalService } from './modules/cms/portal/service';
import { createSiteService } from './modules/cms/site/service';

// Default zod messages (type errors and the like) in Chinese.
z.config(z.locales.zhCN());

export interface AppDeps {
  config: Pick<Config, 'LOG_LEVEL' | 'BODY_LIMIT_BYTES' | 'TRUST_PROXY' | 'WEB_DIST_DIR'>;
  database: Database;
  /** Resolves the caller from the request; the identity module provides it. */
  authenticator?: Authenticator | null;
  /** Serve the built web app (off in API tests). */
  serveWeb?: boolean;
}

export interface DandelionApp extends FastifyInstance {
  declaredRoutes(): DeclaredRoute[];
}

/** Builds the whole application: core plugins, then every module. Used by main and by tests. */
export async function buildApp(deps: AppDeps): Promise<DandelionApp> {
  const { config, database } = deps;
  const app = Fastify({
    ...loggerOptions(config.LOG_LEVEL),
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    // Idle keep-alive sockets are closed at shutdown; requests in flight finish first.
    forceCloseConnections: 'idle',
    // Requests that arrive while draining get our own 503 envelope (below), not Fastify's English one.
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (closing) {
      reply.header('connection', 'close');
      throw errors.unavailable('服务正在重启，请稍后重试');
    }
  });
  // The spec's calls are POSTs whose body may be left out entirely; treat that as an empty object.
  app.addHook('preValidation', async (request) => {
    if (request.body == null && (request.method === 'POST' || request.method === 'PUT')) request.body = {};
  });

  const guard = registerPermissionGuard(app, deps.authenticator ?? null);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Ant Design injects its CSS-in-JS styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await registerOpenApi(app);

  const db = database.db;
  const sites = createSiteService({ db });
  const catalogs = createCatalogService({ db });
  const contents = createContentService({ db });
  const portal = createPortalService({ sites, catalogs, contents });

  registerHealthRoutes(app, { database });
  registerPortalRoutes(app, { portal });

  await registerSpa(app, deps.serveWeb ? (config.WEB_DIST_DIR ?? defaultWebDistDir) : null);

  const dandelion = app as unknown as DandelionApp;
  dandelion.declaredRoutes = () => guard.routes();
  return dandelion;
}
