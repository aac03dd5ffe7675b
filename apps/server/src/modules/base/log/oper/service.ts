import type { Db } from '../../../../core/db';
import { beijingTime, type SheetColumn } from '../../../../core/excel';
import { createLogReader } from '../reads';
import { operLogRepo, type OperLogItem } from './repo';

const EXPORT_COLUMNS: SheetColumn<OperLogItem>[] = [
  { header: '操作时间', width: 20, value: (r) => beijingTime(r.createTime) },
  { header: '模块', width: 22, value: (r) => r.module },
  { header: '操作', width: 12, value: (r) => r.action },
  { header: '记录编号', width: 12, value: (r) => r.entityId },
  { header: '摘要', width: 50, value: (r) => r.summary },
  { header: '操作人', width: 16, value: (r) => r.username },
  { header: 'IP', width: 18, value: (r) => r.ip },
  { header: '请求编号', width: 38, value: (r) => r.requestId },
];

/**
 * Reading the operation log (pages /base/log/logList and logDetail); rows are written by recordOperation.
 * Before and after values stay in the detail view, out of the export.
 */
export function createOperLogService({ db }: { db: Db }) {
  return {
    ...createLogReader(db, '操作日志', operLogRepo, { name: '操作日志', columns: EXPORT_COLUMNS }),
    /** The modules that have logged changes, with their row counts, for the search form. */
    modules: () => operLogRepo.modules(db),
  };
}
export type OperLogService = ReturnType<typeof createOperLogService>;
