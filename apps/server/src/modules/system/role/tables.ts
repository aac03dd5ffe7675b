import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { registerUniqueField } from '../../../core/dbErrors';
import { auditColumns, idColumn } from '../../../core/records';
import { registerDuplicateCheck } from '../../../core/duplicateCheck';

/** Roles. roleType is a ROLE_TYPE dictionary code: SYS, CENTER or CLIENT (spec §6). */
export const sysRole = pgTable(
  'sys_role',
  {
    id: idColumn(),
    roleCode: varchar('role_code', { length: 64 }).notNull(),
    roleName: varchar('role_name', { length: 64 }).notNull(),
    roleType: varchar('role_type', { length: 16 }).notNull().default('SYS'),
    /** ALL, ORG_AND_CHILDREN, ORG, SELF or CUSTOM: how far the role sees organisation-owned data. */
    dataScope: varchar('data_scope', { length: 32 }).notNull().default('SELF'),
    status: varchar('status', { length: 16 }).notNull().default('NORMAL'),
    sort: integer('sort').notNull().default(0),
    remark: varchar('remark', { length: 512 }),
    ...auditColumns,
  },
  (t) => [uniqueIndex('sys_role_code_uq').on(t.roleCode).where(sql`del_flag = 0`)],
);

/** Functions (menus and buttons) a role grants. */
export const sysRoleFunc = pgTable(
  'sys_role_func',
  {
    roleId: bigint('role_id', { mode: 'number' }).notNull(),
    funcId: bigint('func_id', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.funcId] }), index('sys_role_func_func_idx').on(t.funcId)],
);

registerUniqueField('sys_role_code_uq', '角色编码');

/** Organisations a CUSTOM data-scope role may see. */
export const sysRoleDataOrg = pgTable(
  'sys_role_data_org',
  {
    roleId: bigint('role_id', { mode: 'number' }).notNull(),
    orgId: bigint('org_id', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.orgId] })],
);

/** What /rest/common/checkDuplicate may be asked about this entity. */
registerDuplicateCheck('role', { roleCode: { table: sysRole, column: sysRole.roleCode, label: '角色编码' } }, ['sys_role']);
