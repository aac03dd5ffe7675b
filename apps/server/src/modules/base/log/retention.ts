import { lt } from 'drizzle-orm';
import type { Db } from '../../../core/db';
import { sysLoginLog } from '../../auth/schema';
import { sysOperLog, sysRestLog } from './schema';

export interface PurgedLogs {
  restLogs: number;
  operLogs: number;
  loginLogs: number;
}

/**
 * Log retention: deletes interface-call, operation and sign-in log rows older than the given
 * number of days. Run by the scheduler's log-purge job; each kind in its own statement so a
 * long purge of one does not hold locks on the others.
 */
export async function purgeLogs(db: Db, olderThanDays: number): Promise<PurgedLogs> {
  const before = new Date(Date.now() - olderThanDays * 86_400_000);
  const rest = await db.delete(sysRestLog).where(lt(sysRestLog.createTime, before)).returning({ id: sysRestLog.id });
  const oper = await db.delete(sysOperLog).where(lt(sysOperLog.createTime, before)).returning({ id: sysOperLog.id });
  const login = await db.delete(sysLoginLog).where(lt(sysLoginLog.createTime, before)).returning({ id: sysLoginLog.id });
  return { restLogs: rest.length, operLogs: oper.length, loginLogs: login.length };
}
