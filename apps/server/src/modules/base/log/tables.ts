import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { idColumn } from '../../../core/records';

/**
 * Interface-call log: one row per API call, with masked and truncated bodies.
 * Rows are buffered in memory and written in batches, off the request's path.
 */
export const sysRestLog = pgTable(
  'sys_rest_log',
  {
    id: idColumn(),
    method: varchar('method', { length: 8 }).notNull(),
    /** The URL path without its query string. */
    path: varchar('path', { length: 256 }).notNull(),
    /** The route pattern that answered ('/rest/user/avatar/:hash'); null when no route matched (404). */
    route: varchar('route', { length: 256 }),
    /** The query string with secret parameters masked, without the leading '?'. */
    query: varchar('query', { length: 512 }),
    status: integer('status').notNull(),
    /** The envelope's code ('0000', '401', …) when the answer had one. */
    code: varchar('code', { length: 16 }),
    durationMs: integer('duration_ms').notNull(),
    userId: bigint('user_id', { mode: 'number' }),
    username: varchar('username', { length: 64 }),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 256 }),
    requestId: varchar('request_id', { length: 64 }),
    requestBody: text('request_body'),
    responseBody: text('response_body'),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Lists read newest first with id as the tie-breaker: (create_time, id) serves that order
    // without a sort, also for deep pages (bench/logs).
    index('sys_rest_log_time_idx').on(t.createTime, t.id),
    // Pattern operators: a path prefix search ('/rest/user/…') is an index range in any collation.
    index('sys_rest_log_path_time_idx').on(t.path.op('varchar_pattern_ops'), t.createTime),
    // A path containing text ('getUserPage'): trigrams (pg_trgm) find the rows of any pattern of three
    // characters or more without reading the table; docs/lists-at-scale.md has the cost to each write.
    index('sys_rest_log_path_trgm_idx').using('gin', t.path.op('gin_trgm_ops')),
    index('sys_rest_log_user_time_idx').on(t.username, t.createTime),
    index('sys_rest_log_status_time_idx').on(t.status, t.createTime),
    // "Only failed calls" (4xx/5xx), newest first: the page walks the few failures in order instead of
    // passing over tens of thousands of successful calls to find ten.
    index('sys_rest_log_error_time_idx').on(t.createTime, t.id).where(sql`status >= 400`),
    // "Only GET calls": a tenth of the rows, so counting the list's 10 001 read a hundred thousand rows of
    // the table; this way the count reads them from the index alone.
    index('sys_rest_log_method_time_idx').on(t.method, t.createTime),
    // "Which calls are slow?": without it, counting them reads the whole table. With the time and id, a page
    // of the few slow calls is found and sorted in the index alone (rest/repo.ts: FEW_SLOW_CALLS).
    index('sys_rest_log_duration_time_idx').on(t.durationMs, t.createTime, t.id),
  ],
);

/**
 * Access log: one row per page a person opened in the portal or the console (a page view,
 * reported by the browser), for the access-log list and the home page's visit trends.
 */
export const sysAccessLog = pgTable(
  'sys_access_log',
  {
    id: idColumn(),
    /** PORTAL or CONSOLE. */
    client: varchar('client', { length: 16 }).notNull(),
    path: varchar('path', { length: 256 }).notNull(),
    title: varchar('title', { length: 128 }),
    referrer: varchar('referrer', { length: 256 }),
    userId: bigint('user_id', { mode: 'number' }),
    username: varchar('username', { length: 64 }),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 256 }),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sys_access_log_time_idx').on(t.createTime, t.id), index('sys_access_log_path_time_idx').on(t.path.op('varchar_pattern_ops'), t.createTime)],
);
