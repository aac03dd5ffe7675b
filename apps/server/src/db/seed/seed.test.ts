import { PUBLIC, SIGNED_IN } from '../../core/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { createTestApp, type TestContext } from '../../../test/helpers/testApp';
import { TEST_ADMIN_PASSWORD } from '../../../test/helpers/testDatabase';
import { verifyPassword } from '../../core/password';
import { validateDefinition, type ProcessDefinition } from '@dandelion/shared/base/progress';
import { baseDict, baseProcessDef, cmsContent, sysFunc, sysRole, sysRoleFunc, sysUser, sysUserRole } from '../schema';
import { baseTask } from '../../modules/base/scheduler/tables';
import { flattenFunctions, FUNCTION_TREE } from './functions';
import { seedDatabase } from './index';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.app.close();
});

const tableCounts = async () => {
  const db = ctx.database.db;
  const n = async (table: PgTable) => (await db.select({ n: count() }).from(table))[0]!.n;
  return {
    users: await n(sysUser), roles: await n(sysRole), funcs: await n(sysFunc), grants: await n(sysRoleFunc),
    userRoles: await n(sysUserRole), dicts: await n(baseDict), contents: await n(cmsContent),
  };
};

describe('first-start seed', () => {
  it('creates the admin account with the configured password and the ADMIN role', async () => {
    const [admin] = await ctx.database.db.select().from(sysUser).where(eq(sysUser.username, 'admin'));
    expect(admin).toBeDefined();
    expect(admin!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(admin!.passwordHash!, TEST_ADMIN_PASSWORD)).toBe(true);
    const roles = await ctx.database.db
      .select({ code: sysRole.roleCode })
      .from(sysUserRole)
      .innerJoin(sysRole, eq(sysRole.id, sysUserRole.roleId))
      .where(eq(sysUserRole.userId, admin!.id));
    expect(roles.map((r) => r.code)).toEqual(['ADMIN']);
  });

  it('seeds the declaration process as the active version of AWARD_DECLARATION', async () => {
    const defs = await ctx.database.db.select().from(baseProcessDef).where(eq(baseProcessDef.processCode, 'AWARD_DECLARATION'));
    expect(defs.map((d) => [d.version, d.status])).toEqual([[1, 'ACTIVE']]);
    expect(validateDefinition(defs[0]!.definition as ProcessDefinition)).toEqual([]);
  });

  it('creates the base roles and the prize business roles of DOMAIN.md', async () => {
    const roles = await ctx.database.db.select({ code: sysRole.roleCode, type: sysRole.roleType }).from(sysRole);
    expect(roles).toEqual(
      expect.arrayContaining([
        { code: 'ADMIN', type: 'SYS' }, { code: 'APPLICANT', type: 'CLIENT' }, { code: 'REVIEWER', type: 'CENTER' }, { code: 'EXPERT', type: 'CLIENT' },
        { code: 'UNIT_ADMIN', type: 'CENTER' }, { code: 'NOMINATOR', type: 'CENTER' }, { code: 'PRIZE_OFFICE', type: 'CENTER' }, { code: 'COMMITTEE', type: 'CENTER' },
      ]),
    );
  });

  it('creates the base dictionaries the spec names, ROLE_TYPE with SYS, CENTER and CLIENT', async () => {
    const items = await ctx.database.db.select({ full: baseDict.dictFullCode, name: baseDict.dictName }).from(baseDict).where(eq(baseDict.dictType, 'ITEM'));
    const codes = items.map((i) => i.full);
    expect(codes).toEqual(expect.arrayContaining(['ROLE_TYPE|SYS', 'ROLE_TYPE|CENTER', 'ROLE_TYPE|CLIENT', 'USER_STATUS|NORMAL', 'ENABLE_FLAG|1', 'ENABLE_FLAG|0']));
    const categories = await ctx.database.db.select({ code: baseDict.dictCode }).from(baseDict).where(eq(baseDict.dictType, 'DICT'));
    expect(categories.map((c) => c.code)).toEqual(expect.arrayContaining(['ORG_TYPE', 'ORG_LEVEL', 'ROLE_TYPE']));
  });

  it('creates a function for every console page of spec §2, sub-pages hidden and highlighting their parent', async () => {
    const funcs = await ctx.database.db.select().from(sysFunc);
    const byPath = new Map(funcs.filter((f) => f.path).map((f) => [f.path!, f]));
    const pages = [
      '/base/dict/dictList', '/base/scheduler/schedulerMain', '/base/scheduler/schedulerAdd', '/base/scheduler/schedulerUpd',
      '/base/scheduler/schedulerDetail', '/base/scheduler/schedulerLogDetail', '/base/progress/progressMain', '/base/calendar/calendarList',
      '/base/serial/serialList', '/base/rest/restList', '/base/rest/restDetail', '/base/log/logList', '/base/log/logDetail',
      '/cms/setting/settingMain', '/cms/resource/resourceList', '/cms/resource/resourceAdd', '/cms/resource/resourceUpd', '/cms/resource/resourceDetail',
      '/system/org/orgList', '/system/org/orgAdd', '/system/org/orgUpd', '/system/org/orgDetail',
      '/system/user/userList', '/system/user/userAdd', '/system/user/userUpd', '/system/user/userDetail', '/system/user/userPerm',
      '/system/role/roleList', '/system/role/roleAdd', '/system/role/roleUpd', '/system/role/roleDetail',
      '/system/func/funcList', '/system/func/funcAdd', '/system/func/funcUpd', '/system/func/funcDetail', '/center',
    ];
    for (const path of pages) expect(byPath.has(path), path).toBe(true);
    expect(byPath.get('/base/dict')!.redirect).toBe('/base/dict/dictList');
    expect(byPath.get('/base/scheduler')!.redirect).toBe('/base/scheduler/schedulerMain');
    expect(byPath.get('/system/user/userPerm')).toMatchObject({ hidden: true, activeMenu: '/system/user', funcCode: 'system:user:perm' });
    for (const f of funcs) expect(f.funcCode).toMatch(/^[a-z]+(:[a-zA-Z]+){0,2}$/);
  });

  it('seeds every permission a route asks for, so an administrator can grant each one', async () => {
    const seeded = new Set(flattenFunctions(FUNCTION_TREE).map((f) => f.code));
    const asked = ctx.app.declaredRoutes().map((r) => r.permission!).filter((p) => p !== PUBLIC && p !== SIGNED_IN);
    expect(asked.length).toBeGreaterThan(200);
    expect([...new Set(asked.filter((code) => !seeded.has(code)))]).toEqual([]);
  });

  it('grants every function to the administrator role', async () => {
    const [admin] = await ctx.database.db.select({ id: sysRole.id }).from(sysRole).where(eq(sysRole.roleCode, 'ADMIN'));
    const granted = (await ctx.database.db.select({ n: count() }).from(sysRoleFunc).where(eq(sysRoleFunc.roleId, admin!.id)))[0]!.n;
    expect(granted).toBe(flattenFunctions(FUNCTION_TREE).length);
  });

  it('publishes demo portal content', async () => {
    const published = await ctx.database.db.select({ n: count() }).from(cmsContent).where(and(eq(cmsContent.status, 'PUBLISHED'), eq(cmsContent.delFlag, 0)));
    expect(published[0]!.n).toBeGreaterThanOrEqual(8);
  });

  it('schedules the housekeeping (log retention 180 days, ended-session cleanup), scheduled publishing, edition phases and missed fix deadlines, armed at once', async () => {
    const tasks = await ctx.database.db.select().from(baseTask).orderBy(baseTask.taskCode);
    expect(tasks.map((t) => [t.taskCode, t.handler, t.cron, t.status, t.params])).toEqual([
      ['AWARD_ASSIGNMENT_OVERDUE', 'award.assignmentOverdue', '0 10 0 * * *', 'ENABLE', {}],
      ['AWARD_ASSIGNMENT_REMINDERS', 'award.assignmentReminders', '0 30 9 * * *', 'ENABLE', {}],
      ['AWARD_DECLARATION_REMINDERS', 'award.declarationReminders', '0 0 9 * * *', 'ENABLE', {}],
      ['AWARD_EDITION_PHASES', 'award.editionPhases', '0 * * * * *', 'ENABLE', {}],
      ['AWARD_EXPERT_STANDING_EXPIRY', 'award.expertStandingExpiry', '0 15 0 * * *', 'ENABLE', {}],
      ['AWARD_FIX_DEADLINES', 'award.fixDeadlines', '0 5 0 * * *', 'ENABLE', {}],
      ['AWARD_OBJECTION_REMINDERS', 'award.objectionReminders', '0 30 8 * * *', 'ENABLE', {}],
      ['AWARD_PUBLICITY_WINDOWS', 'award.publicityWindows', '0 */5 * * * *', 'ENABLE', {}],
      ['CMS_PUBLISH_DUE', 'cms.publishDue', '0 * * * * *', 'ENABLE', {}],
      ['SYS_DB_MAINTENANCE', 'base.maintainDatabase', '0 30 4 * * *', 'ENABLE', {}],
      ['SYS_LOG_RETENTION', 'base.purgeLogs', '0 30 3 * * *', 'ENABLE', { retentionDays: 180 }],
      ['SYS_SESSION_CLEANUP', 'auth.purgeEndedSessions', '0 0 4 * * *', 'ENABLE', { keepDays: 30 }],
    ]);
    expect(ctx.app.taskScheduler.armedTasks().map((a) => a.taskId).sort()).toEqual(tasks.map((t) => t.id).sort());
  });
});

describe('seeding again', () => {
  it('changes nothing and never overwrites what an administrator changed', async () => {
    await ctx.database.db.update(sysRole).set({ roleName: '超级管理员' }).where(eq(sysRole.roleCode, 'ADMIN'));
    const before = await tableCounts();
    const again = await seedDatabase(ctx.database.db, { adminPassword: 'Another@Pass1' });
    expect(again).toEqual({ adminCreated: false, generatedAdminPassword: null });
    expect(await tableCounts()).toEqual(before);
    const [role] = await ctx.database.db.select({ name: sysRole.roleName }).from(sysRole).where(eq(sysRole.roleCode, 'ADMIN'));
    expect(role!.name).toBe('超级管理员');
    const [admin] = await ctx.database.db.select().from(sysUser).where(sql`lower(${sysUser.username}) = 'admin'`);
    expect(await verifyPassword(admin!.passwordHash!, TEST_ADMIN_PASSWORD)).toBe(true);
  });

  it('generates a strong password, shown once, when none is configured', async () => {
    await ctx.database.db.update(sysUser).set({ delFlag: 1 }).where(eq(sysUser.username, 'admin'));
    const result = await seedDatabase(ctx.database.db, {});
    expect(result.adminCreated).toBe(true);
    const password = result.generatedAdminPassword!;
    expect(password).toHaveLength(16);
    expect(password).toMatch(/[A-Z]/);
    expect(password).toMatch(/[a-z]/);
    expect(password).toMatch(/\d/);
    expect(password).toMatch(/[^A-Za-z0-9]/);
    const [admin] = await ctx.database.db.select().from(sysUser).where(and(eq(sysUser.username, 'admin'), eq(sysUser.delFlag, 0)));
    expect(await verifyPassword(admin!.passwordHash!, password)).toBe(true);
  });
});
