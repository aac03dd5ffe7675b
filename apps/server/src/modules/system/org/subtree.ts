import { sql, type SQL } from 'drizzle-orm';
import { sysOrg } from './tables';

/**
 * The ids of an organisation and all its descendants, as a subquery. parent_org_ids lists the
 * ancestors root first, comma separated: a subtree is the org itself plus every org whose
 * ancestor list contains it.
 */
export function orgSubtreeIds(rootOrgId: number): SQL {
  return sql`select ${sysOrg.id} from ${sysOrg} where ${sysOrg.id} = ${rootOrgId}
      or (',' || ${sysOrg.parentOrgIds} || ',') like ${`%,${rootOrgId},%`}`;
}
