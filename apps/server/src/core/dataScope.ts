import { eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * How far a role sees organisation-owned data. A user with several roles sees
 * the union of what each role sees: the widest scope wins, and CUSTOM org lists
 * add up. Everyone always sees the records they created themselves.
 */
export type DataScopeType = 'ALL' | 'ORG_AND_CHILDREN' | 'ORG' | 'CUSTOM' | 'SELF';

/** How screens and exports name each scope. */
export const DATA_SCOPE_NAMES: Record<string, string> = { ALL: '全部', ORG_AND_CHILDREN: '本机构及下级', ORG: '本机构', SELF: '仅本人', CUSTOM: '自定义' };

export interface RoleScope {
  dataScope: string;
  customOrgIds?: number[];
}

export interface EffectiveDataScope {
  all: boolean;
  /** Org whose whole subtree is visible (ORG_AND_CHILDREN). */
  subtreeOf: number | null;
  /** Orgs visible one by one (ORG, CUSTOM). */
  orgIds: number[];
  /** The user; their own records are always visible. */
  userId: number;
}

export function combineDataScopes(roles: RoleScope[], user: { userId: number; orgId: number | null }): EffectiveDataScope {
  const effective: EffectiveDataScope = { all: false, subtreeOf: null, orgIds: [], userId: user.userId };
  const orgIds = new Set<number>();
  for (const role of roles) {
    switch (role.dataScope as DataScopeType) {
      case 'ALL':
        effective.all = true;
        break;
      case 'ORG_AND_CHILDREN':
        if (user.orgId !== null) effective.subtreeOf = user.orgId;
        break;
      case 'ORG':
        if (user.orgId !== null) orgIds.add(user.orgId);
        break;
      case 'CUSTOM':
        role.customOrgIds?.forEach((id) => orgIds.add(id));
        break;
      default: // SELF and anything unknown: nothing beyond one's own records
        break;
    }
  }
  effective.orgIds = [...orgIds];
  return effective;
}

/** A subquery selecting the ids of an organisation and all its descendants; the organisation module builds it. */
export type OrgSubtree = (rootOrgId: number) => SQL;

/**
 * The WHERE condition that limits a query to what the scope may see; undefined
 * means no limit. `orgId` is the column naming the owning organisation,
 * `ownerId` the column naming the creating user. `orgSubtree` comes from the
 * organisation module, which owns the tree.
 */
export function dataScopeCondition(
  scope: EffectiveDataScope,
  columns: { orgId: AnyPgColumn; ownerId: AnyPgColumn },
  orgSubtree: OrgSubtree,
): SQL | undefined {
  if (scope.all) return undefined;
  const visible: SQL[] = [eq(columns.ownerId, scope.userId)];
  if (scope.orgIds.length) visible.push(inArray(columns.orgId, scope.orgIds));
  if (scope.subtreeOf !== null) visible.push(sql`${columns.orgId} in (${orgSubtree(scope.subtreeOf)})`);
  return visible.length === 1 ? visible[0] : or(...visible);
}

