import type { RecordStatus } from '@dandelion/shared';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { registerUniqueField } from '../../../core/dbErrors';
import { auditColumns, idColumn } from '../../../core/records';
import { registerDuplicateCheck } from '../../../core/duplicateCheck';

/** Posts (positions) staff hold; status NORMAL or DISABLED (spec §4: posts have a status update). */
export const sysPost = pgTable(
  'sys_post',
  {
    id: idColumn(),
    postCode: varchar('post_code', { length: 64 }).notNull(),
    postName: varchar('post_name', { length: 64 }).notNull(),
    status: varchar('status', { length: 16 }).$type<RecordStatus>().notNull().default('NORMAL'),
    sort: integer('sort').notNull().default(0),
    remark: varchar('remark', { length: 512 }),
    ...auditColumns,
  },
  (t) => [uniqueIndex('sys_post_code_uq').on(t.postCode).where(sql`del_flag = 0`)],
);

export const sysUserPost = pgTable(
  'sys_user_post',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    postId: bigint('post_id', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.postId] }), index('sys_user_post_post_idx').on(t.postId)],
);

registerUniqueField('sys_post_code_uq', '岗位编码');

/** What /rest/common/checkDuplicate may be asked about this entity. */
registerDuplicateCheck('post', { postCode: { table: sysPost, column: sysPost.postCode, label: '岗位编码' } }, ['sys_post']);
