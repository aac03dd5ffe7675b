import { and, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { PageParameter, ServerBody } from '@dandelion/shared';
import type { restLogCalls } from '@dandelion/shared/base/log';
import type { Db } from '../../../../core/db';
import { MAX_EXPORT_ROWS } from '../../../../core/excel';
import { checkRange, countUpTo, logPage, pathMatching, timeWithin } from '../../../../core/listing';
import { jsonRecords } from '../../../../core/sql';
import { distinctValuesContaining, distinctValuesStartingWith, plannedRows } from '../../../../core/pagination';
import { sysRestLog } from '../tables';

export type RestLogRow = typeof sysRestLog.$inferInsert;

/** The list's search fields (also the export's). */
export type RestLogFilter = ServerBody<typeof restLogCalls.export>;

const listColumns = {
  id: sysRestLog.id,
  method: sysRestLog.method,
  path: sysRestLog.path,
  route: sysRestLog.route,
  status: sysRestLog.status,
  code: sysRestLog.code,
  durationMs: sysRestLog.durationMs,
  userId: sysRestLog.userId,
  username: sysRestLog.username,
  ip: sysRestLog.ip,
  requestId: sysRestLog.requestId,
  createTime: sysRestLog.createTime,
};

const newestFirst = [desc(sysRestLog.createTime), desc(sysRestLog.id)];
/** The same order in a form no index supplies (create_time is never null): the planner finds the matches first. */
const matchesFirst = [sql`${sysRestLog.createTime} + interval '0 s' desc`, desc(sysRestLog.id)];

/**
 * At most this many estimated calls at or over a minimum duration, a page is taken from those calls. The duration
 * index gives no time order, so the planner walks the time index and tests each call, expecting the slow ones
 * spread evenly over time; they need not be (slow calls come in bursts), and the walk read ~70 000 fast calls for
 * ten slow ones. Found in sys_rest_log_duration_time_idx (which holds their time and id: no row is read), a few
 * thousand calls sort in a millisecond or two.
 */
const FEW_SLOW_CALLS = 5_000;

/**
 * The paths the path filter names, when the log's distinct paths are few enough to be walked (interface paths
 * are a few hundred routes repeated over millions of calls): text starting with '/' is a prefix (as typed, case
 * and all), other text matches anywhere, case-insensitively. Null: too many distinct paths, the text is matched
 * as such. The walk reads sys_rest_log_path_time_idx, a probe per distinct path.
 */
const pathsNamed = (db: Db, text: string) =>
  text.startsWith('/')
    ? distinctValuesStartingWith(db, 'sys_rest_log', 'path', text, { patternOps: true })
    : distinctValuesContaining(db, 'sys_rest_log', 'path', text, { patternOps: true });

/** The filter's paths as a condition: the paths found (the same rows as the text's match), else the match itself. */
function pathCondition(text: string, paths: string[] | null): SQL {
  if (paths) return paths.length ? inArray(sysRestLog.path, paths) : sql`false`;
  return pathMatching(sysRestLog.path, text);
}

/**
 * At most this many paths, and this many index entries read in all ((offset + page size) per path), a page of a
 * path filter is merged from each path's own newest calls. Newest first over all calls, the time index is walked
 * and every call's path tested: the calls of other routes made lately (a busy list being refreshed, the log's own
 * list) stand in front of the matches and are walked past — 31 ms for ten calls of /rest/user/* behind a few
 * thousand others. Each path's calls in sys_rest_log_path_time_idx are already in time order: the ten newest of
 * five paths, merged, take 1.3 ms, whatever else was called meanwhile.
 */
const MERGED_PATHS = 50;
const MERGED_ENTRIES = 20_000;

/** The ids of a page of calls to `paths`, newest first: each path's newest `offset + limit` calls, merged. */
function mergedPageIds(others: SQL | undefined, paths: string[], limit: number, offset: number): SQL {
  const take = offset + limit;
  const branches = paths.map(
    (path) => sql`(select ${sysRestLog.id}, ${sysRestLog.createTime} from ${sysRestLog} where ${and(eq(sysRestLog.path, path), others)} order by ${sysRestLog.createTime} desc, ${sysRestLog.id} desc limit ${take})`,
  );
  return sql`select id from (${sql.join(branches, sql` union all `)}) merged order by create_time desc, id desc limit ${limit} offset ${offset}`;
}

/** Every condition of the filter but the path's. */
function conditionBesidesPath(filter: RestLogFilter): SQL | undefined {
  checkRange(filter);
  const hundreds = filter.statusClass ? Number(filter.statusClass[0]) * 100 : null;
  return and(
    timeWithin(sysRestLog.createTime, filter),
    filter.username ? eq(sysRestLog.username, filter.username) : undefined,
    filter.method ? eq(sysRestLog.method, filter.method) : undefined,
    filter.status !== undefined ? eq(sysRestLog.status, filter.status) : undefined,
    hundreds !== null ? and(gte(sysRestLog.status, hundreds), lt(sysRestLog.status, hundreds + 100)) : undefined,
    filter.code ? eq(sysRestLog.code, filter.code) : undefined,
    filter.minDuration !== undefined ? gte(sysRestLog.durationMs, filter.minDuration) : undefined,
    filter.ip ? eq(sysRestLog.ip, filter.ip) : undefined,
    filter.requestId ? eq(sysRestLog.requestId, filter.requestId) : undefined,
  );
}

/** The filter as conditions: all of it (`where`), all but the path (`others`), and the paths it names (null: none, or too many to walk). */
async function conditionsOf(db: Db, filter: RestLogFilter) {
  const others = conditionBesidesPath(filter);
  const paths = filter.path ? await pathsNamed(db, filter.path) : null;
  const where = filter.path ? and(pathCondition(filter.path, paths), others) : others;
  return { where, others, paths };
}

/** Queries of the interface-call log; the rows are written by the capture's batch writer. */
export const restLogRepo = {
  /** A batch of rows in one INSERT, the rows as one JSON parameter (a row per API call: the builder's per-row cost counted). */
  insertMany: (db: Db, rows: RestLogRow[]) =>
    db.execute(sql`insert into sys_rest_log (method, path, route, query, status, code, duration_ms, user_id, username, ip, user_agent, request_id, request_body, response_body, create_time)
      select method, path, route, query, status, code, "durationMs", "userId", username, ip, "userAgent", "requestId", "requestBody", "responseBody", coalesce("createTime", now())
      from ${jsonRecords(
        rows,
        sql`method varchar, path varchar, route varchar, query varchar, status integer, code varchar, "durationMs" integer, "userId" bigint, username varchar, ip varchar,
          "userAgent" varchar, "requestId" varchar, "requestBody" text, "responseBody" text, "createTime" timestamptz`,
      )}`),

  async page(db: Db, filter: RestLogFilter, page: PageParameter) {
    const { where, others, paths } = await conditionsOf(db, filter);
    const planned = filter.minDuration !== undefined ? await plannedRows(db, sysRestLog, where) : undefined;
    const order = planned !== undefined && planned <= FEW_SLOW_CALLS ? matchesFirst : newestFirst;
    return logPage(
      page,
      (limit, offset) => {
        // Ids first, then their rows: the rows skipped by a deep page are walked in the index
        // alone, and only the page's own rows are read from the table (bench/logs).
        const merged = order === newestFirst && paths && paths.length > 0 && paths.length <= MERGED_PATHS && paths.length * (offset + limit) <= MERGED_ENTRIES;
        const pageIds = merged
          ? sql`${sysRestLog.id} in (${mergedPageIds(others, paths, limit, offset)})`
          : inArray(sysRestLog.id, db.select({ id: sysRestLog.id }).from(sysRestLog).where(where).orderBy(...order).limit(limit).offset(offset));
        return db.select(listColumns).from(sysRestLog).where(pageIds).orderBy(...newestFirst);
      },
      (cap) => countUpTo(db, sysRestLog, where, cap, planned),
    );
  },

  async find(db: Db, id: number) {
    const [row] = await db.select().from(sysRestLog).where(eq(sysRestLog.id, id)).limit(1);
    return row;
  },

  /** The filtered list, newest first, at most MAX_EXPORT_ROWS rows; bodies are left out. */
  async forExport(db: Db, filter: RestLogFilter) {
    return db
      .select({ ...listColumns, userAgent: sysRestLog.userAgent })
      .from(sysRestLog)
      .where((await conditionsOf(db, filter)).where)
      .orderBy(...newestFirst)
      .limit(MAX_EXPORT_ROWS);
  },
};
export type RestLogItem = Awaited<ReturnType<typeof restLogRepo.forExport>>[number];
