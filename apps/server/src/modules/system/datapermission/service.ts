import type { PageParameter } from '@dandelion/shared';
import type { ScopeType } from '@dandelion/shared/system/datapermission';
import { recordOperation, type ChangeContext } from '../../../core/audit';
import type { Db, Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { withTransaction } from '../../../core/transaction';
import { orgDirectory } from '../org/module';
import { ruleRepo, type RuleFilter, type RuleRow } from './repo';

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

/** Refuses unknown or deleted rule ids (400) before a binding changes. */
async function checkRules(ex: Executor, ruleIds: number[]): Promise<void> {
  const known = await ruleRepo.liveIds(ex, ruleIds);
  const unknown = ruleIds.filter((id) => !known.has(id));
  if (unknown.length) throw errors.badRequest(`数据权限规则不存在：${unknown.join(',')}`);
}

/** Rules bound to organisations (every member holds them), in the caller's transaction. */
export const orgRules = {
  idsOf: (ex: Executor, orgId: number) => ruleRepo.ruleIdsOfOrg(ex, orgId),
  /** Replaces an organisation's rules; unknown or deleted rule ids are refused (400) before anything changes. */
  async replace(ex: Executor, orgId: number, ruleIds: number[]): Promise<void> {
    const unique = [...new Set(ruleIds)];
    await checkRules(ex, unique);
    await ruleRepo.replaceOrgRules(ex, orgId, unique);
  },
  forget: (ex: Executor, orgId: number) => ruleRepo.forgetOrg(ex, orgId),
};

/** Rules bound to roles, in the caller's transaction. */
export const roleRules = {
  idsOf: (ex: Executor, roleId: number) => ruleRepo.ruleIdsOfRole(ex, roleId),
  /** Every live rule a role may be given (disabled ones included, marked by status). */
  options: (ex: Executor) => ruleRepo.options(ex),
  /** Replaces a role's rules; unknown or deleted rule ids are refused (400) before anything changes. */
  async replace(ex: Executor, roleId: number, ruleIds: number[]): Promise<void> {
    await checkRules(ex, ruleIds);
    await ruleRepo.replaceRoleRules(ex, roleId, ruleIds);
  },
  forget: (ex: Executor, roleId: number) => ruleRepo.forgetRole(ex, roleId),
};

/** Data-permission rules (spec §6; /rest/datapermission/*). */
export function createDataPermissionService({ db }: { db: Db }) {
  /** CUSTOM needs at least one org and is the only scope that may name orgs. */
  async function checkOrgs(ex: Executor, input: RuleInput) {
    if (input.scopeType !== 'CUSTOM') {
      if (input.orgIds.length) throw errors.badRequest('只有自定义范围可以指定机构');
      return;
    }
    if (!input.orgIds.length) throw errors.badRequest('自定义范围请至少选择一个机构');
    const known = await orgDirectory.liveIds(ex, input.orgIds);
    const unknown = input.orgIds.filter((id) => !known.has(id));
    if (unknown.length) throw errors.badRequest(`机构不存在：${unknown.join(',')}`);
  }

  async function findLive(ex: Executor, id: number): Promise<RuleRow> {
    const row = await ruleRepo.findLive(ex, id);
    if (!row) throw errors.notFound('数据权限规则');
    return row;
  }

  const withOrgs = async (ex: Executor, row: RuleRow) => {
    const orgs = await ruleRepo.orgsOf(ex, row.id);
    return { ...row, orgIds: orgs.map((o) => o.orgId), orgs };
  };

  const log = (ex: Executor, change: ChangeContext, action: string, entityId: number, summary: string, before: unknown, after: unknown) =>
    recordOperation(ex, { module: DATA_PERMISSION_MODULE, action, entityId, summary, before, after, ...change });

  return {
    page: (filter: RuleFilter, page: PageParameter) => ruleRepo.page(db, filter, page),

    async detail(id: number) {
      return withOrgs(db, await findLive(db, id));
    },

    add: (input: RuleInput, change: ChangeContext) =>
      withTransaction(db, async (tx) => {
        await checkOrgs(tx, input);
        const { orgIds, ...fields } = input;
        const row = await ruleRepo.insert(tx, fields, change.actor);
        await ruleRepo.replaceOrgsOfRule(tx, row.id, orgIds);
        const after = await withOrgs(tx, row);
        await log(tx, change, 'CREATE', row.id, `新增数据权限规则「${row.ruleName}」`, undefined, after);
        return after;
      }),

    update: (id: number, lockVersion: number, input: RuleInput, change: ChangeContext) =>
      withTransaction(db, async (tx) => {
        const before = await withOrgs(tx, await findLive(tx, id));
        await checkOrgs(tx, input);
        const { orgIds, ...fields } = input;
        const row = await ruleRepo.update(tx, id, lockVersion, fields, change.actor);
        await ruleRepo.replaceOrgsOfRule(tx, id, orgIds);
        const after = await withOrgs(tx, row);
        await log(tx, change, 'UPDATE', id, `修改数据权限规则「${row.ruleName}」`, before, after);
        return after;
      }),

    /** Refused while a role or an organisation holds the rule: unbinding first keeps nobody's scope changing silently. */
    remove: (id: number, lockVersion: number | undefined, change: ChangeContext) =>
      withTransaction(db, async (tx) => {
        const before = await withOrgs(tx, await findLive(tx, id));
        if (await ruleRepo.isBoundToRole(tx, id)) throw errors.conflict('该规则已绑定角色，请先解除绑定后再删除');
        if (await ruleRepo.isBoundToOrg(tx, id)) throw errors.conflict('该规则已绑定机构，请先解除绑定后再删除');
        const after = await ruleRepo.softDelete(tx, id, lockVersion, change.actor);
        await ruleRepo.replaceOrgsOfRule(tx, id, []);
        await log(tx, change, 'DELETE', id, `删除数据权限规则「${before.ruleName}」`, before, after);
      }),

    /** Enables (NORMAL) or disables (DISABLED) a rule; without lockVersion the current one is used. */
    updateStatus: (id: number, lockVersion: number | undefined, status: string, change: ChangeContext) =>
      withTransaction(db, async (tx) => {
        const before = await findLive(tx, id);
        const row = await ruleRepo.update(tx, id, lockVersion ?? before.lockVersion, { status }, change.actor);
        const verb = status === 'NORMAL' ? '启用' : '停用';
        await log(tx, change, status === 'NORMAL' ? 'ENABLE' : 'DISABLE', id, `${verb}数据权限规则「${row.ruleName}」`, before, row);
        return withOrgs(tx, row);
      }),
  };
}
export type DataPermissionService = ReturnType<typeof createDataPermissionService>;
