import type { Executor } from '../../../core/db';
import type { RoleScope } from '../../../core/dataScope';
import { ruleRepo } from './repo';

/**
 * The data-permission rules a user holds, as scopes to combine with their roles' own: rules bound
 * to any of their roles, and rules bound to their organisation. Disabled or deleted rules count for nothing.
 */
export async function ruleScopesOfHolder(ex: Executor, holder: { roleIds: number[]; orgId: number | null }): Promise<RoleScope[]> {
  const ruleIds = await ruleRepo.heldRuleIds(ex, holder);
  if (!ruleIds.length) return [];
  const rules = await ruleRepo.inForce(ex, ruleIds);
  const custom = rules.filter((r) => r.scopeType === 'CUSTOM').map((r) => r.id);
  const orgRows = custom.length ? await ruleRepo.orgRowsOfRules(ex, custom) : [];
  return rules.map((r) => ({
    dataScope: r.scopeType,
    customOrgIds: r.scopeType === 'CUSTOM' ? orgRows.filter((o) => o.ruleId === r.id).map((o) => o.orgId) : undefined,
  }));
}
