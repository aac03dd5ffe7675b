import { and, asc, count, eq, ilike, type SQL } from 'drizzle-orm';
import type { PageParameter, PortalComponentName, TemplateStyle, TemplateType } from '@dandelion/shared';
import type { Db, Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { paginate } from '../../../core/pagination';
import type { Principal } from '../../../core/permissions';
import { createdBy, notDeleted, softDelete, updateVersioned } from '../../../core/records';
import { withTransaction } from '../../../core/transaction';
import { recordOperation, type ChangeContext } from '../../../core/audit';
import type { FileService } from '../../file/service';
import type { PortalCache } from '../portalCache';
import {checkImage, claimImage, pictureUrls} from '../site/recordFiles';
import { cmsTemplate } from './schema';
import { likePattern } from '../../../core/sql';

export const TEMPLATE_MODULE = 'cms:template';
/** bizType of a template's preview picture (back office only: it stays private). */
export const TEMPLATE_THUMBNAIL_BIZ = 'CMS_TEMPLATE';

type TemplateRow = typeof cmsTemplate.$inferSelect;

export interface TemplateInput {
  templateCode: string;
  templateName: string;
  templateType: TemplateType;
  templateStyle: TemplateStyle | null;
  componentName: PortalComponentName;
  componentPath: string | null;
  thumbnail: string | null;
  sort: number;
  remark: string | null;
}

export interface TemplateFilter {
  templateCode?: string;
  templateName?: string;
  templateType?: string;
}

const present = (row: TemplateRow, thumbnailUrl: string | null = null) => {
  const { id, delFlag: _d, ...rest } = row;
  return { templateId: id, ...rest, thumbnailUrl };
};

/** 模板管理 (spec §3 Template): which portal component renders a site's home page or a catalogue's list/detail. */
export function createCmsTemplateService({
  db, files, portalCache, countUsers,
}: {
  db: Db;
  files: FileService;
  portalCache: PortalCache;
  /** How many live catalogues render through the template (from the catalogue service). */
  countUsers: (ex: Executor, templateId: number) => Promise<number>;
}) {
  const thumbnailOf = (id: number) => ({ bizType: TEMPLATE_THUMBNAIL_BIZ, bizId: String(id) });

  async function findLive(ex: Executor, id: number): Promise<TemplateRow> {
    const [row] = await ex.select().from(cmsTemplate).where(and(eq(cmsTemplate.id, id), notDeleted(cmsTemplate))).limit(1);
    if (!row) throw errors.notFound('模板');
    return row;
  }

  async function withThumbnail(row: TemplateRow, reader: Principal) {
    const urls = await pictureUrls(files, [row.thumbnail], reader);
    return present(row, row.thumbnail ? (urls.get(row.thumbnail) ?? null) : null);
  }

  async function change<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
    const result = await withTransaction(db, fn);
    await portalCache.invalidateAll();
    return result;
  }

  return {
    async page(filter: TemplateFilter, page: PageParameter, reader: Principal) {
      const where: SQL | undefined = and(
        notDeleted(cmsTemplate),
        filter.templateCode ? ilike(cmsTemplate.templateCode, likePattern(filter.templateCode)) : undefined,
        filter.templateName ? ilike(cmsTemplate.templateName, likePattern(filter.templateName)) : undefined,
        filter.templateType ? eq(cmsTemplate.templateType, filter.templateType) : undefined,
      );
      const result = await paginate(
        page,
        (limit, offset) => db.select().from(cmsTemplate).where(where).orderBy(asc(cmsTemplate.sort), asc(cmsTemplate.id)).limit(limit).offset(offset),
        async () => (await db.select({ n: count() }).from(cmsTemplate).where(where))[0]!.n,
      );
      const urls = await pictureUrls(files, result.list.map((r) => r.thumbnail), reader);
      return { ...result, list: result.list.map((r) => present(r, r.thumbnail ? (urls.get(r.thumbnail) ?? null) : null)) };
    },

    /** Every template (optionally of one type) for the catalogue form's select. */
    async listAll(templateType?: string) {
      const rows = await db
        .select()
        .from(cmsTemplate)
        .where(and(notDeleted(cmsTemplate), templateType ? eq(cmsTemplate.templateType, templateType) : undefined))
        .orderBy(asc(cmsTemplate.sort), asc(cmsTemplate.id));
      return rows.map((r) => present(r));
    },

    async detail(id: number, reader: Principal) {
      return withThumbnail(await findLive(db, id), reader);
    },

    async add(input: TemplateInput, ctx: ChangeContext, reader: Principal) {
      await checkImage(files, input.thumbnail, reader, '模板预览图');
      const row = await change(async (tx) => {
        const [created] = await tx.insert(cmsTemplate).values({ ...input, ...createdBy(ctx.actor) }).returning();
        if (created!.thumbnail) await claimImage(tx, files, { fileId: Number(created!.thumbnail), record: thumbnailOf(created!.id), actor: ctx.actor });
        await recordOperation(tx, { module: TEMPLATE_MODULE, action: 'CREATE', entityId: created!.id, summary: `新增模板「${created!.templateName}」`, after: present(created!), ...ctx });
        return created!;
      });
      return withThumbnail(row, reader);
    },

    async update(id: number, lockVersion: number, input: TemplateInput, ctx: ChangeContext, reader: Principal) {
      await checkImage(files, input.thumbnail, reader, '模板预览图');
      const row = await change(async (tx) => {
        const before = await findLive(tx, id);
        if (before.templateType !== input.templateType && input.templateType === 'INDEX') {
          const users = await countUsers(tx, id);
          if (users) throw errors.conflict(`模板「${before.templateName}」正被 ${users} 个栏目使用，不能改为首页模板`);
        }
        const after = await updateVersioned(tx, cmsTemplate, id, lockVersion, input, ctx.actor, '模板');
        if (after.thumbnail && after.thumbnail !== before.thumbnail) {
          await claimImage(tx, files, { fileId: Number(after.thumbnail), record: thumbnailOf(id), actor: ctx.actor });
        }
        await recordOperation(tx, { module: TEMPLATE_MODULE, action: 'UPDATE', entityId: id, summary: `修改模板「${after.templateName}」`, before: present(before), after: present(after), ...ctx });
        return after;
      });
      return withThumbnail(row, reader);
    },

    /** Refused while a catalogue renders through it: the portal would fall back without anyone noticing. */
    async remove(id: number, lockVersion: number | undefined, ctx: ChangeContext) {
      await change(async (tx) => {
        const before = await findLive(tx, id);
        const users = await countUsers(tx, id);
        if (users) throw errors.conflict(`模板「${before.templateName}」正被 ${users} 个栏目使用，请先为这些栏目更换模板再删除`);
        const after = await softDelete(tx, cmsTemplate, id, lockVersion, ctx.actor, '模板');
        await recordOperation(tx, { module: TEMPLATE_MODULE, action: 'DELETE', entityId: id, summary: `删除模板「${before.templateName}」`, before: present(before), after: present(after), ...ctx });
      });
    },
  };
}
export type CmsTemplateService = ReturnType<typeof createCmsTemplateService>;
