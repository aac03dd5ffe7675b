import { createHmac, timingSafeEqual } from 'node:crypto';
import { asc, desc, gt, isNotNull, isNull, lt, sql, and, count } from 'drizzle-orm';
import { sysOperLog } from '../../../../core/audit';
import type { Db, Executor } from '../../../../core/db';
import { withTransaction } from '../../../../core/transaction';

/**
 * Tamper evidence for the operation log. Rows are sealed in order a few seconds after they are
 * written (a transaction still open then would otherwise be overtaken): each seal is an HMAC, with
 * a key kept outside the database, of the row's content and the seal before it. Changing a sealed
 * row, deleting one from the middle or slipping one in breaks the chain at that row; without the
 * key nobody can seal it again. Retention removes the oldest rows: the chain then starts at the
 * first row left, whose own seal still proves its content.
 */

/** Rows younger than this wait for the next round: their transaction may not have committed. */
const SETTLE_MS = 5_000;
const BATCH = 500;
/** Sealers on several instances take turns. */
const SEAL_LOCK = 727_001;

type OperRow = typeof sysOperLog.$inferSelect;

/** JSON with object keys sorted at every level: what PostgreSQL's jsonb gives back does not depend on key order. */
function canonical(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object') {
    return `{${Object.keys(value as object)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The row as sealed: every column a person reads, in a fixed order. */
const contentOf = (row: OperRow) =>
  canonical([row.id, row.module, row.action, row.entityId, row.summary, row.before, row.after, row.userId, row.username, row.ip, row.requestId, row.createTime]);

const sealOf = (key: Buffer, prev: string, row: OperRow) => createHmac('sha256', key).update(`${prev}\n${contentOf(row)}`).digest('hex');

const sameHex = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The seal before the first: a fixed start, so the first row's seal is checked like any other. */
const GENESIS = '0'.repeat(64);

export interface ChainBreak {
  logId: number;
  sealSeq: number;
  reason: string;
}
export interface ChainReport {
  checked: number;
  unsealed: number;
  intact: boolean;
  firstBroken: ChainBreak | null;
  checkedAt: Date;
}

export function createOperLogSeal({ db, key }: { db: Db; key: Buffer }) {
  /** Seals every settled row not sealed yet, oldest first; answers how many. */
  async function sealPending(): Promise<number> {
    let sealed = 0;
    for (;;) {
      const done = await withTransaction(db, async (tx: Executor) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${SEAL_LOCK})`);
        const [last] = await tx.select({ seq: sysOperLog.sealSeq, hash: sysOperLog.sealHash }).from(sysOperLog).where(isNotNull(sysOperLog.sealSeq)).orderBy(desc(sysOperLog.sealSeq)).limit(1);
        const rows = await tx
          .select()
          .from(sysOperLog)
          .where(and(isNull(sysOperLog.sealSeq), lt(sysOperLog.createTime, new Date(Date.now() - SETTLE_MS))))
          .orderBy(asc(sysOperLog.id))
          .limit(BATCH);
        let seq = last?.seq ?? 0;
        let prev = last?.hash ?? GENESIS;
        for (const row of rows) {
          seq += 1;
          const hash = sealOf(key, prev, row);
          await tx.update(sysOperLog).set({ sealSeq: seq, sealPrev: prev, sealHash: hash }).where(sql`${sysOperLog.id} = ${row.id}`);
          prev = hash;
        }
        return rows.length;
      });
      sealed += done;
      if (done < BATCH) return sealed;
    }
  }

  /** Walks the chain in seal order and reports the first row whose seal does not hold. */
  async function verify(): Promise<ChainReport> {
    await sealPending();
    let checked = 0;
    let expectedSeq: number | null = null;
    let expectedPrev: string | null = null;
    let after = 0;
    let firstBroken: ChainBreak | null = null;
    outer: for (;;) {
      const rows = await db.select().from(sysOperLog).where(and(isNotNull(sysOperLog.sealSeq), gt(sysOperLog.sealSeq, after))).orderBy(asc(sysOperLog.sealSeq)).limit(BATCH);
      for (const row of rows) {
        checked += 1;
        const seq = row.sealSeq!;
        const prev = row.sealPrev ?? '';
        const broken = (reason: string) => ({ logId: row.id, sealSeq: seq, reason });
        if (expectedSeq !== null && seq !== expectedSeq) firstBroken = broken(`缺少封存序号 ${expectedSeq} 至 ${seq - 1} 的记录（被删除）`);
        else if (expectedPrev !== null && prev !== expectedPrev) firstBroken = broken('与前一条记录的封存不衔接（前一条被改动或替换）');
        else if (!sameHex(sealOf(key, prev, row), row.sealHash ?? '')) firstBroken = broken('记录内容与封存不符（被改动）');
        if (firstBroken) break outer;
        expectedSeq = seq + 1;
        expectedPrev = row.sealHash;
        after = seq;
      }
      if (rows.length < BATCH) break;
    }
    const [pending] = await db.select({ n: count() }).from(sysOperLog).where(isNull(sysOperLog.sealSeq));
    return { checked, unsealed: pending?.n ?? 0, intact: firstBroken === null, firstBroken, checkedAt: new Date() };
  }

  return { sealPending, verify };
}
export type OperLogSeal = ReturnType<typeof createOperLogSeal>;
