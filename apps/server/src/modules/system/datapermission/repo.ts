import { and, asc, desc, eq, inArray, or } from 'drizzle-orm';
import type { PageParameter } from '@dandelion/shared';
import type { Executor } from '../../../core/db';
import { countWhere, paginate } from '../../../core/pagination';
import { createdBy, notDeleted, softDelete, updateVersioned, type Actor } from '../../../core/records';
import { containing } from '../../../core/sql';
import { orgNameView } from '../org/module';
import { sysDataPermission, sysDataPermissionOrg, sysOrgDataPermission, sysRoleDataPermission } from './tables';

export type RuleRow = typeof sysDataPermission.$inferSelect;
export type RuleFields = Pick<RuleRow, 'ruleCode' | 'ruleName' | 'scopeType' | 'status' | 'sort' | 'remark'>;

export interface RuleFilter {
  keyword?: string;
  scopeType?: string;
  status?: string;
}

/** Every query of data-permission rules and of who holds them; each takes the executor first. */
export const ruleRepo = {
  async findLive(ex: Executor, id: number): Promise<RuleRow | undefined> {
    const [row] = await ex.select().from(sysDataPermission).where(and(eq(sysDataPermission.id, id), notDeleted(sysDataPermission))).limit(1);
    return row;
  },

  /** Which of `ids` are live rules. */
  async liveIds(ex: Executor, ids: number[]): Promise<Set<number>> {
    if (!ids.length) return new Set();
    const rows = await ex.select({ id: sysDataPermission.id }).from(sysDataPermission).where(and(inArray(sysDataPermission.id, ids), notDeleted(sysDataPermission)));
    return new Set(rows.map((r) => r.id));
  },

  page(ex: Executor, filter: RuleFilter, page: PageParameter) {
    const where = and(
      notDeleted(sysDataPermission),
      filter.keyword ? or(containing(sysDataPermission.ruleName, filter.keyword), containing(sysDataPermission.ruleCode, filter.keyword)) : undefined,
      filter.scopeType ? eq(sysDataPermission.scopeType, filter.scopeType as RuleRow['scopeType']) : undefined,
      filter.status ? eq(sysDataPermission.status, filter.status) : undefined,
    );
    return paginate(
      page,
      (limit, offset) => ex.select().from(sysDataPermission).where(where).orderBy(asc(sysDataPermission.sort), desc(sysDataPermission.id)).limit(limit).offset(offset),
      () => countWhere(ex, sysDataPermission, where),
    );
  },

  /** Every live rule (disabled ones included), in display order: what a role may be given. */
  options(ex: Executor) {
    return ex
      .select({ ruleId: sysDataPermission.id, ruleCode: sysDataPermission.ruleCode, ruleName: sysDataPermission.ruleName, scopeType: sysDataPermission.scopeType, status: sysDataPermission.status })
      .from(sysDataPermission)
      .where(notDeleted(sysDataPermission))
      .orderBy(asc(sysDataPermission.sort), asc(sysDataPermission.id));
  },

  async insert(ex: Executor, fields: RuleFields, actor: Actor): Promise<RuleRow> {
    const [row] = await ex.insert(sysDataPermission).values({ ...fields, ...createdBy(actor) }).returning();
    return row!;
  },

  update: (ex: Executor, id: number, lockVersion: number, fields: Partial<RuleFields>, actor: Actor) =>
    updateVersioned(ex, sysDataPermission, id, lockVersion, fields, actor, '数据权限规则'),

  softDelete: (ex: Executor, id: number, lockVersion: number | undefined, actor: Actor) => softDelete(ex, sysDataPermission, id, lockVersion, actor, '数据权限规则'),

  /** The live organisations of a CUSTOM rule, in tree order, with their names. */
  orgsOf(ex: Executor, ruleId: number) {
    return ex
      .select({ orgId: orgNameView.id, orgName: orgNameView.orgName })
      .from(sysDataPermissionOrg)
      .innerJoin(orgNameView, eq(orgNameView.id, sysDataPermissionOrg.orgId))
      .where(and(eq(sysDataPermissionOrg.ruleId, ruleId), eq(orgNameView.live, true)))
      .orderBy(asc(orgNameView.orgSort), asc(orgNameView.id));
  },

  async replaceOrgsOfRule(ex: Executor, ruleId: number, orgIds: number[]): Promise<void> {
    await ex.delete(sysDataPermissionOrg).where(eq(sysDataPermissionOrg.ruleId, ruleId));
    const unique = [...new Set(orgIds)];
    if (unique.length) await ex.insert(sysDataPermissionOrg).values(unique.map((orgId) => ({ ruleId, orgId })));
  },

  async isBoundToRole(ex: Executor, ruleId: number): Promise<boolean> {
    return (await ex.select({ id: sysRoleDataPermission.roleId }).from(sysRoleDataPermission).where(eq(sysRoleDataPermission.ruleId, ruleId)).limit(1)).length > 0;
  },

  async isBoundToOrg(ex: Executor, ruleId: number): Promise<boolean> {
    return (await ex.select({ id: sysOrgDataPermission.orgId }).from(sysOrgDataPermission).where(eq(sysOrgDataPermission.ruleId, ruleId)).limit(1)).length > 0;
  },

  async ruleIdsOfOrg(ex: Executor, orgId: number): Promise<number[]> {
    const rows = await ex.select({ ruleId: sysOrgDataPermission.ruleId }).from(sysOrgDataPermission).where(eq(sysOrgDataPermission.orgId, orgId)).orderBy(asc(sysOrgDataPermission.ruleId));
    return rows.map((r) => r.ruleId);
  },

  async ruleIdsOfRole(ex: Executor, roleId: number): Promise<number[]> {
    const rows = await ex.select({ ruleId: sysRoleDataPermission.ruleId }).from(sysRoleDataPermission).where(eq(sysRoleDataPermission.roleId, roleId)).orderBy(asc(sysRoleDataPermission.ruleId));
    return rows.map((r) => r.ruleId);
  },

  async replaceOrgRules(ex: Executor, orgId: number, ruleIds: number[]): Promise<void> {
    await ex.delete(sysOrgDataPermission).where(eq(sysOrgDataPermission.orgId, orgId));
    if (ruleIds.length) await ex.insert(sysOrgDataPermission).values(ruleIds.map((ruleId) => ({ orgId, ruleId })));
  },

  async replaceRoleRules(ex: Executor, roleId: number, ruleIds: number[]): Promise<void> {
    await ex.delete(sysRoleDataPermission).where(eq(sysRoleDataPermission.roleId, roleId));
    if (ruleIds.length) await ex.insert(sysRoleDataPermission).values(ruleIds.map((ruleId) => ({ roleId, ruleId })));
  },

  async forgetOrg(ex: Executor, orgId: number): Promise<void> {
    await ex.delete(sysOrgDataPermission).where(eq(sysOrgDataPermission.orgId, orgId));
  },

  async forgetRole(ex: Executor, roleId: number): Promise<void> {
    await ex.delete(sysRoleDataPermission).where(eq(sysRoleDataPermission.roleId, roleId));
  },

  /** Rule ids bound to any of the roles or to the organisation. */
  async heldRuleIds(ex: Executor, holder: { roleIds: number[]; orgId: number | null }): Promise<number[]> {
    const viaRoles = holder.roleIds.length
      ? ex.select({ ruleId: sysRoleDataPermission.ruleId }).from(sysRoleDataPermission).where(inArray(sysRoleDataPermission.roleId, holder.roleIds))
      : Promise.resolve([]);
    const viaOrg =
      holder.orgId !== null
        ? ex.select({ ruleId: sysOrgDataPermission.ruleId }).from(sysOrgDataPermission).where(eq(sysOrgDataPermission.orgId, holder.orgId))
        : Promise.resolve([]);
    return [...new Set([...(await viaRoles), ...(await viaOrg)].map((r) => r.ruleId))];
  },

  /** The enabled, live rules among `ids` with their scope. */
  inForce(ex: Executor, ids: number[]) {
    return ex
      .select({ id: sysDataPermission.id, scopeType: sysDataPermission.scopeType })
      .from(sysDataPermission)
      .where(and(inArray(sysDataPermission.id, ids), eq(sysDataPermission.status, 'NORMAL'), notDeleted(sysDataPermission)));
  },

  orgRowsOfRules(ex: Executor, ruleIds: number[]) {
    return ex.select().from(sysDataPermissionOrg).where(or(...ruleIds.map((id) => eq(sysDataPermissionOrg.ruleId, id))));
  },
};
