import type { PageParameter } from '@dandelion/shared';
import { SUPER_ROLE_CODE } from '@dandelion/shared/system/role';
import { ADMIN_USERNAME, USER_STATUS } from '@dandelion/shared/system/user';
import { recordOperation } from '../../../core/audit';
import type { Db, Executor } from '../../../core/db';
import type { EffectiveDataScope } from '../../../core/dataScope';
import { errors } from '../../../core/errors';
import { generateStrongPassword, hashPassword } from '../../../core/password';
import { DEL_FLAG, type Actor } from '../../../core/records';
import { withTransaction } from '../../../core/transaction';
import { orgDirectory } from '../org/module';
import type { PostAssignments } from '../post/module';
import { roleDirectory } from '../role/module';
import { userListCondition, userRepo, type UniqueField, type UserFilter, type UserRow } from './repo';

export const USER_MODULE = 'system:user';

/** Who is changing what, from which request: written to the operation log. */
export interface UserChange {
  actor: Actor;
  scope: EffectiveDataScope;
  isSuperAdmin: boolean;
  ip?: string | null;
  requestId?: string | null;
}

export interface UserInput {
  username: string;
  realname: string;
  nickName?: string | null;
  phone?: string | null;
  email?: string | null;
  orgId: number;
  userSex: number;
  empCode?: string | null;
  inDate?: string | null;
  outDate?: string | null;
  empStatus: string;
  enableUser: number;
  sort: number;
  remark?: string | null;
  roleIds: number[];
  postIds: number[];
}

/** What the session store must do when accounts change (ends or refreshes sessions on every instance). */
export interface SessionControl {
  revokeAllForUser(userId: number): Promise<number>;
  refreshUser(userId: number): Promise<void>;
}

export interface UserDeps {
  db: Db;
  sessions: SessionControl;
  posts: PostAssignments;
}

/** Writes a change of the user module to the operation log, in the transaction that made it. */
export const logUserChange = (ex: Executor, change: Omit<UserChange, 'scope' | 'isSuperAdmin'>, action: string, entityId: number, summary: string, before: unknown, after: unknown) =>
  recordOperation(ex, { module: USER_MODULE, action, entityId, summary, before, after, actor: change.actor, ip: change.ip, requestId: change.requestId });

/** Checks role ids exist; only super administrators hand out or take away the super-administrator role (no self-promotion). */
async function checkRoles(ex: Executor, roleIds: number[], previous: number[], change: UserChange): Promise<void> {
  const rows = await roleDirectory.liveCodes(ex, [...new Set([...roleIds, ...previous])]);
  const known = new Map(rows.map((r) => [r.id, r.roleCode]));
  const missing = roleIds.find((id) => !known.has(id));
  if (missing !== undefined) throw errors.badRequest(`角色不存在：${missing}`);
  const superRole = rows.find((r) => r.roleCode === SUPER_ROLE_CODE)?.id;
  if (superRole !== undefined && !change.isSuperAdmin && roleIds.includes(superRole) !== previous.includes(superRole)) {
    throw errors.forbidden('只有超级管理员可以分配或收回超级管理员角色');
  }
}

async function checkOrg(ex: Executor, orgId: number) {
  if (!(await orgDirectory.liveIds(ex, [orgId])).has(orgId)) throw errors.badRequest(`机构不存在：${orgId}`);
}

const fields = (input: UserInput) => ({
  username: input.username,
  realname: input.realname,
  nickName: input.nickName ?? null,
  phone: input.phone || null,
  email: input.email || null,
  orgId: input.orgId,
  userSex: input.userSex,
  empCode: input.empCode || null,
  inDate: input.inDate || null,
  outDate: input.outDate || null,
  empStatus: input.empStatus,
  enableUser: input.enableUser,
  sort: input.sort,
  remark: input.remark ?? null,
});

/** A recycled user comes back only when nobody active took one of its unique values meanwhile. */
const RESTORE_CHECKS: Array<[UniqueField, string]> = [
  ['username', '用户名'],
  ['phone', '手机号'],
  ['email', '邮箱'],
  ['empCode', '工号'],
];

/** Console administration of accounts (spec §7 Users, §4 frozen / deleted / recycled / restored). */
export function createUserAdminService({ db, sessions, posts }: UserDeps) {
  /** A live or recycled user the caller's data scope may see; anything else is "not found" (no probing of other orgs). */
  async function visibleUser(ex: Executor, id: number, scope: EffectiveDataScope, deleted = false): Promise<UserRow> {
    const row = await userRepo.find(ex, id, userListCondition({}, scope, deleted));
    if (!row) throw errors.notFound(deleted ? '回收站中的用户' : '用户');
    return row;
  }

  /** The seeded administrator and the caller themselves are never frozen or deleted: nobody locks the door from inside. */
  function guardProtected(row: UserRow, change: UserChange, verb: string): void {
    if (row.id === change.actor.id) throw errors.badRequest(`不能${verb}当前登录的账号`);
    if (row.username.toLowerCase() === ADMIN_USERNAME) throw errors.badRequest(`不能${verb}系统管理员账号`);
  }

  return {
    visibleUser: (id: number, scope: EffectiveDataScope) => visibleUser(db, id, scope),

    async page(filter: UserFilter, page: PageParameter, scope: EffectiveDataScope, deleted = false) {
      return userRepo.page(db, userListCondition(filter, scope, deleted), page);
    },

    /** The users among `ids` the scope may see, in the order asked; unknown and invisible ids are left out. */
    async listByIds(ids: number[], scope: EffectiveDataScope) {
      const unique = [...new Set(ids)];
      const rows = await userRepo.list(db, userListCondition({ ids: unique }, scope), unique.length, 0);
      const byId = new Map(rows.map((row) => [row.userId, row]));
      return unique.map((id) => byId.get(id)).filter((row) => row !== undefined);
    },

    /** Everything the shared add/upd/detail form shows. */
    async detail(id: number, scope: EffectiveDataScope) {
      const row = await visibleUser(db, id, scope);
      const listRow = await userRepo.listRow(db, row.id);
      return {
        ...listRow!,
        avatar: row.avatar,
        remark: row.remark,
        roleIds: await userRepo.roleIdsOf(db, id),
        postIds: await posts.postIdsOf(db, id),
      };
    },

    /** Creates a staff account; without a password a strong one is generated and answered this once. */
    async create(input: UserInput & { password?: string }, change: UserChange) {
      const password = input.password ?? generateStrongPassword();
      const passwordHash = await hashPassword(password);
      const user = await withTransaction(db, async (tx) => {
        await checkOrg(tx, input.orgId);
        await checkRoles(tx, input.roleIds, [], change);
        const row = await userRepo.insert(tx, { ...fields(input), passwordHash, userType: 'STAFF', status: USER_STATUS.NORMAL }, change.actor);
        await posts.assign(tx, row.id, input.postIds);
        await userRepo.replaceRoles(tx, row.id, input.roleIds);
        await logUserChange(tx, change, 'CREATE', row.id, `新增用户 ${row.username}`, null, { ...row, roleIds: input.roleIds, postIds: input.postIds });
        return row;
      });
      return { userId: user.id, username: user.username, generatedPassword: input.password ? null : password };
    },

    async update(id: number, lockVersion: number, input: UserInput, change: UserChange) {
      const changed = await withTransaction(db, async (tx) => {
        const before = await visibleUser(tx, id, change.scope);
        const previousRoles = await userRepo.roleIdsOf(tx, id);
        const previousPosts = await posts.postIdsOf(tx, id);
        if (before.userType === 'STAFF' || input.orgId !== before.orgId) await checkOrg(tx, input.orgId);
        await checkRoles(tx, input.roleIds, previousRoles, change);
        await posts.assign(tx, id, input.postIds);
        const after = await userRepo.update(tx, id, lockVersion, fields(input), change.actor);
        await userRepo.replaceRoles(tx, id, input.roleIds);
        await logUserChange(
          tx,
          change,
          'UPDATE',
          id,
          `修改用户 ${after.username}`,
          { ...before, roleIds: previousRoles, postIds: previousPosts },
          { ...after, roleIds: input.roleIds, postIds: input.postIds },
        );
        return after;
      });
      // Roles or organisation may have changed: cached sessions must see it on their next call.
      await sessions.refreshUser(id);
      return { userId: changed.id, lockVersion: changed.lockVersion };
    },

    /** Freezing ends every open session at once; a frozen account cannot sign in until unfrozen. */
    async setFrozen(id: number, frozen: boolean, change: UserChange) {
      await withTransaction(db, async (tx) => {
        const before = await visibleUser(tx, id, change.scope);
        if (frozen) guardProtected(before, change, '冻结');
        const after = await userRepo.set(tx, id, { status: frozen ? USER_STATUS.FROZEN : USER_STATUS.NORMAL }, change.actor);
        await logUserChange(tx, change, frozen ? 'FREEZE' : 'UNFREEZE', id, `${frozen ? '冻结' : '解冻'}用户 ${before.username}`, before, after);
      });
      if (frozen) await sessions.revokeAllForUser(id);
      else await sessions.refreshUser(id);
    },

    /** Moves users to the recycle bin (del_flag = 1); their roles and posts stay for a restore. */
    async recycle(ids: number[], change: UserChange): Promise<number> {
      const unique = [...new Set(ids)];
      await withTransaction(db, async (tx) => {
        for (const id of unique) {
          const before = await visibleUser(tx, id, change.scope);
          guardProtected(before, change, '删除');
          const after = await userRepo.set(tx, id, { delFlag: DEL_FLAG.DELETED }, change.actor);
          await logUserChange(tx, change, 'DELETE', id, `删除用户 ${before.username}（移入回收站）`, before, after);
        }
      });
      for (const id of unique) await sessions.revokeAllForUser(id);
      return unique.length;
    },

    /** Restores from the recycle bin unless someone active took the username, phone, email or employee number meanwhile. */
    async restore(ids: number[], change: UserChange): Promise<number> {
      const unique = [...new Set(ids)];
      await withTransaction(db, async (tx) => {
        for (const id of unique) {
          const before = await visibleUser(tx, id, change.scope, true);
          for (const [field, label] of RESTORE_CHECKS) {
            const value = before[field];
            if (value && (await userRepo.taken(tx, field, value))) throw errors.conflict(`${label}“${value}”已被其他用户使用，无法恢复用户 ${before.username}`);
          }
          const after = await userRepo.set(tx, id, { delFlag: DEL_FLAG.ACTIVE }, change.actor);
          await logUserChange(tx, change, 'RESTORE', id, `恢复用户 ${before.username}`, before, after);
        }
      });
      return unique.length;
    },

    /** Deletes for good, only from the recycle bin, with the user's role and post links. */
    async purge(id: number, change: UserChange): Promise<void> {
      await withTransaction(db, async (tx) => {
        const row = await userRepo.findAny(tx, id);
        if (row && row.delFlag === DEL_FLAG.ACTIVE) throw errors.badRequest('只能彻底删除回收站中的用户，请先删除该用户');
        const before = await visibleUser(tx, id, change.scope, true);
        const links = { roleIds: await userRepo.roleIdsOf(tx, id), postIds: await posts.postIdsOf(tx, id) };
        await posts.forgetUser(tx, id);
        await userRepo.deleteForGood(tx, id);
        await logUserChange(tx, change, 'PURGE', id, `彻底删除用户 ${before.username}`, { ...before, ...links }, null);
      });
    },

    /** All roles in force, each with whether the user holds it (the role-assignment screen). */
    async boundRoles(id: number, scope: EffectiveDataScope) {
      await visibleUser(db, id, scope);
      const held = new Set(await userRepo.roleIdsOf(db, id));
      return (await roleDirectory.allLive(db)).map((r) => ({ ...r, bound: held.has(r.roleId) }));
    },

    /** The roles a form may offer (in force). */
    async roleOptions() {
      return (await roleDirectory.allLive(db)).filter((r) => r.status === 'NORMAL');
    },

    async bindRoles(id: number, roleIds: number[], change: UserChange) {
      await withTransaction(db, async (tx) => {
        const user = await visibleUser(tx, id, change.scope);
        const previous = await userRepo.roleIdsOf(tx, id);
        await checkRoles(tx, roleIds, previous, change);
        await userRepo.replaceRoles(tx, id, roleIds);
        // The user row's version moves too, so a form opened before the binding reloads the roles.
        await userRepo.set(tx, id, {}, change.actor);
        await logUserChange(tx, change, 'BIND', id, `为用户 ${user.username} 分配角色`, { roleIds: previous }, { roleIds: [...new Set(roleIds)] });
      });
      await sessions.refreshUser(id);
    },

    /** An unused username and employee number to suggest on the add form. */
    async generateIds() {
      const stamp = new Date().toISOString().slice(2, 10).replace(/-/g, '');
      for (let attempt = 0; attempt < 20; attempt++) {
        const suffix = String(Math.floor(Math.random() * 10_000)).padStart(4, '0');
        const username = `u${stamp}${suffix}`;
        const empCode = `E${stamp}${suffix}`;
        if (!(await userRepo.anyHas(db, username, empCode))) return { username, empCode };
      }
      throw errors.conflict('暂时无法生成未使用的用户名，请稍后重试');
    },
  };
}
export type UserAdminService = ReturnType<typeof createUserAdminService>;

// Other areas' modules still import accounts from this file; they take them as ports from the
// system facade (modules/system/module.ts) instead, and these re-exports go.
