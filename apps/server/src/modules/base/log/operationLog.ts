import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../../core/db';
import type { Actor } from '../../../core/records';
import { sysOperLog } from './schema';

/** Keys never written to the log, whatever record they appear in. */
const SECRET_KEY = /password|secret|token|hash|credential|idNumber/i;

/** A copy of `record` fit for the log: secrets dropped, dates as ISO text, nested values kept. */
export function redactForLog(record: unknown): unknown {
  if (record === null || record === undefined) return null;
  if (record instanceof Date) return record.toISOString();
  if (Buffer.isBuffer(record)) return `[${record.length} 字节]`;
  if (Array.isArray(record)) return record.map(redactForLog);
  if (typeof record === 'object') {
    return Object.fromEntries(
      Object.entries(record as Record<string, unknown>)
        .filter(([key]) => !SECRET_KEY.test(key))
        .map(([key, value]) => [key, redactForLog(value)]),
    );
  }
  return record;
}

export interface OperationEntry {
  /** Module and feature, e.g. 'system:org'. */
  module: string;
  action: 'CREATE' | 'UPDATE' | 'DELETE' | 'RESTORE' | 'BIND' | 'MOVE' | 'SORT' | 'FREEZE' | 'UNFREEZE' | 'RESET' | string;
  entityId?: number | string | null;
  summary: string;
  before?: unknown;
  after?: unknown;
  actor: Actor | null;
  /** The request's address and id, when the change came from a request. */
  ip?: string | null;
  requestId?: string | null;
}

/**
 * Records one change. Call it with the transaction that made the change (spec: every change
 * leaves an operation-log row with before and after).
 */
export async function recordOperation(ex: Executor, entry: OperationEntry): Promise<void> {
  await ex.insert(sysOperLog).values({
    module: entry.module,
    action: entry.action,
    entityId: entry.entityId === null || entry.entityId === undefined ? null : String(entry.entityId),
    summary: entry.summary.slice(0, 512),
    before: redactForLog(entry.before),
    after: redactForLog(entry.after),
    userId: entry.actor?.id ?? null,
    username: entry.actor?.name ?? 'system',
    ip: entry.ip ?? null,
    requestId: entry.requestId ?? null,
  });
}

/** Who made a change and from where: every change writes it into the operation log. */
export interface ChangeContext {
  actor: Actor;
  ip?: string | null;
  requestId?: string | null;
}

/** The change context of a signed-in request (routes that declare a permission always have a principal). */
export function changeOf(request: FastifyRequest): ChangeContext {
  const p = request.principal!;
  return { actor: { id: p.userId, name: p.username }, ip: request.ip, requestId: request.id };
}
