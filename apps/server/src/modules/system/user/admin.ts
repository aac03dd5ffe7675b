import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PageParameter } from '@dandelion/shared';
import type { Db, Executor } from '../../../core/db';
import type { EffectiveDataScope } from '../../../core/dataScope';
import { errors } from '../../../core/errors';
import { paginate } from '../../../core/pagination';
import { createdBy, DEL_FLAG, notDeleted, updatedBy, updateVersioned, type Actor } from '../../../core/records';
import { withTransaction } from '../../../core/transaction';
import { ADMIN_USERNAME } from '../../../db/seed';
import { hashPassword, generateStrongPassword } from '../../../core/password';
import { recordOperation } from '../../../core/audit';
import { existingOrgIds } from '../org/service';
import { sysPost, sysUserPost } from '../post/tables';
import { sysRole } from '../role/schema';
import { countUsers, selectUsers, userListCondition, type UserFilter } from './query';
import { sysUser, sysUserRole } from './schema';
import { USER_STATUS, type UserRow } from './service';

export const USER_MODULE = 'system:user';
const SUPER_ROLE_CODE = 'ADMIN';

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

const log = (ex: Executor, change: UserChange, action: string, entityId: number, summary: string, before: unknown, after: unknown) =>
  recordOperation(ex, { module: USER_MODULE, action, entityId, summary, before, after, actor: change.actor, ip: change.ip, requestId: change.requestId });

export async function roleIdsOf(ex: Executor, userId: number): Promise<number[]> {
  const rows = await ex.select({ roleId: sysUserRole.roleId }).from(sysUserRole).where(eq(sysUserRole.userId, userId));
  return rows.map((r) => r.roleId);
}

export async function postIdsOf(ex: Executor, userId: number): Promise<number[]> {
  const rows = await ex.select({ postId: sysUserPost.postId }).from(sysUserPost).where(eq(sysUserPost.userId, userId));
  return rows.map((r) => r.postId);
}

/** Checks role ids exist; only super administrators hand out or take away the super-administrator role (no self-promotion). */
async function checkRoles(ex: Executor, roleIds: number[], previous: number[], change: UserChange): Promise<void> {
  const wanted = [...new Set([...roleIds, ...previous])];
  const rows = wanted.length ? await ex.select({ id: sysRole.id, roleCode: sysRole.roleCode }).from(sysRole).where(and(inArray(sysRole.id, wanted), notDeleted(sysRole))) : [];
  const known = new Map(rows.map((r) => [r.id, r.roleCode]));
  const missing = roleIds.find((id) => !known.has(id));
  if (missing !== undefined) throw errors.badRequest(`角色不存在：${missing}`);
  const superRole = rows.find((r) => r.roleCode === SUPER_ROLE_CODE)?.id;
  if (superRole !== undefined && !change.isSuperAdmin && roleIds.includes(superRole) !== previous.includes(superRole)) {
    throw errors.forbidden('只有超级管理员可以分配或收回超级管理员角色');
  }
}

async function checkPosts(ex: Executor, postIds: number[]): Promise<void> {
  if (!postIds.length) return;
  const rows = await ex.select({ id: sysPost.id }).from(sysPost).where(and(inArray(sysPost.id, postIds), notDeleted(sysPost)));
  const known = new Set(rows.map((r) => r.id));
  const missing = postIds.find((id) => !known.has(id));
  if (missing !== undefined) throw errors.badRequest(`岗位不存在：${missing}`);
}

async function replaceLinks(ex: Executor, userId: number, roleIds: number[], postIds: number[] | null): Promise<void> {
  await ex.delete(sysUserRole).where(eq(sysUserRole.userId, userId));
  if (roleIds.length) await ex.insert(sysUserRole).values([...new Set(roleIds)].map((roleId) => ({ userId, roleId })));
  if (postIds === null) return;
  await ex.delete(sysUserPost).where(eq(sysUserPost.userId, userId));
  if (postIds.length) await ex.insert(sysUserPost).values([...new Set(postIds)].map((postId) => ({ userId, postId })));
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

/** Console administration of accounts (spec §7 Users, §4 frozen / deleted / recycled / restored). */
export function createUserAdminService({ db, sessions }: { db: Db; sessions: SessionControl }) {
  /** A live or recycled user the caller's data scope may see; anything else is "not found" (no probing of other orgs). */
  async function visibleUser(ex: Executor, id: number, scope: EffectiveDataScope, deleted = false): Promise<UserRow> {
    const [row] = await ex.select().from(sysUser).where(and(eq(sysUser.id, id), userListCondition({}, scope, deleted))).limit(1);
    if (!row) throw errors.notFound(deleted ? '回收站中的用户' : '用户');
    return row;
  }

  /** The seeded administrator and the caller themselves are never frozen or deleted: nobody locks the door from inside. */
  function guardProtected(row: UserRow, change: UserChange, verb: string): void {
    if (row.id === change.actor.id) throw errors.badRequest(`不能${verb}当前登录的账号`);
    if (row.username.toLowerCase() === ADMIN_USERNAME) throw errors.badRequest(`不能${verb}系统管理员账号`);
  }

  async function checkOrg(ex: Executor, orgId: number) {
    if (!(await existingOrgIds(ex, [orgId])).has(orgId)) throw errors.badRequest(`机构不存在：${orgId}`);
  }

  return {
    visibleUser: (id: number, scope: EffectiveDataScope) => visibleUser(db, id, scope),

    async page(filter: UserFilter, page: PageParameter, scope: EffectiveDataScope, deleted = false) {
      const where = userListCondition(filter, scope, deleted);
      return paginate(page, (limit, offset) => selectUsers(db, where, limit, offset), () => countUsers(db, where));
    },

    /** Everything the shared add/upd/detail form shows. */
    async detail(id: number, scope: EffectiveDataScope) {
      const row = await visibleUser(db, id, scope);
      const [listRow] = await selectUsers(db, eq(sysUser.id, row.id), 1, 0);
      return {
        ...listRow!,
        avatar: row.avatar,
        remark: row.remark,
        roleIds: await roleIdsOf(db, id),
        postIds: await postIdsOf(db, id),
      };
    },

    /** Creates a staff account; without a password a strong one is generated and answered this once. */
    async create(input: UserInput & { password?: string }, change: UserChange) {
      const password = input.password ?? generateStrongPassword();
      const passwordHash = await hashPassword(password);
      const user = await withTransaction(db, async (tx) => {
        await checkOrg(tx, input.orgId);
        await checkRoles(tx, input.roleIds, [], change);
        await checkPosts(tx, input.postIds);
        const [row] = await tx
          .insert(sysUser)
          .values({ ...fields(input), passwordHash, userType: 'STAFF', status: USER_STATUS.NORMAL, ...createdBy(change.actor) })
          .returning();
        await replaceLinks(tx, row!.id, input.roleIds, input.postIds);
        await log(tx, change, 'CREATE', row!.id, `新增用户 ${row!.username}`, null, { ...row, roleIds: input.roleIds, postIds: input.postIds });
        return row!;
      });
      return { userId: user.id, username: user.username, generatedPassword: input.password ? null : password };
    },

    async update(id: number, lockVersion: number, input: UserInput, change: UserChange) {
      const changed = await withTransaction(db, async (tx) => {
        const before = await visibleUser(tx, id, change.scope);
        const previousRoles = await roleIdsOf(tx, id);
        const previousPosts = await postIdsOf(tx, id);
        if (before.userType === 'STAFF' || input.orgId !== before.orgId) await checkOrg(tx, input.orgId);
        await checkRoles(tx, input.roleIds, previousRoles, change);
        await checkPosts(tx, input.postIds);
        const after = await updateVersioned(tx, sysUser, id, lockVersion, fields(input), change.actor, '用户');
        await replaceLinks(tx, id, input.roleIds, input.postIds);
        await log(tx, change, 'UPDATE', id, `修改用户 ${after.username}`, { ...before, roleIds: previousRoles, postIds: previousPosts }, { ...after, roleIds: input.roleIds, postIds: input.postIds });
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
        const status = frozen ? USER_STATUS.FROZEN : USER_STATUS.NORMAL;
        const [after] = await tx.update(sysUser).set({ status, ...updatedBy(change.actor, sysUser) }).where(eq(sysUser.id, id)).returning();
        await log(tx, change, frozen ? 'FREEZE' : 'UNFREEZE', id, `${frozen ? '冻结' : '解冻'}用户 ${before.username}`, before, after);
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
          const [after] = await tx.update(sysUser).set({ delFlag: DEL_FLAG.DELETED, ...updatedBy(change.actor, sysUser) }).where(eq(sysUser.id, id)).returning();
          await log(tx, change, 'DELETE', id, `删除用户 ${before.username}（移入回收站）`, before, after);
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
          const checks: Array<[string, string | null, ReturnType<typeof sql>]> = [
            ['用户名', before.username, sql`lower(${sysUser.username}) = lower(${before.username})`],
            ['手机号', before.phone, sql`${sysUser.phone} = ${before.phone}`],
            ['邮箱', before.email, sql`lower(${sysUser.email}) = lower(${before.email})`],
            ['工号', before.empCode, sql`${sysUser.empCode} = ${before.empCode}`],
          ];
          for (const [label, value, condition] of checks) {
            if (!value) continue;
            const taken = await tx.select({ id: sysUser.id }).from(sysUser).where(and(condition, notDeleted(sysUser))).limit(1);
            if (taken.length) throw errors.conflict(`${label}“${value}”已被其他用户使用，无法恢复用户 ${before.username}`);
          }
          const [after] = await tx.update(sysUser).set({ delFlag: DEL_FLAG.ACTIVE, ...updatedBy(change.actor, sysUser) }).where(eq(sysUser.id, id)).returning();
          await log(tx, change, 'RESTORE', id, `恢复用户 ${before.username}`, before, after);
        }
      });
      return unique.length;
    },

    /** Deletes for good, only from the recycle bin, with the user's role and post links. */
    async purge(id: number, change: UserChange): Promise<void> {
      await withTransaction(db, async (tx) => {
        const [row] = await tx.select().from(sysUser).where(eq(sysUser.id, id)).limit(1);
        if (row && row.delFlag === DEL_FLAG.ACTIVE) throw errors.badRequest('只能彻底删除回收站中的用户，请先删除该用户');
        const before = await visibleUser(tx, id, change.scope, true);
        const links = { roleIds: await roleIdsOf(tx, id), postIds: await postIdsOf(tx, id) };
        await tx.delete(sysUserRole).where(eq(sysUserRole.userId, id));
        await tx.delete(sysUserPost).where(eq(sysUserPost.userId, id));
        await tx.delete(sysUser).where(eq(sysUser.id, id));
        await log(tx, change, 'PURGE', id, `彻底删除用户 ${before.username}`, { ...before, ...links }, null);
      });
    },

    /** All roles in force, each with whether the user holds it (the role-assignment screen). */
    async boundRoles(id: number, scope: EffectiveDataScope) {
      await visibleUser(db, id, scope);
      const held = new Set(await roleIdsOf(db, id));
      const roles = await db
        .select({ roleId: sysRole.id, roleCode: sysRole.roleCode, roleName: sysRole.roleName, roleType: sysRole.roleType, status: sysRole.status })
        .from(sysRole)
        .where(notDeleted(sysRole))
        .orderBy(asc(sysRole.sort), asc(sysRole.id));
      return roles.map((r) => ({ ...r, bound: held.has(r.roleId) }));
    },

    async bindRoles(id: number, roleIds: number[], change: UserChange) {
      await withTransaction(db, async (tx) => {
        const user = await visibleUser(tx, id, change.scope);
        const previous = await roleIdsOf(tx, id);
        await checkRoles(tx, roleIds, previous, change);
        await replaceLinks(tx, id, roleIds, null);
        // The user row's version moves too, so a form opened before the binding reloads the roles.
        await tx.update(sysUser).set(updatedBy(change.actor, sysUser)).where(eq(sysUser.id, id));
        await log(tx, change, 'BIND', id, `为用户 ${user.username} 分配角色`, { roleIds: previous }, { roleIds: [...new Set(roleIds)] });
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
        const taken = await db
          .select({ id: sysUser.id })
          .from(sysUser)
          .where(sql`lower(${sysUser.username}) = ${username} or ${sysUser.empCode} = ${empCode}`)
          .limit(1);
        if (!taken.length) return { username, empCode };
      }
      throw errors.conflict('暂时无法生成未使用的用户名，请稍后重试');
    },
  };
}
export type UserAdminService = ReturnType<typeof createUserAdminService>;
