import { sql } from 'drizzle-orm';
import type { DictType } from '@dandelion/shared/base/dict';
import { bigint, boolean, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { registerUniqueField } from '../../../core/dbErrors';
import { registerDuplicateCheck } from '../../../core/duplicateCheck';
import { auditColumns, idColumn } from '../../../core/records';

/**
 * Dictionaries (spec §3 Dictionary item): a DICT row is a category (ORG_TYPE),
 * its ITEM rows are the values. dictFullCode is PARENT|CODE and unique.
 */
export const baseDict = pgTable(
  'base_dict',
  {
    id: idColumn(),
    parentId: bigint('parent_id', { mode: 'number' }),
    dictCode: varchar('dict_code', { length: 64 }).notNull(),
    dictFullCode: varchar('dict_full_code', { length: 256 }).notNull(),
    dictName: varchar('dict_name', { length: 128 }).notNull(),
    dictType: varchar('dict_type', { length: 8 }).$type<DictType>().notNull(),
    dictLevel: integer('dict_level').notNull().default(1),
    dictSort: integer('dict_sort').notNull().default(0),
    lockFlag: boolean('lock_flag').notNull().default(false),
    remark: varchar('remark', { length: 512 }),
    /** The application (sys_app.app_code) a DICT category belongs to; null for categories every app shares. */
    appCode: varchar('app_code', { length: 64 }),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('base_dict_full_code_uq').on(t.dictFullCode).where(sql`del_flag = 0`),
    index('base_dict_parent_idx').on(t.parentId),
  ],
);

registerUniqueField('base_dict_full_code_uq', '字典编码');

/** What /rest/common/checkDuplicate may be asked about this entity. */
registerDuplicateCheck('dictionary', { dictFullCode: { table: baseDict, column: baseDict.dictFullCode, label: '字典编码' } }, ['dict', 'base_dict']);
