import { RECORD_STATUSES } from '@dandelion/shared';
import { and, asc, count, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { PageParameter } from '@dandelion/shared';
import { DATA_SCOPE_NAMES } from '../../../core/dataScope';
import type { Db, Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { beijingTime, MAX_EXPORT_ROWS, workbookOf } from '../../../core/excel';
import { paginate } from '../../../core/pagination';
import { createdBy, notDeleted, softDelete, updateVersioned, type Actor } from '../../../core/records';
import { withTransaction } from '../../../core/transaction';
import type { DictService } from '../../base/dict/service';
import { recordOperation } from '../../../core/audit';
import { sysRoleDataPermission } from '../datapermission/schema';
import { sysOrg } from '../org/schema';
import { sysUser, sysUserRole } from '../user/schema';
import { sysRole, sysRoleDataOrg, sysRoleFunc } from './schema';

export type RoleRow = typeof sysRole.$inferSelect;
export const SUPER_ROLE_CODE = 'ADMIN';
export const ROLE_MODULE = 'system:role';
export const DATA_SCOPES = ['ALL', 'ORG_AND_CHILDREN', 'ORG', 'SELF', 'CUSTOM'] as const;
export const ROLE_STATUSES = RECORD_STATUSES;

import type { ChangeContext } from '../../../core/audit';
import { likePattern } from '../../../core/sql';
import { maskPhone } from '@dandelion/shared';
export type { ChangeContext };

/** What sessions need from roles (kept small: the session service is built before everything else). */
export function createRoleService({ db }: { db: Executor }) {
  return {
    /** The user's roles that are in force (not deleted, status NORMAL). */
    async rolesOfUser(userId: number): Promise<RoleRow[]> {
      const rows = await db
        .select({ role: sysRole })
        .from(sysUserRole)
        .innerJoin(sysRole, eq(sysRole.id, sysUserRole.roleId))
        .where(and(eq(sysUserRole.userId, userId), eq(sysRole.status, 'NORMAL'), notDeleted(sysRole)))
        .orderBy(sysRole.sort, sysRole.id);
      return rows.map((r) => r.role);
    },
    /** Organisations granted to CUSTOM data-scope roles, by role. */
    async customOrgIdsOfRoles(roleIds: number[]): Promise<Map<number, number[]>> {
      const byRole = new Map<number, number[]>();
      if (!roleIds.length) return byRole;
      const rows = await db.select().from(sysRoleDataOrg).where(inArray(sysRoleDataOrg.roleId, roleIds));
      for (const r of rows) byRole.set(r.roleId, [...(byRole.get(r.roleId) ?? []), r.orgId]);
      return byRole;
    },
    async funcIdsOfRoles(roleIds: number[]): Promise<number[]> {
      if (!roleIds.length) return [];
      const rows = await db.selectDistinct({ funcId: sysRoleFunc.funcId }).from(sysRoleFunc).where(inArray(sysRoleFunc.roleId, roleIds));
      return rows.map((r) => r.funcId);
    },
  };
}
export type RoleService = ReturnType<typeof createRoleService>;

export interface RoleInput {
  roleCode: string;
  roleName: string;
  roleType: string;
  dataScope: (typeof DATA_SCOPES)[number];
  status: (typeof ROLE_STATUSES)[number];
  sort: number;
  remark: string | null;
  /** Organisations a CUSTOM role sees; ignored (and cleared) for every other scope. */
  dataOrgIds?: number[];
}

export interface RoleFilter {
  roleName?: string;
  roleCode?: string;
  roleType?: string;
  status?: string;
}

const present = (row: RoleRow) => {
  const { id, delFlag: _d, ...rest } = row;
  return { roleId: id, ...rest };
};
export type RoleView = ReturnType<typeof present>;

/** Ids of the (live) users holding a role: whose sessions must be refreshed after a change. */
export async function holdersOfRole(ex: Executor, roleId: number): Promise<number[]> {
  const rows = await ex
    .select({ id: sysUser.id })
    .from(sysUserRole)
    .innerJoin(sysUser, eq(sysUser.id, sysUserRole.userId))
    .where(and(eq(sysUserRole.roleId, roleId), notDeleted(sysUser)));
  return rows.map((r) => r.id);
}

/** Role administration (spec §7 /rest/role/*). Permission bindings live in bindings.ts. */
export function createRoleAdminService(deps: { db: Db; dicts: DictService; refreshUser: (userId: number) => Promise<void> }) {
  const { db, dicts, refreshUser } = deps;

  async function findLive(ex: Executor, id: number): Promise<RoleRow> {
    const [row] = await ex.select().from(sysRole).where(and(eq(sysRole.id, id), notDeleted(sysRole))).limit(1);
    if (!row) throw errors.notFound('角色');
    return row;
  }

  async function dataOrgIds(ex: Executor, roleId: number): Promise<number[]> {
    const rows = await ex.select({ orgId: sysRoleDataOrg.orgId }).from(sysRoleDataOrg).where(eq(sysRoleDataOrg.roleId, roleId)).orderBy(asc(sysRoleDataOrg.orgId));
    return rows.map((r) => r.orgId);
  }

  async function checkInput(input: RoleInput) {
    const { ROLE_TYPE } = await dicts.itemsByCategory(['ROLE_TYPE']);
    if (!ROLE_TYPE!.some((i) => i.dictCode === input.roleType)) throw errors.badRequest(`角色类型不正确：${input.roleType}`);
  }

  /** Replaces a role's custom organisations; unknown organisations are refused before anything changes. */
  async function replaceDataOrgs(tx: Executor, roleId: number, input: RoleInput): Promise<number[]> {
    const ids = input.dataScope === 'CUSTOM' ? [...new Set(input.dataOrgIds ?? [])].sort((a, b) => a - b) : [];
    if (ids.length) {
      const found = await tx.select({ id: sysOrg.id }).from(sysOrg).where(and(inArray(sysOrg.id, ids), notDeleted(sysOrg)));
      const known = new Set(found.map((o) => o.id));
      const unknown = ids.filter((id) => !known.has(id));
      if (unknown.length) throw errors.badRequest(`机构不存在：${unknown.join(',')}`);
    }
    await tx.delete(sysRoleDataOrg).where(eq(sysRoleDataOrg.roleId, roleId));
    if (ids.length) await tx.insert(sysRoleDataOrg).values(ids.map((orgId) => ({ roleId, orgId })));
    return ids;
  }

  function filterOf(filter: RoleFilter): SQL | undefined {
    return and(
      notDeleted(sysRole),
      filter.roleName ? ilike(sysRole.roleName, likePattern(filter.roleName)) : undefined,
      filter.roleCode ? ilike(sysRole.roleCode, likePattern(filter.roleCode)) : undefined,
      filter.roleType ? eq(sysRole.roleType, filter.roleType) : undefined,
      filter.status ? eq(sysRole.status, filter.status) : undefined,
    );
  }

  /** Sessions cache principals: holders must see a changed role on their very next request. */
  async function refreshHolders(roleId: number) {
    for (const userId of await holdersOfRole(db, roleId)) await refreshUser(userId);
  }

  return {
    refreshHolders,

    async page(filter: RoleFilter, page: PageParameter) {
      const where = filterOf(filter);
      const result = await paginate(
        page,
        (limit, offset) => db.select().from(sysRole).where(where).orderBy(asc(sysRole.sort), asc(sysRole.id)).limit(limit).offset(offset),
        async () => (await db.select({ n: count() }).from(sysRole).where(where))[0]!.n,
      );
      return { ...result, list: result.list.map(present) };
    },

    /** The filtered list (disabled roles included) as a workbook; the role type by its dictionary name. */
    async exportWorkbook(filter: RoleFilter): Promise<Buffer> {
      const rows = await db.select().from(sysRole).where(filterOf(filter)).orderBy(asc(sysRole.sort), asc(sysRole.id)).limit(MAX_EXPORT_ROWS);
      const { ROLE_TYPE } = await dicts.itemsByCategory(['ROLE_TYPE']);
      return workbookOf('角色列表', [
        { header: '角色编码', width: 18, value: (r) => r.roleCode },
        { header: '角色名称', width: 20, value: (r) => r.roleName },
        { header: '角色类型', width: 10, value: (r) => ROLE_TYPE?.find((i) => i.dictCode === r.roleType)?.dictName ?? r.roleType },
        { header: '数据范围', width: 14, value: (r) => DATA_SCOPE_NAMES[r.dataScope] ?? r.dataScope },
        { header: '状态', width: 8, value: (r) => (r.status === 'NORMAL' ? '正常' : '停用') },
        { header: '排序', width: 8, value: (r) => r.sort },
        { header: '备注', width: 30, value: (r) => r.remark },
        { header: '创建时间', width: 20, value: (r) => beijingTime(r.createTime) },
      ], rows);
    },

    /** Every role in force (pickers): the filter applies, DISABLED roles never show. */
    async allInForce(filter: RoleFilter) {
      const rows = await db.select().from(sysRole).where(and(filterOf(filter), eq(sysRole.status, 'NORMAL'))).orderBy(asc(sysRole.sort), asc(sysRole.id));
      return rows.map(present);
    },

    async detail(id: number) {
      const row = await findLive(db, id);
      return { ...present(row), dataOrgIds: await dataOrgIds(db, id) };
    },

    async add(input: RoleInput, change: ChangeContext) {
      await checkInput(input);
      const { dataOrgIds: _o, ...values } = input;
      return withTransaction(db, async (tx) => {
        const [row] = await tx.insert(sysRole).values({ ...values, ...createdBy(change.actor) }).returning();
        const orgIds = await replaceDataOrgs(tx, row!.id, input);
        const after = { ...present(row!), dataOrgIds: orgIds };
        await recordOperation(tx, { module: ROLE_MODULE, action: 'CREATE', entityId: row!.id, summary: `新增角色「${row!.roleName}」`, after, ...change });
        return after;
      });
    },

    /** The super role keeps its code and stays in force: without it nobody could administer the system. */
    async update(id: number, lockVersion: number, input: RoleInput, change: ChangeContext) {
      await checkInput(input);
      const { dataOrgIds: _o, ...values } = input;
      const result = await withTransaction(db, async (tx) => {
        const beforeRow = await findLive(tx, id);
        if (beforeRow.roleCode === SUPER_ROLE_CODE && input.roleCode !== SUPER_ROLE_CODE) throw errors.badRequest('超级管理员角色的编码不能修改');
        if (beforeRow.roleCode === SUPER_ROLE_CODE && input.status !== 'NORMAL') throw errors.badRequest('超级管理员角色不能停用');
        const before = { ...present(beforeRow), dataOrgIds: await dataOrgIds(tx, id) };
        const row = await updateVersioned(tx, sysRole, id, lockVersion, values, change.actor, '角色');
        const after = { ...present(row), dataOrgIds: await replaceDataOrgs(tx, id, input) };
        await recordOperation(tx, { module: ROLE_MODULE, action: 'UPDATE', entityId: id, summary: `修改角色「${row.roleName}」`, before, after, ...change });
        return after;
      });
      await refreshHolders(id);
      return result;
    },

    /** Soft-deletes a role nobody holds; its menu, organisation and rule bindings go with it. */
    async remove(id: number, lockVersion: number | undefined, change: ChangeContext) {
      await withTransaction(db, async (tx) => {
        const before = await findLive(tx, id);
        if (before.roleCode === SUPER_ROLE_CODE) throw errors.badRequest('超级管理员角色不能删除');
        const holders = await holdersOfRole(tx, id);
        if (holders.length) throw errors.conflict(`该角色下还有 ${holders.length} 个用户，请先解除用户与角色的绑定再删除`);
        const after = await softDelete(tx, sysRole, id, lockVersion, change.actor, '角色');
        await tx.delete(sysRoleFunc).where(eq(sysRoleFunc.roleId, id));
        await tx.delete(sysRoleDataOrg).where(eq(sysRoleDataOrg.roleId, id));
        await tx.delete(sysRoleDataPermission).where(eq(sysRoleDataPermission.roleId, id));
        // Rows of deleted users may still point here; they hold nothing any more.
        await tx.delete(sysUserRole).where(eq(sysUserRole.roleId, id));
        await recordOperation(tx, { module: ROLE_MODULE, action: 'DELETE', entityId: id, summary: `删除角色「${before.roleName}」`, before: present(before), after: present(after), ...change });
      });
    },

    /** Users holding the role, paged, phone numbers masked. */
    async users(roleId: number, page: PageParameter) {
      await findLive(db, roleId);
      const where = and(eq(sysUserRole.roleId, roleId), notDeleted(sysUser));
      const result = await paginate(
        page,
        (limit, offset) =>
          db
            .select({ id: sysUser.id, username: sysUser.username, realname: sysUser.realname, phone: sysUser.phone, status: sysUser.status })
            .from(sysUserRole)
            .innerJoin(sysUser, eq(sysUser.id, sysUserRole.userId))
            .where(where)
            .orderBy(asc(sysUser.username), asc(sysUser.id))
            .limit(limit)
            .offset(offset),
        async () => (await db.select({ n: count() }).from(sysUserRole).innerJoin(sysUser, eq(sysUser.id, sysUserRole.userId)).where(where))[0]!.n,
      );
      return { ...result, list: result.list.map((u) => ({ ...u, phone: maskPhone(u.phone) })) };
    },

    /** Pass the transaction when inside one: PGlite has a single connection, so a query outside it would wait forever. */
    findLive: (id: number, ex: Executor = db) => findLive(ex, id),
  };
}
export type RoleAdminService = ReturnType<typeof createRoleAdminService>;
