import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../core/db';
import { errors } from '../../../core/errors';
import { findDuplicateCheckedField } from '../../../core/duplicateCheck';
import { notDeleted } from '../../../core/records';

export interface DuplicateQuery {
  tableName: string;
  tableKey?: string | null;
  fieldName: string;
  fieldVal: string;
  dataId?: number | null;
}

/**
 * The duplicate check of spec §5 over the fields features register with `registerDuplicateCheck`
 * (user, menu, organisation, post, role, dictionary, task, message and portal templates).
 */
export function createDuplicateService({ db }: { db: Db }) {
  return {
    /** Whether the value is free; `dataId` is the record being edited, deleted rows never count. */
    async check(q: DuplicateQuery): Promise<{ success: boolean; message: string }> {
      const target = findDuplicateCheckedField(q.tableName, q.fieldName);
      if (!target) throw errors.badRequest('不支持的重复校验');
      const same: SQL = target.caseInsensitive ? sql`lower(${target.column}) = lower(${q.fieldVal})` : eq(target.column, q.fieldVal);
      const [hit] = await db
        .select({ id: target.table.id })
        .from(target.table)
        .where(and(same, notDeleted(target.table), q.dataId ? ne(target.table.id, q.dataId) : undefined))
        .limit(1);
      return hit ? { success: false, message: `${target.label}已存在` } : { success: true, message: `${target.label}可以使用` };
    },
  };
}
export type DuplicateService = ReturnType<typeof createDuplicateService>;
