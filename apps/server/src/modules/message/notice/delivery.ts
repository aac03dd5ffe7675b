import { sql } from 'drizzle-orm';
import type { Executor } from '../../../core/db';
import { sysUser } from '../../system/user/schema';
import { inAudience, noticeDeliverable, userReachable } from './audience';
import { sysNotice, sysNoticeReceiver } from './schema';

/*
 * Delivery puts a released notice into its audience's inboxes (sys_notice_receiver). The primary key
 * (notice, user) and ON CONFLICT DO NOTHING make every delivery idempotent: releasing, syncing twice
 * or syncing after the audience changed never gives anyone a second copy.
 */

const stamp = (at: Date) => sql`${at.toISOString()}::timestamptz`;
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Delivers one notice to every reachable user of its audience who lacks it; answers how many got it now. */
export async function deliverToAudience(ex: Executor, noticeId: number, now: Date): Promise<number> {
  const result = await ex.execute(sql`
    insert into ${sysNoticeReceiver} (notice_id, user_id, deliver_time)
    select ${sysNotice.id}, ${sysUser.id}, ${stamp(now)} from ${sysNotice}, ${sysUser}
    where ${sysNotice.id} = ${noticeId} and ${noticeDeliverable(now)} and ${userReachable()} and ${inAudience(sysUser.id, sysUser.orgId)}
    on conflict do nothing
    returning user_id`);
  return rowsOf(result).length;
}

/**
 * Takes a notice back from the unread inboxes of users no longer in its audience (a role taken
 * away, a move to another organisation). Read copies stay: they record who read it while it was theirs.
 */
export async function withdrawFromNonMembers(ex: Executor, noticeId: number): Promise<number> {
  const result = await ex.execute(sql`
    delete from ${sysNoticeReceiver} r using ${sysNotice}
    where r.notice_id = ${sysNotice.id} and ${sysNotice.id} = ${noticeId} and r.read_time is null
      and not exists (select 1 from ${sysUser} where ${sysUser.id} = r.user_id and ${userReachable()} and ${inAudience(sysUser.id, sysUser.orgId)})
    returning r.user_id`);
  return rowsOf(result).length;
}
