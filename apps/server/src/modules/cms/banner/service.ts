import { and, asc, count, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { BannerStatus, OpenType, PageParameter } from '@dandelion/shared';
import type { Db, Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { paginate } from '../../../core/pagination';
import type { Principal } from '../../../core/permissions';
import { createdBy, notDeleted, softDelete, updatedBy, updateVersioned } from '../../../core/records';
import { withTransaction } from '../../../core/transaction';
import { recordOperation, type ChangeContext } from '../../../core/audit';
import type { FileService } from '../../file/service';
import type { PortalCache } from '../portalCache';
import type { SiteAdminService } from '../site/admin';
import {checkImage, claimImage, pictureUrls, syncPictureVisibility} from '../site/recordFiles';
import { cmsBanner } from './schema';
import { likePattern } from '../../../core/sql';

export const BANNER_MODULE = 'cms:banner';
/** bizType of a banner's image in the file service. */
export const BANNER_IMAGE_BIZ = 'CMS_BANNER';

type BannerRow = typeof cmsBanner.$inferSelect;

export interface BannerInput {
  siteId: number;
  code: string;
  title: string;
  imageFileId: string;
  linkUrl: string | null;
  openType: OpenType;
  sort: number;
  status: BannerStatus;
  startTime: Date | null;
  endTime: Date | null;
}

export interface BannerFilter {
  siteId?: number;
  code?: string;
  title?: string;
  status?: string;
}

const present = (row: BannerRow, imageUrl: string | null = null) => {
  const { id, delFlag: _d, ...rest } = row;
  return { bannerId: id, ...rest, imageUrl };
};

const SORT_STEP = 10;

/** 轮播图 (the portal's `rotatePictures {code}`): pictures per site and position, shown by sort while enabled. */
export function createBannerService({ db, files, sites, portalCache }: { db: Db; files: FileService; sites: SiteAdminService; portalCache: PortalCache }) {
  const imageOf = (id: number) => ({ bizType: BANNER_IMAGE_BIZ, bizId: String(id) });

  async function findLive(ex: Executor, id: number): Promise<BannerRow> {
    const [row] = await ex.select().from(cmsBanner).where(and(eq(cmsBanner.id, id), notDeleted(cmsBanner))).limit(1);
    if (!row) throw errors.notFound('轮播图');
    return row;
  }

  /** A new image is claimed by its uploader; the current image is public exactly while the banner is enabled. */
  async function keepImage(tx: Executor, row: BannerRow, previous: string | null, ctx: ChangeContext) {
    if (row.imageFileId !== previous) {
      await claimImage(tx, files, { fileId: Number(row.imageFileId), record: imageOf(row.id), actor: ctx.actor });
    }
    await syncPictureVisibility(tx, files, imageOf(row.id), Number(row.imageFileId), row.status === 'ENABLE');
  }

  async function withImageUrl(row: BannerRow, reader: Principal) {
    const urls = await pictureUrls(files, [row.imageFileId], reader);
    return present(row, urls.get(row.imageFileId) ?? null);
  }

  async function change<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
    const result = await withTransaction(db, fn);
    await portalCache.invalidateAll();
    return result;
  }

  async function removeOne(tx: Executor, id: number, lockVersion: number | undefined, ctx: ChangeContext) {
    const before = await findLive(tx, id);
    const after = await softDelete(tx, cmsBanner, id, lockVersion, ctx.actor, '轮播图');
    await files.setRecordVisibility(tx, imageOf(id), 'PRIVATE');
    await recordOperation(tx, { module: BANNER_MODULE, action: 'DELETE', entityId: id, summary: `删除轮播图「${before.title}」`, before: present(before), after: present(after), ...ctx });
  }

  return {
    async page(filter: BannerFilter, page: PageParameter, reader: Principal) {
      const where: SQL | undefined = and(
        notDeleted(cmsBanner),
        filter.siteId ? eq(cmsBanner.siteId, filter.siteId) : undefined,
        filter.code ? eq(cmsBanner.code, filter.code) : undefined,
        filter.title ? ilike(cmsBanner.title, likePattern(filter.title)) : undefined,
        filter.status ? eq(cmsBanner.status, filter.status) : undefined,
      );
      const result = await paginate(
        page,
        (limit, offset) =>
          db.select().from(cmsBanner).where(where).orderBy(asc(cmsBanner.siteId), asc(cmsBanner.code), asc(cmsBanner.sort), asc(cmsBanner.id)).limit(limit).offset(offset),
        async () => (await db.select({ n: count() }).from(cmsBanner).where(where))[0]!.n,
      );
      const urls = await pictureUrls(files, result.list.map((r) => r.imageFileId), reader);
      return { ...result, list: result.list.map((r) => present(r, urls.get(r.imageFileId) ?? null)) };
    },

    async detail(id: number, reader: Principal) {
      return withImageUrl(await findLive(db, id), reader);
    },

    async add(input: BannerInput, ctx: ChangeContext, reader: Principal) {
      await checkImage(files, input.imageFileId, reader, '轮播图片');
      const row = await change(async (tx) => {
        await sites.requireLive(tx, input.siteId);
        let sort = input.sort;
        if (!sort) {
          const [top] = await tx
            .select({ top: sql<number>`coalesce(max(${cmsBanner.sort}), 0)` })
            .from(cmsBanner)
            .where(and(eq(cmsBanner.siteId, input.siteId), eq(cmsBanner.code, input.code), notDeleted(cmsBanner)));
          sort = Number(top!.top) + SORT_STEP;
        }
        const [created] = await tx.insert(cmsBanner).values({ ...input, sort, ...createdBy(ctx.actor) }).returning();
        await keepImage(tx, created!, null, ctx);
        await recordOperation(tx, { module: BANNER_MODULE, action: 'CREATE', entityId: created!.id, summary: `新增轮播图「${created!.title}」`, after: present(created!), ...ctx });
        return created!;
      });
      return withImageUrl(row, reader);
    },

    async update(id: number, lockVersion: number, input: BannerInput, ctx: ChangeContext, reader: Principal) {
      await checkImage(files, input.imageFileId, reader, '轮播图片');
      const row = await change(async (tx) => {
        const before = await findLive(tx, id);
        if (input.siteId !== before.siteId) await sites.requireLive(tx, input.siteId);
        const after = await updateVersioned(tx, cmsBanner, id, lockVersion, input, ctx.actor, '轮播图');
        await keepImage(tx, after, before.imageFileId, ctx);
        await recordOperation(tx, { module: BANNER_MODULE, action: 'UPDATE', entityId: id, summary: `修改轮播图「${after.title}」`, before: present(before), after: present(after), ...ctx });
        return after;
      });
      return withImageUrl(row, reader);
    },

    async updateStatus(id: number, lockVersion: number, status: BannerStatus, ctx: ChangeContext, reader: Principal) {
      const row = await change(async (tx) => {
        const before = await findLive(tx, id);
        const after = await updateVersioned(tx, cmsBanner, id, lockVersion, { status }, ctx.actor, '轮播图');
        await keepImage(tx, after, after.imageFileId, ctx);
        const verb = status === 'ENABLE' ? '启用' : '停用';
        await recordOperation(tx, { module: BANNER_MODULE, action: 'UPDATE', entityId: id, summary: `${verb}轮播图「${after.title}」`, before: present(before), after: present(after), ...ctx });
        return after;
      });
      return withImageUrl(row, reader);
    },

    /** Sets the order of the pictures of one position: `bannerIds` must be exactly that group, in the new order. */
    async sort(siteId: number, code: string, bannerIds: number[], ctx: ChangeContext) {
      await change(async (tx) => {
        const group = await tx
          .select()
          .from(cmsBanner)
          .where(and(eq(cmsBanner.siteId, siteId), eq(cmsBanner.code, code), notDeleted(cmsBanner)))
          .orderBy(asc(cmsBanner.sort), asc(cmsBanner.id));
        const given = new Set(bannerIds);
        if (given.size !== bannerIds.length || given.size !== group.length || group.some((b) => !given.has(b.id))) {
          throw errors.conflict('轮播图已被他人调整，请刷新后重新排序');
        }
        for (const [index, id] of bannerIds.entries()) {
          await tx.update(cmsBanner).set({ sort: (index + 1) * SORT_STEP, ...updatedBy(ctx.actor, cmsBanner) }).where(eq(cmsBanner.id, id));
        }
        await recordOperation(tx, {
          module: BANNER_MODULE, action: 'SORT', entityId: null, summary: `调整轮播图顺序（${code}，${group.length} 张）`,
          before: group.map((b) => ({ bannerId: String(b.id), title: b.title, sort: b.sort })),
          after: bannerIds.map((id, i) => ({ bannerId: String(id), sort: (i + 1) * SORT_STEP })), ...ctx,
        });
      });
    },

    async remove(id: number, lockVersion: number | undefined, ctx: ChangeContext) {
      await change((tx) => removeOne(tx, id, lockVersion, ctx));
    },

    /** All or nothing: one missing banner refuses the whole batch. */
    async removeMany(ids: number[], ctx: ChangeContext): Promise<number> {
      const unique = [...new Set(ids)];
      return change(async (tx) => {
        const found = await tx.select({ id: cmsBanner.id }).from(cmsBanner).where(and(inArray(cmsBanner.id, unique), notDeleted(cmsBanner)));
        if (found.length !== unique.length) throw errors.notFound('部分轮播图');
        for (const id of unique) await removeOne(tx, id, undefined, ctx);
        return unique.length;
      });
    },
  };
}
export type BannerService = ReturnType<typeof createBannerService>;
