import type { PrizeFormConfig, PrizeGradeRule, PrizeKind, RubricCriterion } from '@dandelion/shared/award/prize';
import type { RecordStatus } from '@dandelion/shared';
import type { GroupScoreMethod } from '@dandelion/shared/award/aggregation';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { registerUniqueField } from '../../../core/dbErrors';
import { registerDuplicateCheck } from '../../../core/duplicateCheck';
import { auditColumns, idColumn } from '../../../core/records';

/**
 * Prizes (奖种). Grades, rubric and form configuration are kept as JSON on the prize: they are
 * edited together in one form under one lock version, and a declaration or a review reads them
 * whole, never one criterion across prizes.
 */
export const awardPrize = pgTable(
  'award_prize',
  {
    id: idColumn(),
    prizeCode: varchar('prize_code', { length: 32 }).notNull(),
    prizeName: varchar('prize_name', { length: 64 }).notNull(),
    kind: varchar('kind', { length: 32 }).$type<PrizeKind>().notNull(),
    guide: text('guide'),
    grades: jsonb('grades').$type<PrizeGradeRule[]>().notNull(),
    rubric: jsonb('rubric').$type<RubricCriterion[]>().notNull(),
    formConfig: jsonb('form_config').$type<PrizeFormConfig>().notNull(),
    /** How the expert review forms a group score: trimmed mean (Chinese practice) or plain mean. */
    scoreMethod: varchar('score_method', { length: 8 }).$type<GroupScoreMethod>().notNull().default('TRIMMED'),
    status: varchar('status', { length: 16 }).$type<RecordStatus>().notNull().default('NORMAL'),
    sort: integer('sort').notNull().default(0),
    remark: varchar('remark', { length: 512 }),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('award_prize_code_uq').on(t.prizeCode).where(sql`del_flag = 0`),
    index('award_prize_sort_idx').on(t.sort, t.id).where(sql`del_flag = 0`),
  ],
);

registerUniqueField('award_prize_code_uq', '奖种编码');

registerDuplicateCheck('prize', { prizeCode: { table: awardPrize, column: awardPrize.prizeCode, label: '奖种编码' } }, ['award_prize']);
