/** Create-or-update saves (spec §5 "a service save", §7 /api/service). */
import { postJson, putJson, type RequestOptions } from './http';

/** The record id a form sends when it creates: the number 0 or the string '0'. */
export function isNewRecord(id: unknown): boolean {
  return id === 0 || id === '0';
}

/**
 * Saves `body` at `path`: POST (create) when its id equals 0, otherwise PUT (update).
 * Forms that create a record send `id: 0`; any other id, or none, means an update.
 */
export function saveById<T = unknown>(path: string, body: { id?: unknown }, options?: RequestOptions): Promise<T> {
  return isNewRecord(body.id) ? postJson<T>(path, body, options) : putJson<T>(path, body, options);
}

export const SERVICE_PATH = '/api/service';

/** Saves a service record: POST /api/service when `id` is 0, otherwise PUT /api/service. */
export function saveService<T = unknown>(body: { id?: unknown; [field: string]: unknown }, options?: RequestOptions): Promise<T> {
  return saveById<T>(SERVICE_PATH, body, options);
}
