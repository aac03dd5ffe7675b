import { and, asc, count, eq, inArray, or, sql } from 'drizzle-orm';
import type { PageParameter } from '@dandelion/shared';
import type { Db } from '../../../core/db';
import type { EffectiveDataScope } from '../../../core/dataScope';
import { errors } from '../../../core/errors';
import { notDeleted } from '../../../core/records';
import { paginate } from '../../../core/pagination';
import { withTransaction } from '../../../core/transaction';
import { recordOperation } from '../../../core/audit';
import { replaceOrgRules, ruleIdsOfOrg } from '../datapermission/service';
import type { FuncService } from '../func/service';
import { sysUser } from '../user/schema';
import { sysOrg, sysOrgAdmin, sysOrgFunc } from './schema';
import { ORG_MODULE, type ChangeContext, type OrgService } from './service';
import { maskPhone } from '@dandelion/shared';

const userColumns = { id: sysUser.id, username: sysUser.username, realname: sysUser.realname, phone: sysUser.phone, status: sysUser.status, orgId: sysUser.orgId };
const present = <T extends { phone: string | null }>(u: T) => ({ ...u, phone: maskPhone(u.phone) });

/** An organisation's members, administrators and bound menus/rules (spec §6: organisations bind menus, data permission and admins). */
export function createOrgBindingService({ db, orgs, funcs }: { db: Db; orgs: OrgService; funcs: FuncService }) {
  async function admins(orgId: number) {
    const rows = await db
      .select(userColumns)
      .from(sysOrgAdmin)
      .innerJoin(sysUser, eq(sysUser.id, sysOrgAdmin.userId))
      .where(and(eq(sysOrgAdmin.orgId, orgId), notDeleted(sysUser)))
      .orderBy(asc(sysUser.username));
    return rows.map(present);
  }

  async function permissions(orgId: number) {
    const funcRows = await db.select({ funcId: sysOrgFunc.funcId }).from(sysOrgFunc).where(eq(sysOrgFunc.orgId, orgId)).orderBy(asc(sysOrgFunc.funcId));
    return { funcIds: funcRows.map((r) => r.funcId), ruleIds: await ruleIdsOfOrg(db, orgId) };
  }

  return {
    /** Users of the org (and, with includeChildren, of its whole subtree), paged. */
    async users(orgId: number, includeChildren: boolean, page: PageParameter, scope: EffectiveDataScope) {
      const org = await orgs.assertVisible(orgId, scope);
      const path = org.parentOrgIds ? `${org.parentOrgIds},${org.id}` : String(org.id);
      const subtree = sql`${sysUser.orgId} in (select ${sysOrg.id} from ${sysOrg} where ${sysOrg.delFlag} = 0 and (${sysOrg.parentOrgIds} = ${path} or ${sysOrg.parentOrgIds} like ${`${path},%`}))`;
      const where = and(notDeleted(sysUser), includeChildren ? or(eq(sysUser.orgId, orgId), subtree) : eq(sysUser.orgId, orgId));
      const result = await paginate(
        page,
        (limit, offset) => db.select(userColumns).from(sysUser).where(where).orderBy(asc(sysUser.sort), asc(sysUser.id)).limit(limit).offset(offset),
        async () => (await db.select({ n: count() }).from(sysUser).where(where))[0]!.n,
      );
      return { ...result, list: result.list.map(present) };
    },

    async admins(orgId: number, scope: EffectiveDataScope) {
      await orgs.assertVisible(orgId, scope);
      return admins(orgId);
    },

    /** Replaces the org's administrators; unknown or deleted users are refused before anything changes. */
    async setAdmins(orgId: number, userIds: number[], scope: EffectiveDataScope, change: ChangeContext) {
      const org = await orgs.assertVisible(orgId, scope);
      const unique = [...new Set(userIds)];
      await withTransaction(db, async (tx) => {
        const found = unique.length ? await tx.select({ id: sysUser.id }).from(sysUser).where(and(inArray(sysUser.id, unique), notDeleted(sysUser))) : [];
        const known = new Set(found.map((u) => u.id));
        const unknown = unique.filter((id) => !known.has(id));
        if (unknown.length) throw errors.badRequest(`用户不存在：${unknown.join(',')}`);
        const before = (await tx.select({ userId: sysOrgAdmin.userId }).from(sysOrgAdmin).where(eq(sysOrgAdmin.orgId, orgId))).map((r) => r.userId);
        await tx.delete(sysOrgAdmin).where(eq(sysOrgAdmin.orgId, orgId));
        if (unique.length) await tx.insert(sysOrgAdmin).values(unique.map((userId) => ({ orgId, userId })));
        await recordOperation(tx, { module: ORG_MODULE, action: 'BIND', entityId: orgId, summary: `设置机构「${org.orgName}」的管理员`, before: { userIds: before }, after: { userIds: unique }, ...change });
      });
      return admins(orgId);
    },

    async permissions(orgId: number, scope: EffectiveDataScope) {
      await orgs.assertVisible(orgId, scope);
      return permissions(orgId);
    },

    /** Replaces the bound menus and/or rules (a list left out stays as it is). */
    async setPermissions(orgId: number, input: { funcIds?: number[]; ruleIds?: number[] }, scope: EffectiveDataScope, change: ChangeContext) {
      const org = await orgs.assertVisible(orgId, scope);
      const before = await permissions(orgId);
      const funcIds = input.funcIds ? [...new Set(input.funcIds)] : null;
      // Checked before the transaction: the func service reads on its own connection, which an open
      // PGlite transaction would block.
      if (funcIds) {
        const known = new Set((await funcs.listByIds(funcIds)).map((f) => f.id));
        const unknown = funcIds.filter((id) => !known.has(id));
        if (unknown.length) throw errors.badRequest(`菜单不存在：${unknown.join(',')}`);
      }
      await withTransaction(db, async (tx) => {
        if (funcIds) {
          await tx.delete(sysOrgFunc).where(eq(sysOrgFunc.orgId, orgId));
          if (funcIds.length) await tx.insert(sysOrgFunc).values(funcIds.map((funcId) => ({ orgId, funcId })));
        }
        if (input.ruleIds) await replaceOrgRules(tx, orgId, input.ruleIds);
        const after = {
          funcIds: input.funcIds ? [...new Set(input.funcIds)].sort((a, b) => a - b) : before.funcIds,
          ruleIds: input.ruleIds ? [...new Set(input.ruleIds)].sort((a, b) => a - b) : before.ruleIds,
        };
        await recordOperation(tx, { module: ORG_MODULE, action: 'BIND', entityId: orgId, summary: `绑定机构「${org.orgName}」的菜单与数据权限`, before, after, ...change });
      });
      return permissions(orgId);
    },
  };
}
export type OrgBindingService = ReturnType<typeof createOrgBindingService>;
