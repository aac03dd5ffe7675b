import { and, asc, eq, ilike, type SQL } from 'drizzle-orm';
import type { PageParameter } from '@dandelion/shared';
import type { Executor } from '../../../core/db';
import { countWhere, paginate } from '../../../core/pagination';
import { type auditColumns, createdBy, notDeleted, softDelete, updateVersioned, type Actor } from '../../../core/records';
import { likePattern } from '../../../core/sql';
import { cmsTemplate } from './tables';

export type TemplateRow = typeof cmsTemplate.$inferSelect;
export type TemplateFields = Omit<typeof cmsTemplate.$inferInsert, 'id' | keyof typeof auditColumns>;

export interface TemplateFilter {
  templateCode?: string;
  templateName?: string;
  templateType?: string;
}

const byOrder = [asc(cmsTemplate.sort), asc(cmsTemplate.id)];

/** Every query of templates; each takes the executor (database or open transaction) to run on. */
export const templateRepo = {
  async findLive(ex: Executor, id: number): Promise<TemplateRow | undefined> {
    const [row] = await ex.select().from(cmsTemplate).where(and(eq(cmsTemplate.id, id), notDeleted(cmsTemplate))).limit(1);
    return row;
  },

  page(ex: Executor, filter: TemplateFilter, page: PageParameter) {
    const where: SQL | undefined = and(
      notDeleted(cmsTemplate),
      filter.templateCode ? ilike(cmsTemplate.templateCode, likePattern(filter.templateCode)) : undefined,
      filter.templateName ? ilike(cmsTemplate.templateName, likePattern(filter.templateName)) : undefined,
      filter.templateType ? eq(cmsTemplate.templateType, filter.templateType) : undefined,
    );
    return paginate(
      page,
      (limit, offset) => ex.select().from(cmsTemplate).where(where).orderBy(...byOrder).limit(limit).offset(offset),
      () => countWhere(ex, cmsTemplate, where),
    );
  },

  listAll: (ex: Executor, templateType?: string) =>
    ex
      .select()
      .from(cmsTemplate)
      .where(and(notDeleted(cmsTemplate), templateType ? eq(cmsTemplate.templateType, templateType) : undefined))
      .orderBy(...byOrder),

  async insert(ex: Executor, fields: TemplateFields, actor: Actor): Promise<TemplateRow> {
    const [row] = await ex.insert(cmsTemplate).values({ ...fields, ...createdBy(actor) }).returning();
    return row!;
  },

  update: (ex: Executor, id: number, lockVersion: number, fields: TemplateFields, actor: Actor) => updateVersioned(ex, cmsTemplate, id, lockVersion, fields, actor, '模板'),

  softDelete: (ex: Executor, id: number, lockVersion: number | undefined, actor: Actor) => softDelete(ex, cmsTemplate, id, lockVersion, actor, '模板'),

  /** The live templates' components (a subquery the portal joins to the catalogues it shows). */
  liveTemplates: (ex: Executor) =>
    ex
      .select({ templateId: cmsTemplate.id, templateStyle: cmsTemplate.templateStyle, componentName: cmsTemplate.componentName })
      .from(cmsTemplate)
      .where(notDeleted(cmsTemplate))
      .as('live_template'),
};
