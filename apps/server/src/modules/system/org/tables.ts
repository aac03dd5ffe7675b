import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { registerUniqueField } from '../../../core/dbErrors';
import { auditColumns, idColumn } from '../../../core/records';
import { registerDuplicateCheck } from '../../../core/duplicateCheck';

/** Organisations (spec §3 Current user info → org). orgType/orgLevel are ORG_TYPE/ORG_LEVEL dictionary codes. */
export const sysOrg = pgTable(
  'sys_org',
  {
    id: idColumn(),
    orgCode: varchar('org_code', { length: 64 }).notNull(),
    orgName: varchar('org_name', { length: 128 }).notNull(),
    orgType: varchar('org_type', { length: 32 }),
    orgLevel: varchar('org_level', { length: 32 }),
    parentOrgId: bigint('parent_org_id', { mode: 'number' }),
    /** Ancestor ids joined by commas, root first: subtree queries are a prefix match. */
    parentOrgIds: varchar('parent_org_ids', { length: 1024 }).notNull().default(''),
    orgAddr: varchar('org_addr', { length: 256 }),
    orgLinkman: varchar('org_linkman', { length: 64 }),
    orgLinktel: varchar('org_linktel', { length: 32 }),
    orgLinkemail: varchar('org_linkemail', { length: 128 }),
    orgStatus: varchar('org_status', { length: 16 }).notNull().default('NORMAL'),
    orgSort: integer('org_sort').notNull().default(0),
    remark: varchar('remark', { length: 512 }),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('sys_org_code_uq').on(t.orgCode).where(sql`del_flag = 0`),
    index('sys_org_parent_idx').on(t.parentOrgId),
  ],
);

registerUniqueField('sys_org_code_uq', '机构编码');

/** Organisation administrators (spec §6: organisations bind admins). */
export const sysOrgAdmin = pgTable(
  'sys_org_admin',
  {
    orgId: bigint('org_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.userId] }), index('sys_org_admin_user_idx').on(t.userId)],
);

/** Menus (functions) bound to an organisation (spec §6: organisations bind menus). */
export const sysOrgFunc = pgTable(
  'sys_org_func',
  {
    orgId: bigint('org_id', { mode: 'number' }).notNull(),
    funcId: bigint('func_id', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.funcId] }), index('sys_org_func_func_idx').on(t.funcId)],
);

/** What /rest/common/checkDuplicate may be asked about this entity. */
registerDuplicateCheck('organisation', { orgCode: { table: sysOrg, column: sysOrg.orgCode, label: '机构编码' } }, ['org', 'organ', 'organization', 'sys_org']);
