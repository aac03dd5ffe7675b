import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { DuplicateCheckedField } from '../../../core/duplicateCheck';
import type { Executor } from '../../../core/db';
import { notDeleted } from '../../../core/records';

/** The one query of the duplicate check, over whichever registered field is asked about. */
export const duplicateRepo = {
  /** Whether a live row other than `exceptId` holds `value` in the field. */
  async taken(ex: Executor, field: DuplicateCheckedField, value: string, exceptId: number | null): Promise<boolean> {
    const same: SQL = field.caseInsensitive ? sql`lower(${field.column}) = lower(${value})` : eq(field.column, value);
    const rows = await ex
      .select({ id: field.table.id })
      .from(field.table)
      .where(and(same, notDeleted(field.table), exceptId ? ne(field.table.id, exceptId) : undefined))
      .limit(1);
    return rows.length > 0;
  },
};
