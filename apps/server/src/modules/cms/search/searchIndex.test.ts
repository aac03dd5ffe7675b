import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../../../test/helpers/testApp';
import { cmsContent } from '../content/tables';
import { searchQueryOf } from './bigrams';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.app.close();
});

const titlesMatching = async (query: string) => {
  const rows = await ctx.database.db
    .select({ title: cmsContent.title })
    .from(cmsContent)
    .where(sql`${cmsContent.searchDoc} @@ ${searchQueryOf(query)}::tsquery and ${cmsContent.delFlag} = 0`)
    .orderBy(cmsContent.id);
  return rows.map((r) => r.title);
};

describe('the content search index', () => {
  it('is filled from search_text by the database and finds a two-character word', async () => {
    const titles = await titlesMatching('申报');
    expect(titles.length).toBeGreaterThan(0);
    for (const title of titles) expect(title).toBeTypeOf('string');
  });

  it('needs every pair of a longer query, so word order inside the query matters', async () => {
    const [anyTitle] = await titlesMatching('申报');
    const twoPairs = [...anyTitle!].slice(0, 3).join('');
    expect(await titlesMatching(twoPairs)).toContain(anyTitle);
    expect(await titlesMatching('绝无此词组合')).toEqual([]);
  });
});
