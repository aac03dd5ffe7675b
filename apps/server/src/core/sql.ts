import type { Db } from './db';
import { ilike, like, sql, type Column, type SQL } from 'drizzle-orm';

/** Escapes LIKE's wildcards (% and _) and its escape character, so user text matches itself. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE pattern matching `text` anywhere: `%text%`, wildcards in the text escaped. */
export const likePattern = (text: string): string => `%${escapeLike(text)}%`;

/**
 * Text with no letter that has case: Han characters and digits. ILIKE lower-cases every value it tests
 * (a call and a copy per row, most of a scan's time); for such text LIKE matches exactly the same rows
 * (lower-casing never makes or removes a Han character or a digit) several times faster.
 */
const CASELESS = /^[\p{Script=Han}0-9]+$/u;

/** Case-insensitive "contains" on a column (LIKE when the text has no case to ignore). */
export const containing = (column: Column | SQL, text: string): SQL => (CASELESS.test(text) ? like : ilike)(column, likePattern(text));

/** Case-sensitive "starts with" on a column (an index range scan on a btree with text_pattern_ops or C collation). */
export const startingWith = (column: Column | SQL, text: string): SQL => like(column, `${escapeLike(text)}%`);

/** Text PostgreSQL takes as written: a lone surrogate becomes U+FFFD (as the driver writes it), NUL too (text cannot hold it). */
// eslint-disable-next-line no-control-regex -- NUL is the one character PostgreSQL text cannot hold
const UNSTORABLE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|\u0000/g;
const storable = (_key: string, value: unknown) => (typeof value === 'string' ? value.replace(UNSTORABLE, '\uFFFD') : value);

/**
 * Rows for a many-row INSERT as one JSON parameter: `insert into t (a, b) select a, b from
 * ${jsonRecords(rows, sql`a varchar, b integer`)}`, keys named as the columns list them. Building
 * a many-row INSERT costs the query builder a fraction of a millisecond per row and a parameter
 * per value; this costs one JSON.stringify, and the statement text is the same for any number of rows.
 */
export function jsonRecords(rows: object[], columns: SQL): SQL {
  return sql`jsonb_to_recordset(${storableJson(rows)}::jsonb) as r(${columns})`;
}

/**
 * JSON.stringify with every string made storable. A replacer function takes JSON.stringify off its
 * fast path (a call per value: most of the interface log's write cost), so the plain text is made
 * first; NUL and lone surrogates are the only characters it writes as \u escapes, so a text without
 * any "\u" holds neither and is already what the replacer would give. Otherwise the replacer runs.
 */
export function storableJson(value: unknown): string {
  const plain = JSON.stringify(value);
  return plain.includes('\\u') ? JSON.stringify(value, storable) : plain;
}

/** The driver under a Drizzle database (node-postgres' pool or PGlite): both answer query(text, params). */
interface RawClient {
  query(text: string, params: unknown[]): Promise<unknown>;
}

/** NUL, the one character PostgreSQL text cannot hold. */
const NUL = '\u0000';

/**
 * A value as a statement parameter, written as storableJson would have stored it: NUL becomes U+FFFD
 * (with any lone surrogate in the same text, as the replacer did). A lone surrogate elsewhere is left to
 * the drivers, whose UTF-8 encoders (Buffer's, TextEncoder's) write it as U+FFFD too.
 */
const storableParam = (value: unknown): unknown => (typeof value === 'string' && value.includes(NUL) ? value.replace(UNSTORABLE, '\uFFFD') : value);

/**
 * A many-row INSERT of `rows` (each the values of `columns`, in order) as positional parameters, sent to the
 * driver as they are: no query builder per value and no JSON to write, escape and parse again (jsonRecords
 * escapes every quote of a stored JSON answer, and PostgreSQL parses it back). `values` may wrap a
 * placeholder per column (`(p) => \`coalesce(${p}, now())\``). Batches above `maxRows` go out in several
 * statements (PostgreSQL takes at most 65 535 parameters).
 */
export async function insertRowsAsParams(
  db: Db,
  table: string,
  columns: readonly string[],
  rows: ReadonlyArray<readonly unknown[]>,
  { values = {}, maxRows = 1_000 }: { values?: Record<number, (placeholder: string) => string>; maxRows?: number } = {},
): Promise<void> {
  const client = (db as unknown as { $client: RawClient }).$client;
  for (let start = 0; start < rows.length; start += maxRows) {
    const chunk = rows.slice(start, start + maxRows);
    const params: unknown[] = [];
    const tuples: string[] = [];
    for (const row of chunk) {
      const slots: string[] = [];
      for (let i = 0; i < columns.length; i++) {
        params.push(storableParam(row[i]));
        const placeholder = `$${params.length}`;
        slots.push(values[i] ? values[i](placeholder) : placeholder);
      }
      tuples.push(`(${slots.join(', ')})`);
    }
    await client.query(`insert into ${table} (${columns.join(', ')}) values ${tuples.join(', ')}`, params);
  }
}
