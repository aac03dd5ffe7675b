import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { testDatabase } from '../../test/helpers/testDatabase';
import type { Db } from './db';

/*
 * The console lists' "contains" filters (ILIKE '%…%') are served by pg_trgm's GIN indexes (migrations
 * 0033/0034, docs/lists-at-scale.md). Both engines must have the extension — PGlite loads it in
 * core/db.ts — and every such index must be one the planner can use for the filter it serves.
 */

/** table, column, index: each "contains" filter of a big list and the trigram index that serves it. */
const SERVED = [
  ['sys_rest_log', 'path', 'sys_rest_log_path_trgm_idx'],
  ['sys_oper_log', 'username', 'sys_oper_log_username_trgm_idx'],
  ['sys_oper_log', 'summary', 'sys_oper_log_summary_trgm_idx'],
  ['sys_login_log', 'login_name', 'sys_login_log_name_trgm_idx'],
  ['cms_content', 'title', 'cms_content_title_trgm_idx'],
  ['sys_user', 'username', 'sys_user_username_trgm_idx'],
  ['sys_user', 'realname', 'sys_user_realname_trgm_idx'],
  ['sys_user', 'phone', 'sys_user_phone_trgm_idx'],
  ['sys_user', 'emp_code', 'sys_user_emp_code_trgm_idx'],
] as const;

let db: Db;
beforeAll(async () => {
  db = (await testDatabase()).db;
});

/** The plan's text for `query`, with sequential scans priced out (a test table is too small to prefer an index). */
async function planOf(query: string): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const result = await tx.execute(sql.raw(`explain ${query}`));
    return (result as unknown as { rows: Record<string, string>[] }).rows.map((r) => Object.values(r)[0]).join('\n');
  });
}

describe('trigram indexes for "contains" filters', () => {
  it('pg_trgm is installed, and Chinese text has trigrams on this engine', async () => {
    const result = await db.execute(sql`select show_trgm('张三丰') as han, show_trgm('abc') as latin`);
    const [row] = (result as unknown as { rows: { han: string[]; latin: string[] }[] }).rows;
    // '  张', ' 张三', '张三丰', '三丰 ' — a three-character name is found through the index like a Latin word.
    expect(row!.han).toHaveLength(4);
    expect(row!.latin).toHaveLength(4);
  });

  it.each(SERVED)('%s.%s has its trigram index %s', async (table, column, index) => {
    const result = await db.execute(sql`select indexdef from pg_indexes where tablename = ${table} and indexname = ${index}`);
    const [row] = (result as unknown as { rows: { indexdef: string }[] }).rows;
    expect(row?.indexdef).toMatch(new RegExp(`USING gin \\(${column} gin_trgm_ops\\)`));
  });

  it('answers the same rows through the index as by reading the table, for long and short patterns', async () => {
    const titles = ['量子信息科技进展', '量子计算', 'Quantum 量子', '信息公开', '100% 完成', 'a_b 测试'];
    await db.execute(sql`create temporary table trgm_probe (id int, title varchar(64))`);
    try {
      await db.execute(sql`create index trgm_probe_idx on trgm_probe using gin (title gin_trgm_ops)`);
      for (const [i, title] of titles.entries()) await db.execute(sql`insert into trgm_probe values (${i}, ${title})`);
      // The engine can answer ILIKE '%…%' from a trigram index: the plan reads it.
      expect(await planOf(`select id from trgm_probe where title ilike '%量子信息%'`)).toContain('trgm_probe_idx');
      for (const pattern of ['%量子信息%', '%量子%', '%子%', '%quantum%', '%100\\%%', '%a\\_b%', '%息%']) {
        const read = async (seqscan: boolean) =>
          db.transaction(async (tx) => {
            await tx.execute(sql.raw(`set local enable_seqscan = ${seqscan ? 'on' : 'off'}`));
            await tx.execute(sql.raw(`set local enable_bitmapscan = ${seqscan ? 'off' : 'on'}`));
            const result = await tx.execute(sql`select id from trgm_probe where title ilike ${pattern} order by id`);
            return (result as unknown as { rows: { id: number }[] }).rows.map((r) => r.id);
          });
        expect(await read(false), pattern).toEqual(await read(true));
      }
    } finally {
      await db.execute(sql`drop table if exists trgm_probe`);
    }
  });
});
