import type { Db } from '../../../../core/db';
import { beijingTime, type SheetColumn } from '../../../../core/excel';
import { createLogReader } from '../reads';
import { restLogRepo, type RestLogItem } from './repo';

const EXPORT_COLUMNS: SheetColumn<RestLogItem>[] = [
  { header: '调用时间', width: 20, value: (r) => beijingTime(r.createTime) },
  { header: '请求方法', width: 10, value: (r) => r.method },
  { header: '接口路径', width: 44, value: (r) => r.path },
  { header: 'HTTP 状态', width: 10, value: (r) => r.status },
  { header: '业务码', width: 10, value: (r) => r.code },
  { header: '耗时（毫秒）', width: 12, value: (r) => r.durationMs },
  { header: '用户', width: 16, value: (r) => r.username },
  { header: 'IP', width: 18, value: (r) => r.ip },
  { header: '请求编号', width: 38, value: (r) => r.requestId },
  { header: '客户端', width: 40, value: (r) => r.userAgent },
];

/** Reading the interface-call log (pages /base/rest/restList and restDetail); the export leaves the bodies out. */
export function createRestLogService({ db }: { db: Db }) {
  return createLogReader(db, '接口日志', restLogRepo, { name: '接口调用日志', columns: EXPORT_COLUMNS });
}
export type RestLogService = ReturnType<typeof createRestLogService>;
