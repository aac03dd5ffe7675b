import { OBJECTION_PERMISSIONS } from '@dandelion/shared/award/objection';
import { PUBLICITY_PERMISSIONS } from '@dandelion/shared/award/publicity';
import { REVIEW_RESULT_PERMISSIONS, SCORING_PERMISSIONS } from '@dandelion/shared/award/scoring';
import { AWARDING_PERMISSIONS } from '@dandelion/shared/award/awarding';
import { PURCHASE_PERMISSIONS } from '@dandelion/shared/award/achievement';
import { COMMITTEE_PERMISSIONS, COMMITTEE_ROLE_CODE, COMMITTEE_VOTE_PERMISSIONS } from '@dandelion/shared/award/committee';
import { BANK_PERMISSIONS, MY_BANK_PERMISSIONS } from '@dandelion/shared/award/bank';
import { DECLARATION_PERMISSIONS, DECLARE_PERMISSIONS, FORMAL_REVIEW_PERMISSIONS, NOMINATION_PERMISSIONS, UNIT_REVIEW_PERMISSIONS } from '@dandelion/shared/award/declaration';
import { EDITION_PERMISSIONS } from '@dandelion/shared/award/edition';
import { EXPERT_PERMISSIONS } from '@dandelion/shared/award/expert';
import { EXPERT_PUSH_PERMISSIONS, EXPERT_TASK_PERMISSIONS } from '@dandelion/shared/award/expertPush';
import { FUND_PERMISSIONS, ORIGIN_PERMISSIONS, PROJECT_PERMISSIONS } from '@dandelion/shared/award/lookup';
import { PRIZE_PERMISSIONS } from '@dandelion/shared/award/prize';
import { REVIEW_GROUP_PERMISSIONS } from '@dandelion/shared/award/reviewGroup';
import { MY_MESSAGE_PERMISSIONS } from '@dandelion/shared/message/msg';
import { ORG_PERMISSIONS } from '@dandelion/shared/system/org';
import { CENTER_PERMISSIONS, MENU_GROUP_CODES } from '@dandelion/shared/system/func';
import { and, eq, sql } from 'drizzle-orm';
import { ADMIN_USERNAME } from '@dandelion/shared/system/user';
import type { Db, Tx } from '../../core/db';
import { createdBy } from '../../core/records';
import { generateStrongPassword, hashPassword } from '../../core/password';
import { baseDict, cmsCatalog, cmsContent, cmsSite, sysFunc, sysOrg, sysRole, sysRoleFunc, sysTheme, sysUser, sysUserRole } from '../schema';
import { builtInTheme } from '../../modules/system/theme/service';
import { seedRegions } from '../../modules/base/region/seed';
import { seedMaintenanceTasks } from '../../modules/base/scheduler/seed';
import { seedPrizes } from '../../modules/award/prize/seed';
import { seedLookups } from '../../modules/award/lookup/module';
import { seedDeclarationNumbering } from '../../modules/award/declaration/seed';
import { seedCertificateNumbering } from '../../modules/award/awarding/seed';
import { BASE_DICTIONARIES } from './dicts';
import { FUNCTION_TREE, flattenFunctions } from './functions';
import { DEFAULT_SITE, DEMO_CATALOGS } from './portal';
import { seedProcesses } from './processes';
import { plainTextOf, searchTextOf } from '../../modules/cms/search/bigrams';

export const ROOT_ORG_CODE = 'ROOT';

const codesOf = (permissions: Readonly<Record<string, string>>) => Object.values(permissions);
const STAFF_BASICS = [CENTER_PERMISSIONS.main, MENU_GROUP_CODES.message, MY_MESSAGE_PERMISSIONS.main, MY_MESSAGE_PERMISSIONS.list];

/** The roles every installation starts with; CLIENT roles are for portal users. */
export const BASE_ROLES = [
  { roleCode: 'ADMIN', roleName: '系统管理员', roleType: 'SYS', dataScope: 'ALL', grants: 'ALL' as const },
  { roleCode: 'APPLICANT', roleName: '申报人', roleType: 'CLIENT', dataScope: 'SELF', grants: [CENTER_PERMISSIONS.main, ...codesOf(DECLARE_PERMISSIONS)] },
  // Staff read their notices and messages in the console (我的消息); the bell works for everyone signed in.
  { roleCode: 'REVIEWER', roleName: '审核员', roleType: 'CENTER', dataScope: 'ORG_AND_CHILDREN', grants: STAFF_BASICS },
  { roleCode: 'EXPERT', roleName: '评审专家', roleType: 'CLIENT', dataScope: 'SELF', grants: [CENTER_PERMISSIONS.main, MENU_GROUP_CODES.award, ...codesOf(SCORING_PERMISSIONS), ...codesOf(EXPERT_TASK_PERMISSIONS), MY_BANK_PERMISSIONS.main] },
  // The prize business's roles (DOMAIN.md "Who takes part"); review levels see their org subtree.
  { roleCode: 'UNIT_ADMIN', roleName: '完成单位管理员', roleType: 'CENTER', dataScope: 'ORG_AND_CHILDREN', grants: [...STAFF_BASICS, MENU_GROUP_CODES.award, ...codesOf(UNIT_REVIEW_PERMISSIONS), ...codesOf(PURCHASE_PERMISSIONS)] },
  { roleCode: 'NOMINATOR', roleName: '提名单位', roleType: 'CENTER', dataScope: 'ORG_AND_CHILDREN', grants: [...STAFF_BASICS, MENU_GROUP_CODES.award, ...codesOf(NOMINATION_PERMISSIONS)] },
  {
    roleCode: 'PRIZE_OFFICE', roleName: '奖励办', roleType: 'CENTER', dataScope: 'ALL',
    grants: [
      // The org tree serves the list's 申报单位 / 提名单位 filters (no 机构管理 menu: only list).
      ...STAFF_BASICS, MENU_GROUP_CODES.award, ORG_PERMISSIONS.list,
      ...[PRIZE_PERMISSIONS, EDITION_PERMISSIONS, DECLARATION_PERMISSIONS, FORMAL_REVIEW_PERMISSIONS, FUND_PERMISSIONS, PROJECT_PERMISSIONS, ORIGIN_PERMISSIONS, EXPERT_PERMISSIONS, REVIEW_RESULT_PERMISSIONS, REVIEW_GROUP_PERMISSIONS, EXPERT_PUSH_PERMISSIONS, AWARDING_PERMISSIONS, PURCHASE_PERMISSIONS, PUBLICITY_PERMISSIONS, COMMITTEE_PERMISSIONS, OBJECTION_PERMISSIONS].flatMap(codesOf),
      // The office sees who has an account, masked; reading a whole number is finance's.
      BANK_PERMISSIONS.main, BANK_PERMISSIONS.list, BANK_PERMISSIONS.detail,
    ],
  },
  // Committee members vote in the console on the sittings they sit on (评审委员会委员).
  { roleCode: COMMITTEE_ROLE_CODE, roleName: '评审委员会委员', roleType: 'CENTER', dataScope: 'SELF', grants: [...STAFF_BASICS, MENU_GROUP_CODES.award, ...codesOf(COMMITTEE_VOTE_PERMISSIONS)] },
  // Finance pays review fees: the accounts with their whole numbers (each read is logged).
  { roleCode: 'FINANCE', roleName: '财务人员', roleType: 'CENTER', dataScope: 'ALL', grants: [...STAFF_BASICS, MENU_GROUP_CODES.award, ...codesOf(BANK_PERMISSIONS)] },
];

export interface SeedResult {
  /** Set only when the admin account was created just now with a generated password. */
  generatedAdminPassword: string | null;
  adminCreated: boolean;
}

/**
 * Seeds what a new installation needs. Idempotent: each piece is looked up by
 * its natural key and inserted only when missing, so a restart (or a second
 * instance) changes nothing, and what an administrator edited stays edited.
 * One transaction: a failure leaves nothing half-seeded.
 */
export async function seedDatabase(db: Db, options: { adminPassword?: string }): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    const rootOrgId = await seedRootOrg(tx);
    await seedDictionaries(tx);
    const { idByCode: funcIdByCode, inserted: newFuncIds } = await seedFunctions(tx);
    const roleIds = await seedRoles(tx, funcIdByCode, newFuncIds);
    const admin = await seedAdmin(tx, rootOrgId, roleIds.get('ADMIN')!, options.adminPassword);
    await seedPortal(tx);
    await seedDefaultTheme(tx);
    await seedRegions(tx);
    await seedMaintenanceTasks(tx);
    await seedPrizes(tx);
    await seedLookups(tx);
    await seedProcesses(tx);
    await seedDeclarationNumbering(tx);
    await seedCertificateNumbering(tx);
    return admin;
  });
}

async function seedRootOrg(tx: Tx): Promise<number> {
  const found = await tx.select({ id: sysOrg.id }).from(sysOrg).where(and(eq(sysOrg.orgCode, ROOT_ORG_CODE), eq(sysOrg.delFlag, 0)));
  if (found[0]) return found[0].id;
  const [row] = await tx
    .insert(sysOrg)
    .values({ orgCode: ROOT_ORG_CODE, orgName: '蒲公英科技奖励中心', orgType: 'UNIT', orgLevel: 'NATIONAL', parentOrgIds: '', ...createdBy(null) })
    .returning({ id: sysOrg.id });
  return row!.id;
}

async function seedDictionaries(tx: Tx) {
  for (const [dictIndex, dict] of BASE_DICTIONARIES.entries()) {
    let parent = (await tx.select({ id: baseDict.id }).from(baseDict).where(and(eq(baseDict.dictFullCode, dict.code), eq(baseDict.delFlag, 0))))[0];
    if (!parent) {
      [parent] = await tx
        .insert(baseDict)
        .values({ dictCode: dict.code, dictFullCode: dict.code, dictName: dict.name, dictType: 'DICT', dictLevel: 1, dictSort: dictIndex + 1, lockFlag: true, ...createdBy(null) })
        .returning({ id: baseDict.id });
    }
    for (const [itemIndex, [code, name]] of dict.items.entries()) {
      const fullCode = `${dict.code}|${code}`;
      const exists = await tx.select({ id: baseDict.id }).from(baseDict).where(and(eq(baseDict.dictFullCode, fullCode), eq(baseDict.delFlag, 0)));
      if (exists.length) continue;
      await tx.insert(baseDict).values({
        parentId: parent!.id, dictCode: code, dictFullCode: fullCode, dictName: name, dictType: 'ITEM', dictLevel: 2, dictSort: itemIndex + 1, lockFlag: true, ...createdBy(null),
      });
    }
  }
}

async function seedFunctions(tx: Tx) {
  const existing = await tx.select({ id: sysFunc.id, code: sysFunc.funcCode }).from(sysFunc).where(eq(sysFunc.delFlag, 0));
  const idByCode = new Map(existing.map((f) => [f.code, f.id]));
  const inserted: number[] = [];
  for (const f of flattenFunctions(FUNCTION_TREE)) {
    if (idByCode.has(f.code)) continue;
    const [row] = await tx
      .insert(sysFunc)
      .values({
        pid: f.parentCode ? idByCode.get(f.parentCode)! : null,
        funcCode: f.code, funcName: f.name, funcType: f.type, path: f.path, url: f.url, redirect: f.redirect,
        hidden: f.hidden ?? false, alwaysShow: f.alwaysShow ?? false, icon: f.icon, activeMenu: f.activeMenu, sort: f.sort,
        ...createdBy(null),
      })
      .returning({ id: sysFunc.id });
    idByCode.set(f.code, row!.id);
    inserted.push(row!.id);
  }
  return { idByCode, inserted };
}

async function seedRoles(tx: Tx, funcIdByCode: Map<string, number>, newFuncIds: number[]) {
  const roleIds = new Map<string, number>();
  for (const [index, role] of BASE_ROLES.entries()) {
    const found = (await tx.select({ id: sysRole.id }).from(sysRole).where(and(eq(sysRole.roleCode, role.roleCode), eq(sysRole.delFlag, 0))))[0];
    if (found) {
      roleIds.set(role.roleCode, found.id);
      // Functions added by a newer release reach the administrator role, and the seeded roles they are listed for.
      const newlyGranted = role.grants === 'ALL' ? newFuncIds : role.grants.map((c) => funcIdByCode.get(c)!).filter((id) => newFuncIds.includes(id));
      if (newlyGranted.length) {
        await tx.insert(sysRoleFunc).values(newlyGranted.map((funcId) => ({ roleId: found.id, funcId }))).onConflictDoNothing();
      }
      continue;
    }
    const [row] = await tx
      .insert(sysRole)
      .values({ roleCode: role.roleCode, roleName: role.roleName, roleType: role.roleType, dataScope: role.dataScope, sort: index + 1, ...createdBy(null) })
      .returning({ id: sysRole.id });
    roleIds.set(role.roleCode, row!.id);
    const funcIds = role.grants === 'ALL' ? [...funcIdByCode.values()] : role.grants.map((c) => funcIdByCode.get(c)!).filter(Boolean);
    if (funcIds.length) await tx.insert(sysRoleFunc).values(funcIds.map((funcId) => ({ roleId: row!.id, funcId }))).onConflictDoNothing();
  }
  return roleIds;
}

async function seedAdmin(tx: Tx, orgId: number, adminRoleId: number, configured?: string): Promise<SeedResult> {
  const found = await tx.select({ id: sysUser.id }).from(sysUser).where(and(sql`lower(${sysUser.username}) = ${ADMIN_USERNAME}`, eq(sysUser.delFlag, 0)));
  if (found.length) return { adminCreated: false, generatedAdminPassword: null };
  const password = configured ?? generateStrongPassword();
  const [row] = await tx
    .insert(sysUser)
    .values({ username: ADMIN_USERNAME, passwordHash: await hashPassword(password), realname: '系统管理员', nickName: '管理员', orgId, userType: 'STAFF', ...createdBy(null) })
    .returning({ id: sysUser.id });
  await tx.insert(sysUserRole).values({ userId: row!.id, roleId: adminRoleId }).onConflictDoNothing();
  return { adminCreated: true, generatedAdminPassword: configured ? null : password };
}

async function seedPortal(tx: Tx) {
  let site = (await tx.select({ id: cmsSite.id }).from(cmsSite).where(and(eq(cmsSite.siteCode, DEFAULT_SITE.siteCode), eq(cmsSite.delFlag, 0))))[0];
  if (!site) {
    [site] = await tx.insert(cmsSite).values({ ...DEFAULT_SITE, siteStatus: '2', isDefault: true, ...createdBy(null) }).returning({ id: cmsSite.id });
  }
  const siteId = site!.id;
  const now = Date.now();
  for (const [index, catalog] of DEMO_CATALOGS.entries()) {
    const exists = await tx.select({ id: cmsCatalog.id }).from(cmsCatalog).where(and(eq(cmsCatalog.siteId, siteId), eq(cmsCatalog.code, catalog.code), eq(cmsCatalog.delFlag, 0)));
    if (exists.length) continue; // an administrator owns it now; never re-add deleted demo articles
    const [row] = await tx
      .insert(cmsCatalog)
      .values({ siteId, catalogName: catalog.name, code: catalog.code, catalogPath: `/${catalog.code}`, level: 1, sort: (index + 1) * 10, ...createdBy(null) })
      .returning({ id: cmsCatalog.id });
    await tx.insert(cmsContent).values(
      catalog.articles.map((a) => ({
        siteId, catalogId: row!.id, title: a.title, summary: a.summary, body: a.body, author: '平台管理员', source: '蒲公英',
        searchText: searchTextOf([a.title, a.summary, plainTextOf(a.body)]),
        status: 'PUBLISHED', isTop: a.isTop ?? false, publishTime: new Date(now - a.daysAgo * 86_400_000), ...createdBy(null),
      })),
    );
  }
}

/** The global default console theme (spec §3 Theme); kept as edited once it exists. */
async function seedDefaultTheme(tx: Tx) {
  const found = await tx.select({ id: sysTheme.id }).from(sysTheme).where(and(eq(sysTheme.isDefault, true), eq(sysTheme.delFlag, 0)));
  if (found.length) return;
  await tx.insert(sysTheme).values({ ...builtInTheme(), isDefault: true, ...createdBy(null) });
}
