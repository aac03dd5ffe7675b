import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { and, inArray } from 'drizzle-orm';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config';
import { createMemoryBus, type EventBus } from './core/bus';
import { cacheStats, createInvalidatingCache } from './core/cache';
import type { Database } from './core/db';
import { registerErrorHandler } from './core/errorHandler';
import { errors } from './core/errors';
import { registerHealthRoutes } from './core/health';
import { loggerOptions } from './core/logger';
import { registerOpenApi } from './core/openapi';
import { registerPermissionGuard, type Authenticator, type DeclaredRoute, type Principal } from './core/permissions';
import { defaultWebDistDir } from './core/paths';
import { notDeleted } from './core/records';
import { registerSpa } from './core/spa';
import { createBruteForceGuard } from './modules/auth/bruteForce';
import { createCaptchaService } from './modules/auth/captchaService';
import { registerCurrentUserRoutes } from './modules/auth/currentUserRoutes';
import { createCurrentUserService } from './modules/auth/currentUserService';
import { createLoginService, type LoginService } from './modules/auth/loginService';
import { registerAuthRoutes, type LoginMethods } from './modules/auth/routes';
import { createSessionService, type SessionService } from './modules/auth/sessionService';
import { createCasService } from './modules/auth/sso/casService';
import { createIdentityService } from './modules/auth/sso/identityService';
import { createOidcService } from './modules/auth/sso/oidcService';
import { registerSsoRoutes } from './modules/auth/sso/routes';
import { tokenFromHeader } from './core/token';
import { createPasswordService } from './modules/auth/account/passwordService';
import { createPhoneCodeLogin } from './modules/auth/account/phoneLogin';
import { createProfileService } from './modules/auth/account/profileService';
import { createRegisterService } from './modules/auth/account/registerService';
import { registerAccountRoutes } from './modules/auth/account/routes';
import { registerAccountCenterRoutes } from './modules/auth/accountCenter/routes';
import { createAccountCenterService } from './modules/auth/accountCenter/service';
import { createSmsProvider } from './modules/message/sms/providers';
import { registerSmsRoutes } from './modules/message/sms/routes';
import { createSmsService } from './modules/message/sms/service';
import { createVerifyCodeService } from './modules/message/sms/verifyCodeService';
import { registerMessageModule } from './modules/message/module';
import type { MessageService } from './modules/message/msg/service';
import { createFuncService } from './modules/system/func/service';
import { createRoleAdminService, createRoleService } from './modules/system/role/service';
import { createRoleBindingService } from './modules/system/role/bindings';
import { registerRoleRoutes } from './modules/system/role/routes';
import { registerPostModule } from './modules/system/post/module';
import { liveUserIds } from './modules/system/user/query';
import { registerAppRoutes } from './modules/system/app/routes';
import { createAppService } from './modules/system/app/service';
import { createUserService } from './modules/system/user/service';
import { registerOrgRoutes } from './modules/system/org/routes';
import { createUserAdminService } from './modules/system/user/admin';
import { createExternalUserService } from './modules/system/user/external';
import { registerUserRoutes } from './modules/system/user/routes';
import { createOrgService } from './modules/system/org/service';
import { createOrgBindingService } from './modules/system/org/bindings';
import { registerDataPermissionRoutes } from './modules/system/datapermission/routes';
import { createDataPermissionService } from './modules/system/datapermission/service';
import { registerThemeRoutes } from './modules/system/theme/routes';
import { createFuncAdminService } from './modules/system/func/admin';
import { registerFuncRoutes } from './modules/system/func/routes';
import { registerIconRoutes } from './modules/system/icon/routes';
import { createIconService } from './modules/system/icon/service';
import { registerLayoutRoutes } from './modules/system/layout/routes';
import { createLayoutService } from './modules/system/layout/service';
import { registerDuplicateRoutes } from './modules/system/duplicate/routes';
import { createDuplicateService } from './modules/system/duplicate/service';
import { createThemeService } from './modules/system/theme/service';
import { registerDictRoutes } from './modules/base/dict/routes';
import { createDictService } from './modules/base/dict/service';
import { createSiteLookup, registerCmsModule } from './modules/cms/module';
import { registerCalendarModule } from './modules/base/calendar/module';
import { createWorkingDayCalendar } from './modules/base/calendar/service';
import { registerLogModule, registerRestLogCapture } from './modules/base/log/module';
import { purgeLogs } from './modules/base/log/retention';
import { createLoginLogRepo } from './modules/auth/loginLog/repo';
import { registerMonitorModule } from './modules/base/monitor/module';
import { registerProgressModule } from './modules/base/progress/module';
import { registerRegionModule } from './modules/base/region/module';
import { registerSchedulerModule } from './modules/base/scheduler/module';
import { registerSerialModule } from './modules/base/serial/module';
import { registerFileRoutes } from './modules/file/routes';
import { sysFile } from './modules/file/schema';
import { createFileService, downloadUrlOf, type FileService } from './modules/file/service';
import { createFileStore } from './modules/file/storage';

// Default zod messages (type errors and the like) in Chinese.
z.config(z.locales.zhCN());

export interface AppDeps {
  config: Pick<
    Config,
    | 'LOG_LEVEL' | 'BODY_LIMIT_BYTES' | 'TRUST_PROXY' | 'WEB_DIST_DIR' | 'PUBLIC_URL'
    | 'SMS_PROVIDER' | 'SMS_WEBHOOK_URL' | 'SMS_WEBHOOK_SECRET' | 'CAS_SERVER_URL' | 'OIDC_PROVIDERS'
  > &
    Partial<Pick<Config, 'SMTP_HOST' | 'SMTP_PORT' | 'SMTP_SECURE' | 'SMTP_USER' | 'SMTP_PASS' | 'SMTP_FROM'>>;
  /** Where uploaded files are kept: main passes FILES_DIR; tests get a directory of their own under the system's temp. */
  filesDir?: string;
  database: Database;
  /** Cross-instance messages (cache invalidation); in memory unless main passes the PostgreSQL bus. */
  bus?: EventBus;
  /** Replaces the session-based authenticator (tests of the guard itself only). */
  authenticator?: Authenticator | null;
  /** Serve the built web app (off in API tests). */
  serveWeb?: boolean;
  /** Fire scheduled tasks in this process (on by default; tests of other modules may leave it on, nothing is enabled at seed). */
  runScheduler?: boolean;
}

export interface DandelionApp extends FastifyInstance {
  declaredRoutes(): DeclaredRoute[];
  /** Services other parts of the process (scheduler, tests) call directly. */
  services: { sessions: SessionService; login: LoginService; files: FileService; messages: MessageService };
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

  const db = database.db;
  const bus = deps.bus ?? createMemoryBus();
  registerRestLogCapture(app, { db });
  const users = createUserService({ db });
  const roles = createRoleService({ db });
  const funcs = createFuncService({ db });
  const sites = createSiteLookup(db);
  const sessionCache = createInvalidatingCache<Principal & { expiresAt: number; lastSeenAt: number }>(bus, 'session', { ttlMs: 60_000, maxEntries: 10_000 });
  const sessions = createSessionService({ db, users, roles, funcs, cache: sessionCache });
  const authenticator: Authenticator = deps.authenticator ?? {
    authenticate: async (request) => {
      const token = tokenFromHeader(request.headers.authorization);
      return token ? sessions.resolve(token) : null;
    },
  };
  const guard = registerPermissionGuard(app, authenticator);

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
  // Per-route limits (login, captcha, SMS); counters are per instance.
  await app.register(rateLimit, { global: false, errorResponseBuilder: () => errors.tooManyRequests() });
  await registerOpenApi(app);

  const captchas = createCaptchaService({ db });
  const bruteForce = createBruteForceGuard({ db });
  const login = createLoginService({ db, users, roles, sessions, captchas, guard: bruteForce });
  const themes = createThemeService({ db });
  const icons = createIconService({ db });
  const applications = createAppService({ db });
  // Dictionaries are cached per instance and invalidated on every instance through the bus; a category may belong to an app.
  const dicts = createDictService({ db, bus, apps: async () => (await applications.page({}, { pageNum: 1, pageSize: 500 })).list });
  const current = createCurrentUserService({ users, roles, funcs, sites, themes, inForceApps: applications.inForce, customIcons: icons.forInit, appDicts: dicts.appDicts });
  const methods: LoginMethods = {};

  registerHealthRoutes(app, { database });
  // Files: uploads checked by extension and bytes, kept once per content, read back by those allowed.
  const filesDir = deps.filesDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'dandelion-files-'));
  // A directory of our own making (tests) goes when the app does; FILES_DIR is never touched.
  if (!deps.filesDir) app.addHook('onClose', async () => fs.rmSync(filesDir, { recursive: true, force: true }));
  const files = createFileService({ db, store: createFileStore(filesDir) });
  await registerFileRoutes(app, { files, authenticateToken: (token) => sessions.resolve(token) });
  // ── identity: SMS codes, registration, passwords, binding, identity verification ──
  const sms = createSmsService({ db, provider: createSmsProvider(deps.config) });
  const codes = createVerifyCodeService({ db, sms });
  methods.phoneCode = createPhoneCodeLogin({ db, codes, login });
  registerSmsRoutes(app, { sms, codes });
  // ── messaging: notices, in-site messages (other modules send through `messages`), templates ──
  const { messages } = registerMessageModule(app, { db, files, sms, config });
  // ── CMS: sites, catalogues, banners, templates, articles, the resource library, complaints and the anonymous portal ──
  const cms = registerCmsModule(app, {
    db,
    bus,
    files,
    // Until the file service answers download addresses by id itself, the portal's port reads them here.
    fileUrls: async (ids) => {
      const rows = await db.select({ id: sysFile.id, filename: sysFile.filename }).from(sysFile).where(and(inArray(sysFile.id, ids), notDeleted(sysFile)));
      return new Map(rows.map((r) => [r.id, downloadUrlOf(r.id, r.filename)]));
    },
    consumeCaptcha: (key, code) => captchas.consume(key, code),
    sendMessage: (ex, message) => messages.send(ex, message),
    identify: (request) => authenticator.authenticate(request),
  });
  app.addHook('onReady', async () => {
    await cms.backfillSearchText();
  });
  registerAccountRoutes(app, {
    register: createRegisterService({ db, codes }),
    passwords: createPasswordService({ db, users, codes, sessions }),
    profile: createProfileService({ db, users, codes }),
  });
  // Personal centre: profile, avatar, the user's own sessions and sign-in history.
  registerAccountCenterRoutes(app, { center: createAccountCenterService({ db, users, roles, sessions, sessionCache }) });
  // ── identity: single sign-on (CAS) and third-party (OIDC) ──
  const identities = createIdentityService({ db, users });
  const cas = createCasService({ config, identities, login });
  const oidc = createOidcService({ db, users, identities, login, config });
  methods.casLogoutUrl = cas.logoutUrl;
  methods.describe = () => ({ ...cas.describe(), ...oidc.describe() });
  registerSsoRoutes(app, { cas, oidc });
  registerAuthRoutes(app, { login, sessions, captchas, guard: bruteForce, methods });
  registerCurrentUserRoutes(app, { current });
  // ── console shell: theme, dictionaries and the organisation tree its widgets read ──
  registerThemeRoutes(app, { themes });
  // Functions (menus, buttons, recent menus), custom icons, layouts and the shared duplicate check.
  registerFuncRoutes(app, { funcs: createFuncAdminService({ db, refreshUser: (userId) => sessions.refreshUser(userId) }) });
  registerIconRoutes(app, { icons });
  registerLayoutRoutes(app, { layouts: createLayoutService({ db }) });
  registerDuplicateRoutes(app, { duplicates: createDuplicateService({ db }) });
  registerDictRoutes(app, { dicts });
  const orgs = createOrgService({ db, dicts });
  registerOrgRoutes(app, { orgs, bindings: createOrgBindingService({ db, orgs, funcs }) });
  // Staff accounts: freezing, deleting and role changes end or refresh the user's sessions on every instance.
  registerUserRoutes(app, { db, users: createUserAdminService({ db, sessions }), external: createExternalUserService({ db, sessions }) });
  // Roles (permission binding refreshes holders' cached sessions), posts and applications.
  const roleAdmin = createRoleAdminService({ db, dicts, refreshUser: (userId) => sessions.refreshUser(userId) });
  registerRoleRoutes(app, { roles: roleAdmin, bindings: createRoleBindingService({ db, roles: roleAdmin }) });
  registerPostModule(app, { db, liveUserIds });
  registerAppRoutes(app, { apps: applications });
  registerDataPermissionRoutes(app, { rules: createDataPermissionService({ db }) });
  // ── base modules: regions, calendar and processes, serial numbers, logs, monitor, scheduler ──
  registerRegionModule(app, { db, bus });
  // Process deadlines are counted in working days of the holiday calendar.
  const workingDays = createWorkingDayCalendar({ db });
  registerCalendarModule(app, { db, workingDays });
  registerProgressModule(app, { db, workingDays });
  registerSerialModule(app, { db });
  // The page-view beacon is public; it still records who is signed in when a session comes with it.
  const loginLogs = createLoginLogRepo(db);
  registerLogModule(app, { db, logins: loginLogs, identify: (request) => authenticator.authenticate(request) });
  registerMonitorModule(app, { database, caches: cacheStats });
  const scheduler = registerSchedulerModule(app, {
    db,
    bus,
    run: deps.runScheduler ?? true,
    jobs: { purgeLogs: (days) => purgeLogs(db, days, loginLogs.purgeBefore), purgeEndedSessions: (days) => sessions.purgeEnded(days) },
  });

  scheduler.registerJob(cms.publishDueJob);

  await registerSpa(app, deps.serveWeb ? (config.WEB_DIST_DIR ?? defaultWebDistDir) : null);

  const dandelion = app as unknown as DandelionApp;
  dandelion.declaredRoutes = () => guard.routes();
  dandelion.services = { sessions, login, files, messages };
  return dandelion;
}
