import type { PageParameter, ServerBody } from '@dandelion/shared';
import type { BannerStatus, bannerCalls } from '@dandelion/shared/cms/banner';
import { recordOperation, type ChangeContext } from '../../../core/audit';
import type { Db, Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import type { Principal } from '../../../core/permissions';
import { recordPictures, type CmsFiles } from '../files/module';
import { portalChanges, type PortalCache } from '../portalCache/module';
import { requireLiveSite } from '../site/module';
import { bannerRepo, type BannerFilter, type BannerRow } from './repo';

export const BANNER_MODULE = 'cms:banner';
/** bizType of a banner's image in the file service. */
export const BANNER_IMAGE_BIZ = 'CMS_BANNER';

export type BannerInput = ServerBody<typeof bannerCalls.add>;

export interface BannerServiceDeps {
  db: Db;
  files: CmsFiles;
  portalCache: PortalCache;
}

const present = (row: BannerRow, imageUrl: string | null = null) => {
  const { id, ...rest } = row;
  return { bannerId: id, ...rest, imageUrl };
};

const SORT_STEP = 10;

/** 轮播图 (the portal's `rotatePictures {code}`): pictures per site and position, shown by sort while enabled. */
export function createBannerService({ db, files, portalCache }: BannerServiceDeps) {
  const images = recordPictures(files, BANNER_IMAGE_BIZ);
  const change = portalChanges(db, portalCache);

  async function findLive(ex: Executor, id: number): Promise<BannerRow> {
    const row = await bannerRepo.findLive(ex, id);
    if (!row) throw errors.notFound('轮播图');
    return row;
  }

  /** A new image is claimed by its uploader; the current image is public exactly while the banner is enabled. */
  async function keepImage(tx: Executor, row: BannerRow, previous: string | null, ctx: ChangeContext) {
    if (row.imageFileId !== previous) await images.claim(tx, row.id, row.imageFileId, ctx.actor);
    await images.show(tx, row.id, row.imageFileId, row.status === 'ENABLE');
  }

  const withImageUrls = async (rows: BannerRow[], reader: Principal) => {
    const urls = await images.urls(rows.map((r) => r.imageFileId), reader);
    return rows.map((r) => present(r, urls.get(r.imageFileId) ?? null));
  };
  const withImageUrl = async (row: BannerRow, reader: Principal) => (await withImageUrls([row], reader))[0]!;

  const log = (tx: Executor, ctx: ChangeContext, action: string, id: number, summary: string, before: BannerRow | null, after: BannerRow) =>
    recordOperation(tx, { module: BANNER_MODULE, action, entityId: id, summary, before: before ? present(before) : undefined, after: present(after), ...ctx });

  async function removeOne(tx: Executor, id: number, lockVersion: number | undefined, ctx: ChangeContext) {
    const before = await findLive(tx, id);
    const after = await bannerRepo.softDelete(tx, id, lockVersion, ctx.actor);
    await images.hide(tx, id);
    await log(tx, ctx, 'DELETE', id, `删除轮播图「${before.title}」`, before, after);
  }

  return {
    async page(filter: BannerFilter, page: PageParameter, reader: Principal) {
      const result = await bannerRepo.page(db, filter, page);
      return { ...result, list: await withImageUrls(result.list, reader) };
    },

    async detail(id: number, reader: Principal) {
      return withImageUrl(await findLive(db, id), reader);
    },

    async add(input: BannerInput, ctx: ChangeContext, reader: Principal) {
      await images.check(input.imageFileId, reader, '轮播图片');
      const row = await change(async (tx) => {
        await requireLiveSite(tx, input.siteId);
        const sort = input.sort || (await bannerRepo.maxSort(tx, input.siteId, input.code)) + SORT_STEP;
        const created = await bannerRepo.insert(tx, { ...input, sort }, ctx.actor);
        await keepImage(tx, created, null, ctx);
        await log(tx, ctx, 'CREATE', created.id, `新增轮播图「${created.title}」`, null, created);
        return created;
      });
      return withImageUrl(row, reader);
    },

    async update(id: number, lockVersion: number, input: BannerInput, ctx: ChangeContext, reader: Principal) {
      await images.check(input.imageFileId, reader, '轮播图片');
      const row = await change(async (tx) => {
        const before = await findLive(tx, id);
        if (input.siteId !== before.siteId) await requireLiveSite(tx, input.siteId);
        const after = await bannerRepo.update(tx, id, lockVersion, input, ctx.actor);
        await keepImage(tx, after, before.imageFileId, ctx);
        await log(tx, ctx, 'UPDATE', id, `修改轮播图「${after.title}」`, before, after);
        return after;
      });
      return withImageUrl(row, reader);
    },

    /** 启用 / 停用; the image is public exactly while the banner is enabled. */
    async updateStatus(id: number, lockVersion: number, status: BannerStatus, ctx: ChangeContext, reader: Principal) {
      const row = await change(async (tx) => {
        const before = await findLive(tx, id);
        const after = await bannerRepo.update(tx, id, lockVersion, { status }, ctx.actor);
        await keepImage(tx, after, after.imageFileId, ctx);
        const verb = status === 'ENABLE' ? '启用' : '停用';
        await log(tx, ctx, 'UPDATE', id, `${verb}轮播图「${after.title}」`, before, after);
        return after;
      });
      return withImageUrl(row, reader);
    },

    /** Sets the order of the pictures of one position: `bannerIds` must be exactly that group, in the new order. */
    async sort(siteId: number, code: string, bannerIds: number[], ctx: ChangeContext) {
      await change(async (tx) => {
        const group = await bannerRepo.group(tx, siteId, code);
        const given = new Set(bannerIds);
        if (given.size !== bannerIds.length || given.size !== group.length || group.some((b) => !given.has(b.id))) {
          throw errors.conflict('轮播图已被他人调整，请刷新后重新排序');
        }
        for (const [index, id] of bannerIds.entries()) await bannerRepo.setSort(tx, id, (index + 1) * SORT_STEP, ctx.actor);
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
        if ((await bannerRepo.liveIds(tx, unique)).length !== unique.length) throw errors.notFound('部分轮播图');
        for (const id of unique) await removeOne(tx, id, undefined, ctx);
        return unique.length;
      });
    },
  };
}
export type BannerService = ReturnType<typeof createBannerService>;
