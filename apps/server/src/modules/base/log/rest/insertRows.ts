import type { Db } from '../../../../core/db';
import { insertRowsAsParams } from '../../../../core/sql';
import type { RestLogRow } from './repo';

const COLUMNS = [
  'method', 'path', 'route', 'query', 'status', 'code', 'duration_ms', 'user_id', 'username', 'ip', 'user_agent', 'request_id',
  'request_body', 'response_body', 'create_time',
] as const;
const CREATE_TIME = COLUMNS.indexOf('create_time');

/**
 * Writes a batch of interface-log rows: one INSERT, every value its own parameter. Before, the batch went
 * as one JSON parameter (core/sql.ts jsonRecords): each stored answer — itself JSON text of several KB —
 * was escaped into it by JSON.stringify and parsed back by PostgreSQL, per call (docs/framework-overhead.md).
 */
export function insertRestLogRows(db: Db, rows: readonly RestLogRow[]): Promise<void> {
  return insertRowsAsParams(
    db,
    'sys_rest_log',
    COLUMNS,
    rows.map((r) => [
      r.method, r.path, r.route ?? null, r.query ?? null, r.status, r.code ?? null, r.durationMs, r.userId ?? null, r.username ?? null,
      r.ip ?? null, r.userAgent ?? null, r.requestId ?? null, r.requestBody ?? null, r.responseBody ?? null, r.createTime ?? null,
    ]),
    // The column's default when a row has no time, as the JSON path's coalesce(…, now()) gave.
    { values: { [CREATE_TIME]: (p) => `coalesce(${p}::timestamptz, now())` } },
  );
}
