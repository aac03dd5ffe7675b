import type { Db } from '../../../core/db';
import { errors } from '../../../core/errors';
import { findDuplicateCheckedField } from '../../../core/duplicateCheck';
import { duplicateRepo } from './repo';

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
      const taken = await duplicateRepo.taken(db, target, q.fieldVal, q.dataId ?? null);
      return taken ? { success: false, message: `${target.label}已存在` } : { success: true, message: `${target.label}可以使用` };
    },
  };
}
export type DuplicateService = ReturnType<typeof createDuplicateService>;
