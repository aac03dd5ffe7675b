import { sql, type Column, type SQL } from 'drizzle-orm';

/**
 * Calendar days in China time (UTC+8 all year, no daylight saving), computed the same way in SQL
 * and in JavaScript so that the days of a chart line up with the days counted in the database,
 * whatever the database session's time zone.
 */
const CHINA_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' of the China day a timestamp column falls on. */
export function chinaDay(column: Column): SQL.Aliased<string> {
  return sql<string>`to_char((${column} at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`.as('day');
}

/** The instant China's day `daysAgo` days before today began (0 = today's midnight). */
export function chinaMidnight(daysAgo: number, now = Date.now()): Date {
  const today = Math.floor((now + CHINA_OFFSET_MS) / DAY_MS) * DAY_MS - CHINA_OFFSET_MS;
  return new Date(today - daysAgo * DAY_MS);
}

/** The last `count` China days, oldest first, as 'YYYY-MM-DD'. */
export function lastChinaDays(count: number, now = Date.now()): string[] {
  return Array.from({ length: count }, (_, i) => new Date(chinaMidnight(count - 1 - i, now).getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10));
}
