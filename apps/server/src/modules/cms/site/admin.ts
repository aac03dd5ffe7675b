import { and, asc, count, desc, eq, ilike, ne, type SQL } from 'drizzle-orm';
import { SITE_STATUS_ONLINE, type PageParameter, type SiteStatus } from '@dandelion/shared';
import type { Db, Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { paginate } from '../../../core/pagination';
import type { Principal } from '../../../core/permissions';
import { createdBy, notDeleted, softDelete, updatedBy, updateVersioned } from '../../../core/records';
import { withTransaction } from '../../../core/transaction';
import { recordOperation, type ChangeContext } from '../../../core/audit';
import type { FileService } from '../../file/service';
import { cmsBanner } from '../banner/schema';
import { cmsCatalog } from '../catalog/schema';
import type { PortalCache } from '../portalCache';
import {checkImage, claimImage, pictureUrls, syncPictureVisibility} from './recordFiles';
import { cmsSite } from './schema';
import type { SiteRow } from './service';
import { likePattern } from '../../../core/sql';

export const SITE_MODULE = 'cms:site';
/** bizType of a site's logo in the file service. */
export const SITE_LOGO_BIZ = 'CMS_SITE';

export interface SiteInput {
  siteCode: string;
  siteName: string;
  displayName: string;
  siteStatus: SiteStatus;
  themeId: number | null;
  portalId: number | null;
  logoFileId: string | null;
  domain: string | null;
  description: string | null;
  copyright: string | null;
  icp: string | null;
  contactPhone: string | null;
  contactAddress: string | null;
  sort: number;
}

export interface SiteFilter {
  siteCode?: string;
  siteName?: string;
  siteStatus?: string;
}

const present = (row: SiteRow, logoUrl: string | null = null) => {
  const { id, delFlag: _d, ...rest } = row;
  return { siteId: id, ...rest, logoUrl };
};
export type SiteView = ReturnType<typeof present>;

/** 站点管理 (spec §3 CMS site): the back office's sites; `findOnlineSite` stays in service.ts for the portal. */
export function createSiteAdminService({ db, files, portalCache }: { db: Db; files: FileService; portalCache: PortalCache }) {
  const logoOf = (id: number) => ({ bizType: SITE_LOGO_BIZ, bizId: String(id) });

  async function findLive(ex: Executor, id: number): Promise<SiteRow> {
    const [row] = await ex.select().from(cmsSite).where(and(eq(cmsSite.id, id), notDeleted(cmsSite))).limit(1);
    if (!row) throw errors.notFound('站点');
    return row;
  }

  /** A new logo is claimed by its uploader; the current one is public exactly while the site is online. */
  async function keepLogo(tx: Executor, row: SiteRow, previousLogo: string | null, change: ChangeContext) {
    if (row.logoFileId && row.logoFileId !== previousLogo) {
      await claimImage(tx, files, { fileId: Number(row.logoFileId), record: logoOf(row.id), actor: change.actor });
    }
    await syncPictureVisibility(tx, files, logoOf(row.id), row.logoFileId ? Number(row.logoFileId) : null, row.siteStatus === SITE_STATUS_ONLINE);
  }

  async function withLogoUrl(row: SiteRow, reader: Principal) {
    const urls = await pictureUrls(files, [row.logoFileId], reader);
    return present(row, row.logoFileId ? (urls.get(row.logoFileId) ?? null) : null);
  }

  /** Commits, then empties the portal cache: the portal must never show a site as it was before. */
  async function change<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
    const result = await withTransaction(db, fn);
    await portalCache.invalidateAll();
    return result;
  }

  return {
    async page(filter: SiteFilter, page: PageParameter, reader: Principal) {
      const where: SQL | undefined = and(
        notDeleted(cmsSite),
        filter.siteCode ? ilike(cmsSite.siteCode, likePattern(filter.siteCode)) : undefined,
        filter.siteName ? ilike(cmsSite.siteName, likePattern(filter.siteName)) : undefined,
        filter.siteStatus ? eq(cmsSite.siteStatus, filter.siteStatus) : undefined,
      );
      const result = await paginate(
        page,
        (limit, offset) => db.select().from(cmsSite).where(where).orderBy(desc(cmsSite.isDefault), asc(cmsSite.sort), asc(cmsSite.id)).limit(limit).offset(offset),
        async () => (await db.select({ n: count() }).from(cmsSite).where(where))[0]!.n,
      );
      const urls = await pictureUrls(files, result.list.map((r) => r.logoFileId), reader);
      return { ...result, list: result.list.map((r) => present(r, r.logoFileId ? (urls.get(r.logoFileId) ?? null) : null)) };
    },

    /** Every live site, for the site selector of the catalogue and banner tabs. */
    async listAll() {
      const rows = await db.select().from(cmsSite).where(notDeleted(cmsSite)).orderBy(desc(cmsSite.isDefault), asc(cmsSite.sort), asc(cmsSite.id));
      return rows.map((r) => present(r));
    },

    async detail(id: number, reader: Principal) {
      return withLogoUrl(await findLive(db, id), reader);
    },

    /** Throws 404 unless the site exists (catalogues and banners belong to a live site). */
    async requireLive(ex: Executor, id: number): Promise<SiteRow> {
      return findLive(ex, id);
    },

    async add(input: SiteInput, ctx: ChangeContext, reader: Principal) {
      await checkImage(files, input.logoFileId, reader, '站点标志');
      const row = await change(async (tx) => {
        const [created] = await tx.insert(cmsSite).values({ ...input, isDefault: false, ...createdBy(ctx.actor) }).returning();
        await keepLogo(tx, created!, null, ctx);
        await recordOperation(tx, { module: SITE_MODULE, action: 'CREATE', entityId: created!.id, summary: `新增站点「${created!.siteName}」`, after: present(created!), ...ctx });
        return created!;
      });
      return withLogoUrl(row, reader);
    },

    async update(id: number, lockVersion: number, input: SiteInput, ctx: ChangeContext, reader: Principal) {
      await checkImage(files, input.logoFileId, reader, '站点标志');
      const row = await change(async (tx) => {
        const before = await findLive(tx, id);
        if (before.isDefault && input.siteStatus !== SITE_STATUS_ONLINE) throw errors.conflict('默认站点不能下线，请先将其他站点设为默认站点');
        const after = await updateVersioned(tx, cmsSite, id, lockVersion, input, ctx.actor, '站点');
        await keepLogo(tx, after, before.logoFileId, ctx);
        await recordOperation(tx, { module: SITE_MODULE, action: 'UPDATE', entityId: id, summary: `修改站点「${after.siteName}」`, before: present(before), after: present(after), ...ctx });
        return after;
      });
      return withLogoUrl(row, reader);
    },

    /** 上线 (code 2) / 下线 (code 1). Taking the site offline also takes its logo private. */
    async updateStatus(id: number, lockVersion: number, siteStatus: SiteStatus, ctx: ChangeContext, reader: Principal) {
      const row = await change(async (tx) => {
        const before = await findLive(tx, id);
        if (before.isDefault && siteStatus !== SITE_STATUS_ONLINE) throw errors.conflict('默认站点不能下线，请先将其他站点设为默认站点');
        const after = await updateVersioned(tx, cmsSite, id, lockVersion, { siteStatus }, ctx.actor, '站点');
        await keepLogo(tx, after, after.logoFileId, ctx);
        const verb = siteStatus === SITE_STATUS_ONLINE ? '上线' : '下线';
        await recordOperation(tx, { module: SITE_MODULE, action: 'UPDATE', entityId: id, summary: `${verb}站点「${after.siteName}」`, before: present(before), after: present(after), ...ctx });
        return after;
      });
      return withLogoUrl(row, reader);
    },

    /** The portal shows the default site when a call names none, so only an online site can be it. */
    async setDefault(id: number, ctx: ChangeContext, reader: Principal) {
      const row = await change(async (tx) => {
        const before = await findLive(tx, id);
        if (before.siteStatus !== SITE_STATUS_ONLINE) throw errors.conflict(`站点「${before.siteName}」未上线，请先上线再设为默认站点`);
        if (before.isDefault) return before;
        const previous = await tx
          .update(cmsSite)
          .set({ isDefault: false, ...updatedBy(ctx.actor, cmsSite) })
          .where(and(eq(cmsSite.isDefault, true), ne(cmsSite.id, id), notDeleted(cmsSite)))
          .returning({ id: cmsSite.id, siteName: cmsSite.siteName });
        const [after] = await tx.update(cmsSite).set({ isDefault: true, ...updatedBy(ctx.actor, cmsSite) }).where(eq(cmsSite.id, id)).returning();
        await recordOperation(tx, {
          module: SITE_MODULE, action: 'UPDATE', entityId: id, summary: `设为默认站点「${after!.siteName}」`,
          before: { ...present(before), previousDefault: previous.map((p) => String(p.id)) }, after: present(after!), ...ctx,
        });
        return after!;
      });
      return withLogoUrl(row, reader);
    },

    /** Refused while the site is the default or still has catalogues or banners: they would be orphaned. */
    async remove(id: number, lockVersion: number | undefined, ctx: ChangeContext) {
      await change(async (tx) => {
        const before = await findLive(tx, id);
        if (before.isDefault) throw errors.conflict(`站点「${before.siteName}」是默认站点，不能删除，请先将其他站点设为默认站点`);
        const [catalogs] = await tx.select({ n: count() }).from(cmsCatalog).where(and(eq(cmsCatalog.siteId, id), notDeleted(cmsCatalog)));
        if (Number(catalogs!.n)) throw errors.conflict(`站点「${before.siteName}」下还有 ${catalogs!.n} 个栏目，请先删除栏目再删除站点`);
        const [banners] = await tx.select({ n: count() }).from(cmsBanner).where(and(eq(cmsBanner.siteId, id), notDeleted(cmsBanner)));
        if (Number(banners!.n)) throw errors.conflict(`站点「${before.siteName}」下还有 ${banners!.n} 张轮播图，请先删除轮播图再删除站点`);
        const after = await softDelete(tx, cmsSite, id, lockVersion, ctx.actor, '站点');
        await files.setRecordVisibility(tx, logoOf(id), 'PRIVATE');
        await recordOperation(tx, { module: SITE_MODULE, action: 'DELETE', entityId: id, summary: `删除站点「${before.siteName}」`, before: present(before), after: present(after), ...ctx });
      });
    },
  };
}
export type SiteAdminService = ReturnType<typeof createSiteAdminService>;
