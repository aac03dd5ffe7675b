import { maskIdNumber } from '@dandelion/shared';
import { SUPER_ROLE_CODE } from '@dandelion/shared/system/role';
import { USER_STATUS } from '@dandelion/shared/system/user';
import type { Db } from '../../../core/db';
import type { EffectiveDataScope } from '../../../core/dataScope';
import { errors } from '../../../core/errors';
import { withTransaction } from '../../../core/transaction';
import { funcDirectory } from '../func/module';
import { roleDirectory } from '../role/module';
import { userListCondition, userRepo, type UserRow } from './repo';
import { logUserChange, type SessionControl, type UserChange } from './service';

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

/** A field left out keeps its value; a blank one is cleared. */
const keepOrClear = (value: string | null | undefined, current: string | null) => (value === undefined ? current : value || null);

/**
 * Portal (CLIENT) accounts seen by an administrator (spec §7 /rest/client/UpdUser, /rest/outUser/*),
 * and the permission codes a user holds (GET /api/permission/no-pager).
 */
export function createExternalUserService({ db, sessions }: { db: Db; sessions: SessionControl }) {
  async function visible(id: number, scope: EffectiveDataScope): Promise<UserRow> {
    const row = await userRepo.find(db, id, userListCondition({}, scope));
    if (!row) throw errors.notFound('用户');
    return row;
  }

  async function clientUser(id: number, scope: EffectiveDataScope): Promise<UserRow> {
    const row = await visible(id, scope);
    if (row.userType !== 'CLIENT') throw errors.badRequest('该用户不是外部用户，请在用户管理中维护');
    return row;
  }

  return {
    detail: async (id: number, scope: EffectiveDataScope) => presentExternal(await clientUser(id, scope)),

    async update(id: number, lockVersion: number, input: ExternalUserInput, change: UserChange) {
      const before = await clientUser(id, change.scope);
      const after = await withTransaction(db, async (tx) => {
        const row = await userRepo.update(
          tx,
          id,
          lockVersion,
          {
            realname: input.realname,
            nickName: input.nickName ?? before.nickName,
            phone: keepOrClear(input.phone, before.phone),
            email: keepOrClear(input.email, before.email),
            unitName: keepOrClear(input.unitName, before.unitName),
            unitCode: keepOrClear(input.unitCode, before.unitCode),
            status: input.status ?? before.status,
            remark: input.remark === undefined ? before.remark : input.remark,
          },
          change.actor,
        );
        await logUserChange(tx, change, 'UPDATE', id, `修改外部用户 ${row.username}`, before, row);
        return row;
      });
      if (after.status !== USER_STATUS.NORMAL) await sessions.revokeAllForUser(id);
      return presentExternal(after);
    },

    /** Permission codes granted through the user's roles; the super-administrator role holds every code. */
    async permissionCodes(userId: number, scope: EffectiveDataScope): Promise<string[]> {
      await visible(userId, scope);
      const held = await roleDirectory.inForceAmong(db, userRepo.roleIdsOfUser(userId));
      const granted = held.some((r) => r.roleCode === SUPER_ROLE_CODE)
        ? await funcDirectory.listAll(db)
        : await funcDirectory.listByIds(db, await roleDirectory.funcIdsOfRoles(db, held.map((r) => r.id)));
      return [...new Set(granted.map((f) => f.funcCode))].sort();
    },
  };
}
export type ExternalUserService = ReturnType<typeof createExternalUserService>;
