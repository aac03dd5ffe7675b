import { sql } from 'drizzle-orm';
import type { FuncType } from '@dandelion/shared/system/func';
import { bigint, boolean, index, integer, pgTable, primaryKey, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { registerUniqueField } from '../../../core/dbErrors';
import { auditColumns, idColumn } from '../../../core/records';
import { registerDuplicateCheck } from '../../../core/duplicateCheck';

/**
 * Functions: the console's menu tree and its buttons (spec §2 menu node).
 * funcCode is the permission code (module:feature:action) and the menu node's `name`.
 */
export const sysFunc = pgTable(
  'sys_func',
  {
    id: idColumn(),
    pid: bigint('pid', { mode: 'number' }),
    funcCode: varchar('func_code', { length: 128 }).notNull(),
    funcName: varchar('func_name', { length: 64 }).notNull(),
    /** DIR (menu group), MENU (a page) or BUTTON (an action on a page). */
    funcType: varchar('func_type', { length: 16 }).$type<FuncType>().notNull(),
    path: varchar('path', { length: 256 }),
    /** Layout or page component path. */
    url: varchar('url', { length: 256 }),
    redirect: varchar('redirect', { length: 256 }),
    hidden: boolean('hidden').notNull().default(false),
    alwaysShow: boolean('always_show').notNull().default(false),
    icon: varchar('icon', { length: 128 }),
    activeMenu: varchar('active_menu', { length: 256 }),
    sort: integer('sort').notNull().default(0),
    status: varchar('status', { length: 16 }).notNull().default('NORMAL'),
    ...auditColumns,
  },
  (t) => [uniqueIndex('sys_func_code_uq').on(t.funcCode).where(sql`del_flag = 0`), index('sys_func_pid_idx').on(t.pid)],
);

registerUniqueField('sys_func_code_uq', '权限标识');

/** Recently opened menus per user (spec §9: at most 16 kept per code — here, per user). */
export const sysMenuView = pgTable(
  'sys_menu_view',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    funcId: bigint('func_id', { mode: 'number' }).notNull(),
    viewTime: timestamp('view_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.funcId] }), index('sys_menu_view_user_time_idx').on(t.userId, t.viewTime)],
);

/** What /rest/common/checkDuplicate may be asked about this entity. */
registerDuplicateCheck('menu', { funcCode: { table: sysFunc, column: sysFunc.funcCode, label: '权限标识' } }, ['button', 'sys_func', 'func']);
