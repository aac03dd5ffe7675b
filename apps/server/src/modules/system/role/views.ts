import { and, eq } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { notDeleted } from '../../../core/records';
import { sysRole } from './tables';

/*
 * Read-only views of the role table for other modules' set-based SQL (who holds a role in force,
 * a role's name in a list). The table stays this feature's own.
 */

const qb = new QueryBuilder();

const roleColumns = {
  roleId: sysRole.id,
  roleCode: sysRole.roleCode,
  roleName: sysRole.roleName,
  sort: sysRole.sort,
};

/** Roles that are not deleted, enabled or not (a saved choice still shows its name). */
export const liveRoles = qb.select(roleColumns).from(sysRole).where(notDeleted(sysRole)).as('live_roles');

/** Roles in force: not deleted and enabled. Holding a disabled role grants nothing. */
export const rolesInForce = qb
  .select(roleColumns)
  .from(sysRole)
  .where(and(notDeleted(sysRole), eq(sysRole.status, 'NORMAL')))
  .as('roles_in_force');
