import type { FastifyBaseLogger } from 'fastify';

/**
 * Rows collected in memory and written in batches, off the path of the requests that produce them:
 * a batch is written when `batchSize` rows are waiting or every `intervalMs`, whichever comes first,
 * and once more when the app closes. The buffer is bounded: while the database cannot take rows,
 * new ones beyond `maxBuffered` are dropped and counted, with one warning per interval.
 */
export interface BatchWriterOptions<Row> {
  /** Names the writer in warnings and on the monitor page. */
  name: string;
  insert: (rows: Row[]) => Promise<unknown>;
  log: FastifyBaseLogger;
  batchSize?: number;
  intervalMs?: number;
  maxBuffered?: number;
}

export interface BatchWriterStats {
  name: string;
  buffered: number;
  written: number;
  dropped: number;
  failedBatches: number;
  lastError: string | null;
}

export interface BatchWriter<Row> {
  push(row: Row): void;
  /** Writes everything buffered now; resolves when done (rows that fail stay buffered). */
  flush(): Promise<void>;
  stats(): BatchWriterStats;
  /** Stops the timer and writes what is left. */
  close(): Promise<void>;
}

export function createBatchWriter<Row>(options: BatchWriterOptions<Row>): BatchWriter<Row> {
  const { name, insert, log } = options;
  const batchSize = options.batchSize ?? 200;
  const intervalMs = options.intervalMs ?? 2_000;
  const maxBuffered = options.maxBuffered ?? 10_000;
  let buffer: Row[] = [];
  let written = 0;
  let dropped = 0;
  let droppedSinceWarning = 0;
  let failedBatches = 0;
  let lastError: string | null = null;
  let chain: Promise<void> = Promise.resolve();
  let passes = 0;
  let soonScheduled = false;
  let closed = false;

  const warnDrops = () => {
    if (!droppedSinceWarning) return;
    log.warn({ writer: name, dropped: droppedSinceWarning, droppedTotal: dropped, buffered: buffer.length }, `日志缓冲已满，丢弃了 ${droppedSinceWarning} 条${name}`);
    droppedSinceWarning = 0;
  };

  /**
   * One pass, batch by batch; a failing batch goes back to the front and ends the pass. A pass for a full batch
   * ('full') writes full batches while there are any; any other pass ('all') writes what was buffered when it
   * started. Rows that arrive meanwhile wait for a full batch or the next interval: a pass that went on with
   * them wrote a busy server's log as a trickle of small INSERTs (150 statements of about 13 rows for 2 000
   * calls, each a commit; docs/framework-overhead.md) instead of a few full ones.
   */
  async function drain(mode: 'full' | 'all'): Promise<void> {
    let left = mode === 'all' ? buffer.length : 0;
    while (buffer.length && (mode === 'full' ? buffer.length >= batchSize : left > 0)) {
      const batch = buffer.slice(0, mode === 'all' ? Math.min(batchSize, left) : batchSize);
      buffer = buffer.slice(batch.length);
      left -= batch.length;
      try {
        await insert(batch);
        written += batch.length;
      } catch (err) {
        failedBatches += 1;
        lastError = err instanceof Error ? err.message : String(err);
        // Keep the rows for the next pass, within the bound; the newest beyond it are dropped.
        const room = Math.max(0, maxBuffered - buffer.length);
        const kept = batch.slice(0, room);
        const lost = batch.length - kept.length;
        buffer = [...kept, ...buffer];
        if (lost) {
          dropped += lost;
          droppedSinceWarning += lost;
        }
        log.warn({ writer: name, err, buffered: buffer.length }, `写入${name}失败，稍后重试`);
        return;
      }
    }
  }

  /** One pass at a time: a flush asked for during a pass waits for it, then runs its own. */
  function flush(mode: 'full' | 'all' = 'all'): Promise<void> {
    passes += 1;
    chain = chain.then(() => drain(mode)).finally(() => {
      passes -= 1;
    });
    return chain;
  }

  const timer = setInterval(() => {
    warnDrops();
    if (buffer.length && !passes) void flush();
  }, intervalMs);
  timer.unref();

  return {
    push(row) {
      if (buffer.length >= maxBuffered) {
        dropped += 1;
        droppedSinceWarning += 1;
        return;
      }
      buffer.push(row);
      if (buffer.length >= batchSize && !soonScheduled && !closed) {
        soonScheduled = true;
        setImmediate(() => {
          soonScheduled = false;
          if (!passes) void flush('full');
        });
      }
    },
    flush: () => flush('all'),
    stats: () => ({ name, buffered: buffer.length, written, dropped, failedBatches, lastError }),
    async close() {
      closed = true;
      clearInterval(timer);
      await flush();
      warnDrops();
    },
  };
}
