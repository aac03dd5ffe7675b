import { maskPhone, type Page, type PageParameter } from '@dandelion/shared';
import { SUPER_ROLE_CODE, type DataScope } from '@dandelion/shared/system/role';
import { recordOperation, type ChangeContext } from '../../../core/audit';
import { DATA_SCOPE_NAMES } from '../../../core/dataScope';
import type { Db, Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { beijingTime, workbookOf } from '../../../core/excel';
import { withTransaction } from '../../../core/transaction';
import { roleRules } from '../datapermission/module';
import { orgDirectory } from '../org/module';
import { roleRepo, type RoleFilter, type RoleRow } from './repo';

export const ROLE_MODULE = 'system:role';

/** Dictionary items by category; the dictionary module answers (ROLE_TYPE). */
export interface RoleDictionaries {
  itemsByCategory(categories: readonly string[]): Promise<Record<string, Array<{ dictCode: string; dictName: string }>>>;
}

/** A holder of a role as the role's user list shows one. */
export interface RoleHolder {
  id: number;
  username: string;
  realname: string | null;
  phone: string | null;
  status: string;
}

/** Who holds a role; the user module owns the link and answers, in the caller's transaction. */
export interface RoleHolders {
  /** Ids of the live users holding the role. */
  liveIds(ex: Executor, roleId: number): Promise<number[]>;
  /** Live holders, by username then id. */
  page(ex: Executor, roleId: number, page: PageParameter): Promise<Page<RoleHolder>>;
  /** Nobody holds a deleted role (rows of deleted users included). */
  forget(ex: Executor, roleId: number): Promise<void>;
}

export interface RoleInput {
  roleCode: string;
  roleName: string;
  roleType: string;
  dataScope: DataScope;
  status: 'NORMAL' | 'DISABLED';
  sort: number;
  remark: string | null;
  /** Organisations a CUSTOM role sees; ignored (and cleared) for every other scope. */
  dataOrgIds?: number[];
}

export interface RoleDeps {
  db: Db;
  dicts: RoleDictionaries;
  holders: RoleHolders;
  /** Sessions cache principals: a holder must see a changed role on their very next request. */
  refreshUser: (userId: number) => Promise<void>;
}

const present = (row: RoleRow) => {
  const { id, ...rest } = row;
  return { roleId: id, ...rest };
};

/** Role administration (spec §7 /rest/role/*). What a role grants is in permissions.ts. */
export function createRoleAdminService({ db, dicts, holders, refreshUser }: RoleDeps) {
  async function findLive(ex: Executor, id: number): Promise<RoleRow> {
    const row = await roleRepo.findLive(ex, id);
    if (!row) throw errors.notFound('角色');
    return row;
  }

  async function checkInput(input: RoleInput) {
    const { ROLE_TYPE } = await dicts.itemsByCategory(['ROLE_TYPE']);
    if (!ROLE_TYPE!.some((i) => i.dictCode === input.roleType)) throw errors.badRequest(`角色类型不正确：${input.roleType}`);
  }

  /** Replaces a role's custom organisations; unknown organisations are refused before anything changes. */
  async function replaceDataOrgs(tx: Executor, roleId: number, input: RoleInput): Promise<number[]> {
    const ids = input.dataScope === 'CUSTOM' ? [...new Set(input.dataOrgIds ?? [])].sort((a, b) => a - b) : [];
    const known = await orgDirectory.liveIds(tx, ids);
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length) throw errors.badRequest(`机构不存在：${unknown.join(',')}`);
    await roleRepo.replaceDataOrgs(tx, roleId, ids);
    return ids;
  }

  async function refreshHolders(roleId: number) {
    for (const userId of await holders.liveIds(db, roleId)) await refreshUser(userId);
  }

  const fieldsOf = ({ dataOrgIds: _orgs, ...fields }: RoleInput) => fields;
  const log = (ex: Executor, change: ChangeContext, action: string, entityId: number, summary: string, before: unknown, after: unknown) =>
    recordOperation(ex, { module: ROLE_MODULE, action, entityId, summary, before, after, ...change });

  return {
    refreshHolders,

    /** With a page parameter a page (disabled roles included); without, every role in force (pickers). */
    async page(filter: RoleFilter, page?: PageParameter) {
      if (!page) return (await roleRepo.inForce(db, filter)).map(present);
      const result = await roleRepo.page(db, filter, page);
      return { ...result, list: result.list.map(present) };
    },

    /** The filtered list (disabled roles included) as a workbook; the role type by its dictionary name. */
    async exportWorkbook(filter: RoleFilter): Promise<Buffer> {
      const rows = await roleRepo.exportRows(db, filter);
      const { ROLE_TYPE } = await dicts.itemsByCategory(['ROLE_TYPE']);
      return workbookOf(
        '角色列表',
        [
          { header: '角色编码', width: 18, value: (r) => r.roleCode },
          { header: '角色名称', width: 20, value: (r) => r.roleName },
          { header: '角色类型', width: 10, value: (r) => ROLE_TYPE?.find((i) => i.dictCode === r.roleType)?.dictName ?? r.roleType },
          { header: '数据范围', width: 14, value: (r) => DATA_SCOPE_NAMES[r.dataScope] ?? r.dataScope },
          { header: '状态', width: 8, value: (r) => (r.status === 'NORMAL' ? '正常' : '停用') },
          { header: '排序', width: 8, value: (r) => r.sort },
          { header: '备注', width: 30, value: (r) => r.remark },
          { header: '创建时间', width: 20, value: (r) => beijingTime(r.createTime) },
        ],
        rows,
      );
    },

    async detail(id: number) {
      const row = await findLive(db, id);
      return { ...present(row), dataOrgIds: await roleRepo.dataOrgIds(db, id) };
    },

    async add(input: RoleInput, change: ChangeContext) {
      await checkInput(input);
      return withTransaction(db, async (tx) => {
        const row = await roleRepo.insert(tx, fieldsOf(input), change.actor);
        const after = { ...present(row), dataOrgIds: await replaceDataOrgs(tx, row.id, input) };
        await log(tx, change, 'CREATE', row.id, `新增角色「${row.roleName}」`, undefined, after);
        return after;
      });
    },

    /** The super role keeps its code and stays in force: without it nobody could administer the system. */
    async update(id: number, lockVersion: number, input: RoleInput, change: ChangeContext) {
      await checkInput(input);
      const result = await withTransaction(db, async (tx) => {
        const beforeRow = await findLive(tx, id);
        if (beforeRow.roleCode === SUPER_ROLE_CODE && input.roleCode !== SUPER_ROLE_CODE) throw errors.badRequest('超级管理员角色的编码不能修改');
        if (beforeRow.roleCode === SUPER_ROLE_CODE && input.status !== 'NORMAL') throw errors.badRequest('超级管理员角色不能停用');
        const before = { ...present(beforeRow), dataOrgIds: await roleRepo.dataOrgIds(tx, id) };
        const row = await roleRepo.update(tx, id, lockVersion, fieldsOf(input), change.actor);
        const after = { ...present(row), dataOrgIds: await replaceDataOrgs(tx, id, input) };
        await log(tx, change, 'UPDATE', id, `修改角色「${row.roleName}」`, before, after);
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
        const held = (await holders.liveIds(tx, id)).length;
        if (held) throw errors.conflict(`该角色下还有 ${held} 个用户，请先解除用户与角色的绑定再删除`);
        const after = await roleRepo.softDelete(tx, id, lockVersion, change.actor);
        await roleRepo.forgetGrants(tx, id);
        await roleRules.forget(tx, id);
        await holders.forget(tx, id);
        await log(tx, change, 'DELETE', id, `删除角色「${before.roleName}」`, present(before), present(after));
      });
    },

    /** Users holding the role, paged, phone numbers masked. */
    async users(roleId: number, page: PageParameter) {
      await findLive(db, roleId);
      const result = await holders.page(db, roleId, page);
      return { ...result, list: result.list.map((u) => ({ ...u, phone: maskPhone(u.phone) })) };
    },

    /** Pass the transaction when inside one: PGlite has a single connection, so a query outside it would wait forever. */
    findLive: (id: number, ex: Executor = db) => findLive(ex, id),
  };
}
export type RoleAdminService = ReturnType<typeof createRoleAdminService>;

/** What sign-in and sessions read of roles; the system facade answers it. */
export interface RoleReader {
  /** The user's roles in force (not deleted, NORMAL), by sort. */
  rolesOfUser(userId: number): Promise<RoleRow[]>;
  /** Organisations granted to CUSTOM data-scope roles, by role. */
  customOrgIdsOfRoles(roleIds: number[]): Promise<Map<number, number[]>>;
  funcIdsOfRoles(roleIds: number[]): Promise<number[]>;
}

// Other areas' modules still import these from this file; they take them as ports from the system
// facade (modules/system/module.ts) instead, and these re-exports go.
export type { RoleReader as RoleService };
