import type { RecordStatus } from '@dandelion/shared';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { registerUniqueField } from '../../../core/dbErrors';
import { auditColumns, idColumn } from '../../../core/records';

/** Applications (spec §3 Session state apps: appCode, visitUrl, menus, path). */
export const sysApp = pgTable(
  'sys_app',
  {
    id: idColumn(),
    appCode: varchar('app_code', { length: 64 }).notNull(),
    appName: varchar('app_name', { length: 64 }).notNull(),
    visitUrl: varchar('visit_url', { length: 512 }).notNull(),
    path: varchar('path', { length: 256 }).notNull().default('/'),
    status: varchar('status', { length: 16 }).$type<RecordStatus>().notNull().default('NORMAL'),
    sort: integer('sort').notNull().default(0),
    remark: varchar('remark', { length: 512 }),
    ...auditColumns,
  },
  (t) => [uniqueIndex('sys_app_code_uq').on(t.appCode).where(sql`del_flag = 0`)],
);

/** Menus belonging to an application. */
export const sysAppFunc = pgTable(
  'sys_app_func',
  {
    appId: bigint('app_id', { mode: 'number' }).notNull(),
    funcId: bigint('func_id', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.funcId] }), index('sys_app_func_func_idx').on(t.funcId)],
);

registerUniqueField('sys_app_code_uq', '应用编码');
