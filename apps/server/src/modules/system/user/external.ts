import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../core/db';
import type { EffectiveDataScope } from '../../../core/dataScope';
import { errors } from '../../../core/errors';
import { updateVersioned } from '../../../core/records';
import { withTransaction } from '../../../core/transaction';
import { maskIdNumber } from '@dandelion/shared';
import { recordOperation } from '../../../core/audit';
import { createFuncService } from '../func/service';
import { createRoleService } from '../role/service';
import { USER_MODULE, type SessionControl, type UserChange } from './admin';
import { userListCondition } from './query';
import { sysUser } from './schema';
import { USER_STATUS, type UserRow } from './service';

export interface ExternalUserInput {
  realname: string;
  nickName?: string | null;
  phone?: string | null;
  email?: string | null;
  unitName?: string | null;
  unitCode?: string | null;
  status?: 'NORMAL' | 'FROZEN';
  remark?: string | null;
}

const presentExternal = (u: UserRow) => ({
  userId: u.id,
  username: u.username,
  realname: u.realname,
  nickName: u.nickName,
  phone: u.phone,
  email: u.email,
  userType: u.userType,
  status: u.status,
  idType: u.idType,
  // An administrator sees that an ID was verified, never the whole number.
  idNumberMasked: maskIdNumber(u.idNumber),
  identityVerified: u.identityVerified,
  unitName: u.unitName,
  unitCode: u.unitCode,
  remark: u.remark,
  createTime: u.createTime,
  lockVersion: u.lockVersion,
});

/**
 * Portal (CLIENT) accounts seen by an administrator (spec §7 /rest/client/UpdUser, /rest/outUser/*),
 * and the permission codes a user holds (GET /api/permission/no-pager).
 */
export function createExternalUserService({ db, sessions }: { db: Db; sessions: SessionControl }) {
  async function clientUser(id: number, scope: EffectiveDataScope): Promise<UserRow> {
    const [row] = await db.select().from(sysUser).where(and(eq(sysUser.id, id), userListCondition({}, scope))).limit(1);
    if (!row) throw errors.notFound('用户');
    if (row.userType !== 'CLIENT') throw errors.badRequest('该用户不是外部用户，请在用户管理中维护');
    return row;
  }
  const roles = createRoleService({ db });
  const funcs = createFuncService({ db });

  return {
    async detail(id: number, scope: EffectiveDataScope) {
      return presentExternal(await clientUser(id, scope));
    },

    async update(id: number, lockVersion: number, input: ExternalUserInput, change: UserChange) {
      const before = await clientUser(id, change.scope);
      const after = await withTransaction(db, async (tx) => {
        const row = await updateVersioned(
          tx,
          sysUser,
          id,
          lockVersion,
          {
            realname: input.realname,
            nickName: input.nickName ?? before.nickName,
            phone: input.phone === undefined ? before.phone : input.phone || null,
            email: input.email === undefined ? before.email : input.email || null,
            unitName: input.unitName === undefined ? before.unitName : input.unitName || null,
            unitCode: input.unitCode === undefined ? before.unitCode : input.unitCode || null,
            status: input.status ?? before.status,
            remark: input.remark === undefined ? before.remark : input.remark,
          },
          change.actor,
          '用户',
        );
        await recordOperation(tx, {
          module: USER_MODULE,
          action: 'UPDATE',
          entityId: id,
          summary: `修改外部用户 ${row.username}`,
          before,
          after: row,
          actor: change.actor,
          ip: change.ip,
          requestId: change.requestId,
        });
        return row;
      });
      if (after.status !== USER_STATUS.NORMAL) await sessions.revokeAllForUser(id);
      return presentExternal(after);
    },

    /** Permission codes granted through the user's roles; the super-administrator role holds every code. */
    async permissionCodes(userId: number, scope: EffectiveDataScope): Promise<string[]> {
      const [row] = await db.select({ id: sysUser.id }).from(sysUser).where(and(eq(sysUser.id, userId), userListCondition({}, scope))).limit(1);
      if (!row) throw errors.notFound('用户');
      const held = await roles.rolesOfUser(userId);
      const granted = held.some((r) => r.roleCode === 'ADMIN') ? await funcs.listAll() : await funcs.listByIds(await roles.funcIdsOfRoles(held.map((r) => r.id)));
      return [...new Set(granted.map((f) => f.funcCode))].sort();
    },
  };
}
export type ExternalUserService = ReturnType<typeof createExternalUserService>;
