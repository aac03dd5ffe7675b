import { sql } from 'drizzle-orm';
import type { ScopeType } from '@dandelion/shared/system/datapermission';
import { bigint, index, integer, pgTable, primaryKey, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { registerUniqueField } from '../../../core/dbErrors';
import { auditColumns, idColumn } from '../../../core/records';

/**
 * Data-permission rules (spec §6: roles and organisations bind data-permission rules): how far a
 * holder sees organisation-owned data. scopeType: ALL, ORG_AND_CHILDREN, ORG, SELF or CUSTOM
 * (CUSTOM lists its organisations in sys_data_permission_org).
 */
export const sysDataPermission = pgTable(
  'sys_data_permission',
  {
    id: idColumn(),
    ruleCode: varchar('rule_code', { length: 64 }).notNull(),
    ruleName: varchar('rule_name', { length: 64 }).notNull(),
    scopeType: varchar('scope_type', { length: 32 }).$type<ScopeType>().notNull(),
    status: varchar('status', { length: 16 }).notNull().default('NORMAL'),
    sort: integer('sort').notNull().default(0),
    remark: varchar('remark', { length: 512 }),
    ...auditColumns,
  },
  (t) => [uniqueIndex('sys_data_permission_code_uq').on(t.ruleCode).where(sql`del_flag = 0`)],
);

export const sysDataPermissionOrg = pgTable(
  'sys_data_permission_org',
  {
    ruleId: bigint('rule_id', { mode: 'number' }).notNull(),
    orgId: bigint('org_id', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.ruleId, t.orgId] })],
);

/** Rules bound to roles. */
export const sysRoleDataPermission = pgTable(
  'sys_role_data_permission',
  {
    roleId: bigint('role_id', { mode: 'number' }).notNull(),
    ruleId: bigint('rule_id', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.ruleId] }), index('sys_role_data_permission_rule_idx').on(t.ruleId)],
);

/** Rules bound to organisations (every member holds them). */
export const sysOrgDataPermission = pgTable(
  'sys_org_data_permission',
  {
    orgId: bigint('org_id', { mode: 'number' }).notNull(),
    ruleId: bigint('rule_id', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.ruleId] }), index('sys_org_data_permission_rule_idx').on(t.ruleId)],
);

registerUniqueField('sys_data_permission_code_uq', '规则编码');
