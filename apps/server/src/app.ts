import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import { createMemoryBus, type EventBus } from './core/bus';
import { cacheStats, createInvalidatingCache } from './core/cache';
import type { Database, Executor } from './core/db';
import { createPlatform, registerSecurityPlugins } from './core/platform';
import { registerCompression } from './core/compression';
import { registerHealthRoutes } from './core/health';
import { registerBackupRoute } from './core/backup';
import { registerOpenApi } from './core/openapi';
import { registerPermissionGuard, type Authenticator, type DeclaredRoute } from './core/permissions';
import { defaultWebDistDir } from './core/paths';
import { registerSpa } from './core/spa';
import { createAuthModule, type CachedPrincipal, type LoginService, type SessionService } from './modules/auth/module';
import { tokenFromHeader } from './core/token';
import { registerMessageModule, type MessageService } from './modules/message/module';
import {
  buildMenuTree,
  createExternalUser,
  createRegisteredUser,
  createSystemFacade,
  findUserByEmail,
  findUserByPhone,
  findUserByUsername,
  orgNameById,
  registerSystemModule,
  ruleScopesOfHolder,
  SUPER_ROLE_CODE,
  updateUserFields,
} from './modules/system/module';
import { registerDictModule } from './modules/base/dict/module';
import { createSiteLookup, registerCmsModule } from './modules/cms/module';
import { beijingDate, endOfBeijingDay, registerCalendarModule } from './modules/base/calendar/module';
import { registerLogModule, registerRestLogCapture } from './modules/base/log/module';
import { registerMonitorModule } from './modules/base/monitor/module';
import { registerProgressModule } from './modules/base/progress/module';
import { registerRegionModule } from './modules/base/region/module';
import { registerSchedulerModule } from './modules/base/scheduler/module';
import { registerSerialModule } from './modules/base/serial/module';
import { registerFileModule, type FileService } from './modules/file/module';
import { registerAwardModule } from './modules/award/module';
import { funcDirectory } from './modules/system/func/module';
import { roleDirectory } from './modules/system/role/module';
import { findUserById, userDirectory } from './modules/system/user/module';
import { COMMITTEE_ROLE_CODE } from '@dandelion/shared/award/committee';
import { OBJECTION_HANDLER_PERMISSIONS } from '@dandelion/shared/award/objection';
import { REJECT_REASON_DICT, UNIT_REVIEW_PERMISSIONS } from '@dandelion/shared/award/declaration';

// Default zod messages (type errors and the like) in Chinese.
z.config(z.locales.zhCN());

export interface AppDeps {
  config: Pick<
    Config,
    | 'LOG_LEVEL' | 'BODY_LIMIT_BYTES' | 'TRUST_PROXY' | 'WEB_DIST_DIR' | 'PUBLIC_URL'
    | 'SMS_PROVIDER' | 'SMS_WEBHOOK_URL' | 'SMS_WEBHOOK_SECRET' | 'CAS_SERVER_URL' | 'OIDC_PROVIDERS'
  > &
    Partial<Pick<Config, 'SMTP_HOST' | 'SMTP_PORT' | 'SMTP_SECURE' | 'SMTP_USER' | 'SMTP_PASS' | 'SMTP_FROM'>> &
    /** Bank accounts: without NODE_ENV (tests) the development key is used; production needs BANK_ACCOUNT_KEY. */
    Partial<Pick<Config, 'BANK_ACCOUNT_KEY' | 'NODE_ENV' | 'CERTIFICATE_FONT' | 'CERTIFICATE_FONT_FAMILY'>> &
    /** Two-factor sign-in: main passes the environment's (required of administrators by default); tests omit it (off). */
    Partial<Pick<Config, 'TWO_FACTOR_REQUIRED_FOR_ADMINS' | 'TWO_FACTOR_TRUSTED_DEVICE_DAYS'>> &
    /** Rate-limit counters: in Redis when set, else in PostgreSQL (shared by every instance either way). */
    Partial<Pick<Config, 'REDIS_URL' | 'REDIS_KEY_PREFIX'>>;
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
  /** The key the operation log is sealed with (kept outside the database); main passes AUDIT_SEAL_KEY or the data directory's key file. */
  auditSealKey?: Buffer;
  /** The token `npm run backup` presents to take a snapshot of the embedded database (main writes it to DATA_DIR/backup.token). */
  backupToken?: string;
}

/** Tests and tools that do not pass a key seal with this one; main never does. */
const DEVELOPMENT_SEAL_KEY = Buffer.from('dandelion-development-seal-key-not-for-production');

export interface DandelionApp extends FastifyInstance {
  declaredRoutes(): DeclaredRoute[];
  /** Refuses new requests with 503 from now on; main calls it before close when stopping. */
  drain(): void;
  /** Services other parts of the process (scheduler, tests) call directly. */
  services: { sessions: SessionService; login: LoginService; files: FileService; messages: MessageService };
}

/** Builds the whole application: core plugins, then every module. Used by main and by tests. */
/** Live holders of the committee role (评审委员会委员): the committee's members are picked from them. */
async function committeeHolderIds(ex: Executor): Promise<number[]> {
  const [roleId] = await roleDirectory.idsByCode(ex, [COMMITTEE_ROLE_CODE]);
  return roleId === undefined ? [] : userDirectory.roleHolderIds(ex, roleId);
}

export async function buildApp(deps: AppDeps): Promise<DandelionApp> {
  const { config, database } = deps;
  const { app, drain } = createPlatform(config);
  await registerCompression(app);

  const db = database.db;
  const bus = deps.bus ?? createMemoryBus();
  registerRestLogCapture(app, { db });
  // What sign-in, sessions and the init call read of system administration, before its routes exist.
  const system = createSystemFacade({ db });
  const { users, roles, funcs, themes } = system;
  const sites = createSiteLookup(db);
  const sessionCache = createInvalidatingCache<CachedPrincipal>(bus, 'session', { ttlMs: 60_000, maxEntries: 10_000 });
  // Identity: sessions, sign-in, captchas and the sign-in log exist before the guard that resolves every request's session.
  const auth = createAuthModule({
    db,
    sessionCache,
    users: {
      ...users,
      findByPhone: (phone) => findUserByPhone(db, phone),
      findByEmail: (email) => findUserByEmail(db, email),
      findByUsername: findUserByUsername,
      updateFields: updateUserFields,
      createRegistered: createRegisteredUser,
      createExternal: (ex, account) => createExternalUser(ex, account),
    },
    roles: { ...roles, superRoleCode: SUPER_ROLE_CODE },
    funcs: { ...funcs, menuTree: buildMenuTree },
    dataRuleScopes: (holder) => ruleScopesOfHolder(db, holder),
    twoFactor: {
      requiredForAdmins: config.TWO_FACTOR_REQUIRED_FOR_ADMINS ?? false,
      trustedDeviceDays: config.TWO_FACTOR_TRUSTED_DEVICE_DAYS ?? 30,
      masterKey: deps.auditSealKey ?? DEVELOPMENT_SEAL_KEY,
    },
  });
  const { sessions, login, captchas } = auth;
  const authenticator: Authenticator = deps.authenticator ?? {
    authenticate: async (request) => {
      const token = tokenFromHeader(request.headers.authorization);
      return token ? sessions.resolve(token) : null;
    },
  };
  const guard = registerPermissionGuard(app, authenticator);

  await registerSecurityPlugins(app, { db, redisUrl: config.REDIS_URL, redisKeyPrefix: config.REDIS_KEY_PREFIX });
  await registerOpenApi(app);

  // Dictionaries are cached per instance and invalidated on every instance through the bus; a category may belong to an app.
  const dicts = registerDictModule(app, { db, bus, apps: system.apps.list });

  registerHealthRoutes(app, { database });
  if (deps.backupToken) registerBackupRoute(app, { database, token: deps.backupToken });
  // Files: uploads checked by extension and bytes, kept once per content, read back by those allowed.
  const filesDir = deps.filesDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'dandelion-files-'));
  // A directory of our own making (tests) goes when the app does; FILES_DIR is never touched.
  if (!deps.filesDir) app.addHook('onClose', async () => fs.rmSync(filesDir, { recursive: true, force: true }));
  const files = await registerFileModule(app, { db, filesDir, authenticateToken: (token) => sessions.resolve(token) });
  // ── messaging: SMS codes and log, notices, in-site messages (other modules send through `messages`), templates ──
  const { messages, codes, templates } = registerMessageModule(app, { db, files, config, findUserByPhone });
  // ── CMS: sites, catalogues, banners, templates, articles, the resource library, complaints and the anonymous portal ──
  const cms = registerCmsModule(app, {
    db,
    bus,
    files,
    fileUrls: async (ids) => new Map([...(await files.downloadUrls(db, ids))].map(([id, url]) => [Number(id), url])),
    consumeCaptcha: (key, code) => captchas.consume(key, code),
    sendMessage: (ex, message) => messages.send(ex, message),
    identify: (request) => authenticator.authenticate(request),
  });
  // In the background: a database upgraded with many articles must not hold the start past its
  // timeout; closing stops it between batches and waits for the batch in flight.
  const backfill = new AbortController();
  let backfilling: Promise<unknown> = Promise.resolve();
  app.addHook('onReady', async () => {
    backfilling = cms.backfillSearchText(backfill.signal).catch((err: unknown) => app.log.error({ err }, '文章检索文本补齐失败'));
  });
  app.addHook('onClose', async () => {
    backfill.abort();
    await backfilling;
  });
  // The owner of an account whose password keeps failing hears of it (in-site; SMS by the template
  // LOGIN_FAILURE_ALERT when the office has configured one).
  login.setOwnerWarning(async (userId, { ip, failures }) => {
    const body = `您的账号在 15 分钟内有 ${failures} 次密码错误的登录尝试（来源 IP：${ip}），登录需要图形验证码。如非本人操作，请尽快修改密码；本人可使用手机验证码登录。`;
    await messages.send(db, { userIds: [userId], title: '账号安全提醒：多次密码错误', body, category: 'SYSTEM', link: null, sender: null });
    await templates.sendIfConfigured('LOGIN_FAILURE_ALERT', [userId], { ip, failures });
  });
  // ── identity: sign-in and out, SSO, captchas, the current user, registration, passwords, the account centre ──
  auth.registerRoutes(app, {
    config,
    codes,
    orgName: (orgId) => orgNameById(db, orgId),
    siteDisplayName: async () => (await sites.findOnlineSite())?.displayName ?? null,
    effectiveTheme: themes.effective,
    inForceApps: system.apps.inForce,
    customIcons: system.icons.forInit,
    appDicts: dicts.appDicts,
  });
  // ── system administration: organisations, users, roles, posts, functions, applications, data rules, themes, layouts, icons ──
  // Freezing, deleting and role or menu changes end or refresh users' sessions on every instance.
  registerSystemModule(app, { db, dicts, sessions });
  // ── base modules: regions, calendar and processes, serial numbers, logs, monitor, scheduler ──
  registerRegionModule(app, { db, bus });
  // Process deadlines are counted in working days of the holiday calendar.
  const workingDays = registerCalendarModule(app, { db });
  const processEngine = registerProgressModule(app, {
    db,
    // Read through the engine's executor: inside a transaction PGlite's one connection is the transaction's.
    workingDays: { dueAfter: (ex, from, days) => workingDays.within(ex).addWorkingDays(beijingDate(from), days).then(endOfBeijingDay) },
  });
  const serials = registerSerialModule(app, { db });
  // The page-view beacon is public; it still records who is signed in when a session comes with it.
  const loginLogs = auth.loginLogs;
  const logs = registerLogModule(app, { db, logins: loginLogs, identify: (request) => authenticator.authenticate(request), sealKey: deps.auditSealKey ?? DEVELOPMENT_SEAL_KEY });
  registerMonitorModule(app, { database, caches: cacheStats });
  const scheduler = registerSchedulerModule(app, {
    db,
    bus,
    run: deps.runScheduler ?? true,
    jobs: { purgeLogs: (days) => logs.purgeLogs(days), purgeEndedSessions: (days) => sessions.purgeEnded(days), maintainDatabase: () => database.maintain() },
  });

  scheduler.registerJob(cms.publishDueJob);

  // ── the prize business: prizes and editions; an edition's phase follows its dates in Beijing days ──
  const award = registerAwardModule(app, {
    db,
    bus,
    today: () => beijingDate(new Date()),
    serials,
    files,
    workingDays,
    processEngine,
    messages,
    templates,
    findUserByPhone,
    expertRoles: {
      grantExpert: async (ex, userId) => {
        await userDirectory.grantRole(ex, userId, 'EXPERT');
      },
      refreshSessions: (userId) => sessions.refreshUser(userId),
    },
    warn: (message, detail) => app.log.warn(detail, message),
    // Certificates: CERTIFICATE_FONT (a Chinese font file) and, for a collection (.ttc), CERTIFICATE_FONT_FAMILY.
    ...(config.CERTIFICATE_FONT ? { certificateFont: { path: config.CERTIFICATE_FONT, family: config.CERTIFICATE_FONT_FAMILY } } : {}),
    // Read through the executor: the reasons are checked inside the review's transaction.
    rejectReasons: async (ex) => (await dicts.itemsWithin(ex, REJECT_REASON_DICT)).map((item) => ({ code: item.dictCode, name: item.dictName })),
    objections: {
      identityOf: async (ex, userId) => {
        const user = await findUserById(ex, userId);
        return { verified: !!user?.identityVerified, realName: user?.realname || null };
      },
      // The holders of a role granting 受理, 调查 or 处理结论 of objections.
      handlerIds: async (ex) => {
        const funcIds = (await funcDirectory.listAll(ex)).filter((f) => (OBJECTION_HANDLER_PERMISSIONS as readonly string[]).includes(f.funcCode)).map((f) => f.id);
        return funcIds.length ? userDirectory.holdersOfRoles(ex, roleDirectory.grantingFuncs(funcIds)) : [];
      },
    },
    bank: {
      key: { key: config.BANK_ACCOUNT_KEY, production: config.NODE_ENV === 'production' },
      ownerNames: async (ex, ids) => new Map((await userDirectory.cards(ex, ids)).map((u) => [u.id, u.realname || u.username])),
    },
    consumeCaptcha: (key, code) => captchas.consume(key, code),
    // A completing unit hears of a purchase intention through its users who may run the unit review.
    unitContacts: async (ex, orgId) => {
      const funcIds = (await funcDirectory.liveOutline(ex)).filter((f) => f.funcCode === UNIT_REVIEW_PERMISSIONS.approve).map((f) => f.funcId);
      if (!funcIds.length) return [];
      const holders = new Set(await userDirectory.holdersOfRoles(ex, roleDirectory.grantingFuncs(funcIds)));
      const members = await userDirectory.members(ex, orgId, null, { pageNum: 1, pageSize: 500 });
      return members.list.map((u) => u.id).filter((id) => holders.has(id));
    },
    committeeMembers: {
      candidates: async (ex, keyword) => {
        const ids = await committeeHolderIds(ex);
        const cards = await userDirectory.cards(ex, ids);
        const wanted = keyword?.trim();
        return cards
          .filter((u) => !wanted || u.username.includes(wanted) || (u.realname ?? '').includes(wanted))
          .slice(0, 50)
          .map((u) => ({ userId: u.id, name: u.realname || u.username }));
      },
      holders: async (ex, ids) => {
        const held = new Set(await committeeHolderIds(ex));
        return ids.filter((id) => held.has(id));
      },
      names: async (ex, ids) => new Map((await userDirectory.cards(ex, [...ids])).map((u) => [u.id, u.realname || u.username])),
    },
  });
  scheduler.registerJob(award.editionPhaseJob);
  scheduler.registerJob(award.fixDeadlineJob);
  scheduler.registerJob(award.reminderJob);
  scheduler.registerJob(award.expertStandingExpiryJob);
  scheduler.registerJob(award.assignmentReminderJob);
  scheduler.registerJob(award.assignmentOverdueJob);
  scheduler.registerJob(award.publicityWindowJob);
  scheduler.registerJob(award.objectionReminderJob);

  await registerSpa(app, deps.serveWeb ? (config.WEB_DIST_DIR ?? defaultWebDistDir) : null);

  const dandelion = app as unknown as DandelionApp;
  dandelion.declaredRoutes = () => guard.routes();
  dandelion.drain = drain;
  dandelion.services = { sessions, login, files, messages };
  return dandelion;
}
