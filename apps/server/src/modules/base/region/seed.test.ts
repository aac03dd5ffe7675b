import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../../../test/helpers/testApp';
import { baseRegion } from './tables';
import { chinaRegions, seedRegions } from './seed';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.app.close();
});

const byCode = async (code: string) => (await ctx.database.db.select().from(baseRegion).where(eq(baseRegion.regionCode, code)))[0];

describe('region seed', () => {
  it('holds every province, city and county of @vant/area-data, each under its parent', async () => {
    const levels = await ctx.database.db.select({ level: baseRegion.regionLevel, n: count() }).from(baseRegion).groupBy(baseRegion.regionLevel).orderBy(baseRegion.regionLevel);
    expect(levels.map((l) => [l.level, Number(l.n)])).toEqual([[1, 34], [2, 369], [3, 3479]]);
    const orphans = await ctx.database.db.select({ n: count() }).from(baseRegion).where(and(isNull(baseRegion.parentId), sql`${baseRegion.regionLevel} > 1`));
    expect(Number(orphans[0]!.n)).toBe(0);
    const xihu = (await byCode('330106'))!;
    const hangzhou = (await byCode('330100'))!;
    const zhejiang = (await byCode('330000'))!;
    expect([xihu.regionName, hangzhou.regionName, zhejiang.regionName]).toEqual(['西湖区', '杭州市', '浙江省']);
    expect(xihu.parentId).toBe(hangzhou.id);
    expect(hangzhou.parentId).toBe(zhejiang.id);
    expect(zhejiang).toMatchObject({ parentId: null, regionLevel: 1, createBy: 'system' });
    // Sort follows the source order within each parent: 北京市 first among provinces.
    expect((await byCode('110000'))!.sort).toBe(1);
    expect(chinaRegions()).toHaveLength(3882);
  });

  it('is idempotent and leaves an administrator’s edits and deletions alone', async () => {
    await ctx.database.db.update(baseRegion).set({ regionName: '西湖风景区' }).where(eq(baseRegion.regionCode, '330106'));
    await ctx.database.db.update(baseRegion).set({ delFlag: 1 }).where(eq(baseRegion.regionCode, '330108'));
    expect(await seedRegions(ctx.database.db)).toBe(0);
    expect((await byCode('330106'))!.regionName).toBe('西湖风景区');
    const binjiang = await ctx.database.db.select().from(baseRegion).where(eq(baseRegion.regionCode, '330108'));
    expect(binjiang).toHaveLength(1);
    expect(binjiang[0]!.delFlag).toBe(1);
    // A region missing altogether (an older release's data) is added and linked to its parent.
    await ctx.database.db.delete(baseRegion).where(eq(baseRegion.regionCode, '330110'));
    expect(await seedRegions(ctx.database.db)).toBe(1);
    expect((await byCode('330110'))!.parentId).toBe((await byCode('330100'))!.id);
  });
});
