import { and, count, desc, eq, lte } from 'drizzle-orm';
import type { Page, PageParameter } from '@dandelion/shared';
import type { Executor } from '../../../core/db';
import { paginate } from '../../../core/pagination';
import { notDeleted } from '../../../core/records';
import { cmsContent } from './schema';

export const CONTENT_STATUS = { DRAFT: 'DRAFT', PUBLISHED: 'PUBLISHED', OFFLINE: 'OFFLINE' } as const;

/** What a list on the portal shows of an article: no body. */
export interface ContentSummary {
  contentId: number;
  catalogId: number;
  title: string;
  summary: string | null;
  author: string | null;
  isTop: boolean;
  publishTime: Date;
}

const summaryColumns = {
  contentId: cmsContent.id,
  catalogId: cmsContent.catalogId,
  title: cmsContent.title,
  summary: cmsContent.summary,
  author: cmsContent.author,
  isTop: cmsContent.isTop,
  publishTime: cmsContent.publishTime,
};

export function createContentService({ db }: { db: Executor }) {
  /** Published, not deleted, and its publish time has come. */
  const visibleIn = (catalogId: number) =>
    and(
      eq(cmsContent.catalogId, catalogId),
      eq(cmsContent.status, CONTENT_STATUS.PUBLISHED),
      lte(cmsContent.publishTime, new Date()),
      notDeleted(cmsContent),
    );
  const newestFirst = [desc(cmsContent.isTop), desc(cmsContent.sort), desc(cmsContent.publishTime), desc(cmsContent.id)];

  return {
    async latestPublished(catalogId: number, limit: number): Promise<ContentSummary[]> {
      const rows = await db.select(summaryColumns).from(cmsContent).where(visibleIn(catalogId)).orderBy(...newestFirst).limit(limit);
      return rows as ContentSummary[];
    },
    async pagePublished(catalogId: number, page: PageParameter): Promise<Page<ContentSummary>> {
      return paginate(
        page,
        async (limit, offset) =>
          (await db.select(summaryColumns).from(cmsContent).where(visibleIn(catalogId)).orderBy(...newestFirst).limit(limit).offset(offset)) as ContentSummary[],
        async () => (await db.select({ n: count() }).from(cmsContent).where(visibleIn(catalogId)))[0]?.n ?? 0,
      );
    },
  };
}
export type ContentService = ReturnType<typeof createContentService>;
