import { and, eq } from 'drizzle-orm';
import { createMemoryBus } from '../../src/core/bus';
import { createdBy } from '../../src/core/records';
import { createTestApp, type TestContext } from '../helpers/testApp';
import { sysFile } from '../../src/modules/file/tables';
import { cmsCatalog } from '../../src/modules/cms/catalog/tables';
import { cmsContent } from '../../src/modules/cms/content/tables';
import { createPortalCache } from '../../src/modules/cms/portalCache/module';
import { plainTextOf, searchTextOf } from '../../src/modules/cms/search/bigrams';
import { cmsSite } from '../../src/modules/cms/site/tables';

/**
 * A test app whose portal cache the test can empty the way the back office does: through the bus,
 * with another instance's `invalidateAll()` (so the test also proves invalidation reaches the app).
 */
export async function createPortalTestApp(): Promise<TestContext & { invalidate: () => Promise<void> }> {
  const bus = createMemoryBus();
  const ctx = await createTestApp({ bus });
  const otherInstance = createPortalCache(bus);
  return { ...ctx, invalidate: () => otherInstance.invalidateAll() };
}

export async function defaultSiteId(ctx: TestContext): Promise<number> {
  const [row] = await ctx.database.db.select({ id: cmsSite.id }).from(cmsSite).where(eq(cmsSite.siteCode, 'dandelion'));
  return row!.id;
}

export async function catalogIdOf(ctx: TestContext, code: string, siteId?: number): Promise<number> {
  const [row] = await ctx.database.db
    .select({ id: cmsCatalog.id })
    .from(cmsCatalog)
    .where(and(eq(cmsCatalog.code, code), siteId ? eq(cmsCatalog.siteId, siteId) : undefined));
  return row!.id;
}

export async function addCatalog(ctx: TestContext, input: Partial<typeof cmsCatalog.$inferInsert> & { code: string; catalogName: string }) {
  const siteId = input.siteId ?? (await defaultSiteId(ctx));
  const [row] = await ctx.database.db.insert(cmsCatalog).values({ siteId, ...input, ...createdBy(null) }).returning();
  return row!;
}

/** An article stored the way the back office stores one, search text included. */
export async function addArticle(
  ctx: TestContext,
  input: Partial<typeof cmsContent.$inferInsert> & { catalogId: number; title: string },
) {
  const siteId = input.siteId ?? (await defaultSiteId(ctx));
  const values = { status: 'PUBLISHED', publishTime: new Date(Date.now() - 60_000), ...input, siteId };
  const searchText = searchTextOf([values.title, values.subject, values.summary, plainTextOf(values.body)]);
  const [row] = await ctx.database.db.insert(cmsContent).values({ ...values, searchText, ...createdBy(null) }).returning();
  return row!;
}

/** A file row as an upload leaves it (the bytes are not needed for URLs and lists). */
export async function addFile(ctx: TestContext, filename: string, attachTo?: { bizType: string; bizId: string }) {
  const [row] = await ctx.database.db
    .insert(sysFile)
    .values({ fileRepId: 1, filename, fileType: filename.split('.').pop()!, fileKind: 'IMAGE', mime: 'image/png', size: 1234, visibility: 'PUBLIC', ...attachTo, ...createdBy(null) })
    .returning();
  return row!;
}
