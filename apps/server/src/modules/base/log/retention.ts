import { sysOperLog } from '../../../core/audit';
import type { Db } from '../../../core/db';
import { purgeOlder } from '../../../core/listing';
import { sysAccessLog, sysRestLog } from './tables';

export interface PurgedLogs {
  restLogs: number;
  operLogs: number;
  loginLogs: number;
  accessLogs: number;
}

/**
 * Log retention: deletes interface-call, operation, sign-in and access log rows older than the given
 * number of days. Run by the scheduler's log-purge job; each kind in its own statements, a chunk
 * at a time, so a long purge of one does not hold locks on the others.
 */
export async function purgeLogs(db: Db, olderThanDays: number, purgeLoginLogs: (before: Date) => Promise<number>): Promise<PurgedLogs> {
  const before = new Date(Date.now() - olderThanDays * 86_400_000);
  const restLogs = await purgeOlder(db, sysRestLog, sysRestLog.id, sysRestLog.createTime, before);
  const operLogs = await purgeOlder(db, sysOperLog, sysOperLog.id, sysOperLog.createTime, before);
  // The sign-in log belongs to the identity module, which purges its own rows.
  const loginLogs = await purgeLoginLogs(before);
  const accessLogs = await purgeOlder(db, sysAccessLog, sysAccessLog.id, sysAccessLog.createTime, before);
  return { restLogs, operLogs, loginLogs, accessLogs };
}
