import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { PageParameter } from '@dandelion/shared';
import type { Db, Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { createdBy, notDeleted, softDelete, updateVersioned } from '../../../core/records';
import { paginate } from '../../../core/pagination';
import { withTransaction } from '../../../core/transaction';
import { recordOperation } from '../../../core/audit';
import { existingOrgIds, type ChangeContext } from '../org/service';
import { sysOrg } from '../org/schema';
import { sysDataPermission, sysDataPermissionOrg, sysOrgDataPermission, sysRoleDataPermission } from './schema';
import { likePattern } from '../../../core/sql';

export const SCOPE_TYPES = ['ALL', 'ORG_AND_CHILDREN', 'ORG', 'SELF', 'CUSTOM'] as const;
export type ScopeType = (typeof SCOPE_TYPES)[number];
export const RULE_STATUSES = ['NORMAL', 'DISABLED'] as const;
export const DATA_PERMISSION_MODULE = 'system:datapermission';

export interface RuleInput {
  ruleCode: string;
  ruleName: string;
  scopeType: ScopeType;
  orgIds: number[];
  status: string;
  sort: number;
  remark: string | null;
}

export interface RuleFilter {
  keyword?: string;
  scopeType?: string;
  status?: string;
}

type RuleRow = typeof sysDataPermission.$inferSelect;

/** Which of `ids` are live rules (org and role bindings validate with it). */
export async function existingRuleIds(ex: Executor, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await ex.select({ id: sysDataPermission.id }).from(sysDataPermission).where(and(inArray(sysDataPermission.id, ids), notDeleted(sysDataPermission)));
  return new Set(rows.map((r) => r.id));
}

/** Rule ids bound to an organisation. */
export async function ruleIdsOfOrg(ex: Executor, orgId: number): Promise<number[]> {
  const rows = await ex.select({ ruleId: sysOrgDataPermission.ruleId }).from(sysOrgDataPermission).where(eq(sysOrgDataPermission.orgId, orgId)).orderBy(asc(sysOrgDataPermission.ruleId));
  return rows.map((r) => r.ruleId);
}

/** Replaces an organisation's rules; unknown or deleted rule ids are refused (400) before anything changes. */
export async function replaceOrgRules(ex: Executor, orgId: number, ruleIds: number[]): Promise<void> {
  const unique = [...new Set(ruleIds)];
  const known = await existingRuleIds(ex, unique);
  const unknown = unique.filter((id) => !known.has(id));
  if (unknown.length) throw errors.badRequest(`数据权限规则不存在：${unknown.join(',')}`);
  await ex.delete(sysOrgDataPermission).where(eq(sysOrgDataPermission.orgId, orgId));
  if (unique.length) await ex.insert(sysOrgDataPermission).values(unique.map((ruleId) => ({ orgId, ruleId })));
}

/** Data-permission rules (spec §6; /rest/datapermission/*). */
export function createDataPermissionService({ db }: { db: Db }) {
  async function orgsOf(ex: Executor, ruleId: number) {
    return ex
      .select({ orgId: sysOrg.id, orgName: sysOrg.orgName })
      .from(sysDataPermissionOrg)
      .innerJoin(sysOrg, eq(sysOrg.id, sysDataPermissionOrg.orgId))
      .where(and(eq(sysDataPermissionOrg.ruleId, ruleId), notDeleted(sysOrg)))
      .orderBy(asc(sysOrg.orgSort), asc(sysOrg.id));
  }

  /** CUSTOM needs at least one org and is the only scope that may name orgs. */
  async function checkOrgs(ex: Executor, input: RuleInput) {
    if (input.scopeType !== 'CUSTOM') {
      if (input.orgIds.length) throw errors.badRequest('只有自定义范围可以指定机构');
      return;
    }
    if (!input.orgIds.length) throw errors.badRequest('自定义范围请至少选择一个机构');
    const known = await existingOrgIds(ex, input.orgIds);
    const unknown = input.orgIds.filter((id) => !known.has(id));
    if (unknown.length) throw errors.badRequest(`机构不存在：${unknown.join(',')}`);
  }

  async function writeOrgs(ex: Executor, ruleId: number, orgIds: number[]) {
    await ex.delete(sysDataPermissionOrg).where(eq(sysDataPermissionOrg.ruleId, ruleId));
    const unique = [...new Set(orgIds)];
    if (unique.length) await ex.insert(sysDataPermissionOrg).values(unique.map((orgId) => ({ ruleId, orgId })));
  }

  async function findLive(ex: Executor, id: number): Promise<RuleRow> {
    const [row] = await ex.select().from(sysDataPermission).where(and(eq(sysDataPermission.id, id), notDeleted(sysDataPermission))).limit(1);
    if (!row) throw errors.notFound('数据权限规则');
    return row;
  }

  const withOrgs = async (ex: Executor, row: RuleRow) => {
    const orgs = await orgsOf(ex, row.id);
    return { ...row, orgIds: orgs.map((o) => o.orgId), orgs };
  };

  return {
    async page(filter: RuleFilter, page: PageParameter) {
      const conditions: Array<SQL | undefined> = [notDeleted(sysDataPermission)];
      if (filter.keyword) {
        const pattern = likePattern(filter.keyword);
        conditions.push(or(ilike(sysDataPermission.ruleName, pattern), ilike(sysDataPermission.ruleCode, pattern)));
      }
      if (filter.scopeType) conditions.push(eq(sysDataPermission.scopeType, filter.scopeType));
      if (filter.status) conditions.push(eq(sysDataPermission.status, filter.status));
      const where = and(...conditions);
      return paginate(
        page,
        (limit, offset) => db.select().from(sysDataPermission).where(where).orderBy(asc(sysDataPermission.sort), desc(sysDataPermission.id)).limit(limit).offset(offset),
        async () => (await db.select({ n: count() }).from(sysDataPermission).where(where))[0]!.n,
      );
    },

    async detail(id: number) {
      return withOrgs(db, await findLive(db, id));
    },

    async add(input: RuleInput, change: ChangeContext) {
      return withTransaction(db, async (tx) => {
        await checkOrgs(tx, input);
        const { orgIds, ...values } = input;
        const [row] = await tx.insert(sysDataPermission).values({ ...values, ...createdBy(change.actor) }).returning();
        await writeOrgs(tx, row!.id, orgIds);
        const after = await withOrgs(tx, row!);
        await recordOperation(tx, { module: DATA_PERMISSION_MODULE, action: 'CREATE', entityId: row!.id, summary: `新增数据权限规则「${row!.ruleName}」`, after, ...change });
        return after;
      });
    },

    async update(id: number, lockVersion: number, input: RuleInput, change: ChangeContext) {
      return withTransaction(db, async (tx) => {
        const before = await withOrgs(tx, await findLive(tx, id));
        await checkOrgs(tx, input);
        const { orgIds, ...values } = input;
        const row = await updateVersioned(tx, sysDataPermission, id, lockVersion, values, change.actor, '数据权限规则');
        await writeOrgs(tx, id, orgIds);
        const after = await withOrgs(tx, row);
        await recordOperation(tx, { module: DATA_PERMISSION_MODULE, action: 'UPDATE', entityId: id, summary: `修改数据权限规则「${row.ruleName}」`, before, after, ...change });
        return after;
      });
    },

    /** Refused while a role or an organisation holds the rule: unbinding first keeps nobody's scope changing silently. */
    async remove(id: number, lockVersion: number | undefined, change: ChangeContext) {
      await withTransaction(db, async (tx) => {
        const before = await withOrgs(tx, await findLive(tx, id));
        const [role] = await tx.select({ id: sysRoleDataPermission.roleId }).from(sysRoleDataPermission).where(eq(sysRoleDataPermission.ruleId, id)).limit(1);
        if (role) throw errors.conflict('该规则已绑定角色，请先解除绑定后再删除');
        const [org] = await tx.select({ id: sysOrgDataPermission.orgId }).from(sysOrgDataPermission).where(eq(sysOrgDataPermission.ruleId, id)).limit(1);
        if (org) throw errors.conflict('该规则已绑定机构，请先解除绑定后再删除');
        const after = await softDelete(tx, sysDataPermission, id, lockVersion, change.actor, '数据权限规则');
        await tx.delete(sysDataPermissionOrg).where(eq(sysDataPermissionOrg.ruleId, id));
        await recordOperation(tx, { module: DATA_PERMISSION_MODULE, action: 'DELETE', entityId: id, summary: `删除数据权限规则「${before.ruleName}」`, before, after, ...change });
      });
    },

    /** Enables (NORMAL) or disables (DISABLED) a rule; without lockVersion the current one is used. */
    async updateStatus(id: number, status: string, lockVersion: number | undefined, change: ChangeContext) {
      return withTransaction(db, async (tx) => {
        const before = await findLive(tx, id);
        const row = await updateVersioned(tx, sysDataPermission, id, lockVersion ?? before.lockVersion, { status }, change.actor, '数据权限规则');
        await recordOperation(tx, {
          module: DATA_PERMISSION_MODULE, action: status === 'NORMAL' ? 'ENABLE' : 'DISABLE', entityId: id,
          summary: `${status === 'NORMAL' ? '启用' : '停用'}数据权限规则「${row.ruleName}」`, before, after: row, ...change,
        });
        return withOrgs(tx, row);
      });
    },
  };
}
export type DataPermissionService = ReturnType<typeof createDataPermissionService>;
