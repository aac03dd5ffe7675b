import { and, asc, count, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import { scanTemplate, type MessageChannel, type PageParameter } from '@dandelion/shared';
import type { Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { paginate } from '../../../core/pagination';
import { createdBy, notDeleted, softDelete, updateVersioned } from '../../../core/records';
import { withTransaction } from '../../../core/transaction';
import { recordOperation, type ChangeContext } from '../../../core/audit';
import { sysMsgTemplate } from './schema';
import { likePattern } from '../../../core/sql';

export const TEMPLATE_MODULE = 'message:template';
export const SMS_TEMPLATE_MAX = 500;
export type TemplateRow = typeof sysMsgTemplate.$inferSelect;

export interface TemplateInput {
  templateCode: string;
  templateName: string;
  channel: MessageChannel;
  title: string | null;
  content: string;
  sampleValues: Record<string, string>;
  status: 'NORMAL' | 'DISABLED';
  remark: string | null;
}

export interface TemplateFilter {
  templateCode?: string;
  templateName?: string;
  channel?: MessageChannel;
  status?: string;
}


export const presentTemplate = (row: TemplateRow) => {
  const { id, delFlag: _d, createById: _c, updateById: _u, ...rest } = row;
  return { templateId: id, ...rest, variables: scanTemplate(row.title, row.content).variables };
};

/**
 * Checks a template: a title where the channel shows one, a body an SMS can carry, well-formed
 * variables. Sample values are kept only for variables the template has.
 */
export function checkTemplate(input: TemplateInput): TemplateInput {
  const title = input.channel === 'SMS' ? null : input.title?.trim() || null;
  if (input.channel !== 'SMS' && !title) throw errors.badRequest(input.channel === 'EMAIL' ? '请输入邮件主题' : '请输入消息标题');
  if (input.channel === 'SMS' && input.content.length > SMS_TEMPLATE_MAX) throw errors.badRequest(`短信模板内容不能超过${SMS_TEMPLATE_MAX}个字符`);
  const scan = scanTemplate(title, input.content);
  if (scan.problems.length) throw errors.badRequest(scan.problems.join('；'));
  const sampleValues = Object.fromEntries(Object.entries(input.sampleValues).filter(([name]) => scan.variables.includes(name)));
  return { ...input, title, sampleValues };
}

/** Message templates (spec §7 /rest/templateService/*): kept, changed under the lock version, deleted. */
export function createTemplateService({ db }: { db: Executor }) {
  async function findLive(ex: Executor, id: number): Promise<TemplateRow> {
    const [row] = await ex.select().from(sysMsgTemplate).where(and(eq(sysMsgTemplate.id, id), notDeleted(sysMsgTemplate))).limit(1);
    if (!row) throw errors.notFound('消息模板');
    return row;
  }

  async function removeOne(tx: Executor, id: number, lockVersion: number | undefined, change: ChangeContext) {
    const before = await findLive(tx, id);
    const after = await softDelete(tx, sysMsgTemplate, id, lockVersion, change.actor, '消息模板');
    await recordOperation(tx, {
      module: TEMPLATE_MODULE,
      action: 'DELETE',
      entityId: id,
      summary: `删除消息模板「${before.templateName}」`,
      before: presentTemplate(before),
      after: presentTemplate(after),
      ...change,
    });
  }

  return {
    findLive: (id: number) => findLive(db, id),

    async findByCode(code: string): Promise<TemplateRow> {
      const [row] = await db.select().from(sysMsgTemplate).where(and(eq(sysMsgTemplate.templateCode, code), notDeleted(sysMsgTemplate))).limit(1);
      if (!row) throw errors.notFound(`消息模板「${code}」`);
      return row;
    },

    async page(filter: TemplateFilter, page: PageParameter) {
      const where: SQL | undefined = and(
        notDeleted(sysMsgTemplate),
        filter.templateCode ? ilike(sysMsgTemplate.templateCode, likePattern(filter.templateCode)) : undefined,
        filter.templateName ? ilike(sysMsgTemplate.templateName, likePattern(filter.templateName)) : undefined,
        filter.channel ? eq(sysMsgTemplate.channel, filter.channel) : undefined,
        filter.status ? eq(sysMsgTemplate.status, filter.status) : undefined,
      );
      const result = await paginate(
        page,
        (limit, offset) =>
          db.select().from(sysMsgTemplate).where(where).orderBy(desc(sysMsgTemplate.updateTime), asc(sysMsgTemplate.id)).limit(limit).offset(offset),
        async () => (await db.select({ n: count() }).from(sysMsgTemplate).where(where))[0]!.n,
      );
      return { ...result, list: result.list.map(presentTemplate) };
    },

    async detail(id: number) {
      return presentTemplate(await findLive(db, id));
    },

    async add(input: TemplateInput, change: ChangeContext) {
      const values = checkTemplate(input);
      return withTransaction(db, async (tx) => {
        const [row] = await tx.insert(sysMsgTemplate).values({ ...values, ...createdBy(change.actor) }).returning();
        await recordOperation(tx, { module: TEMPLATE_MODULE, action: 'CREATE', entityId: row!.id, summary: `新增消息模板「${row!.templateName}」`, after: presentTemplate(row!), ...change });
        return presentTemplate(row!);
      });
    },

    async update(id: number, lockVersion: number, input: TemplateInput, change: ChangeContext) {
      const values = checkTemplate(input);
      return withTransaction(db, async (tx) => {
        const before = await findLive(tx, id);
        const row = await updateVersioned(tx, sysMsgTemplate, id, lockVersion, values, change.actor, '消息模板');
        await recordOperation(tx, {
          module: TEMPLATE_MODULE,
          action: 'UPDATE',
          entityId: id,
          summary: `修改消息模板「${row.templateName}」`,
          before: presentTemplate(before),
          after: presentTemplate(row),
          ...change,
        });
        return presentTemplate(row);
      });
    },

    async remove(id: number, lockVersion: number | undefined, change: ChangeContext) {
      await withTransaction(db, (tx) => removeOne(tx, id, lockVersion, change));
    },

    /** All or nothing: one missing template refuses the batch. */
    async removeMany(ids: number[], change: ChangeContext): Promise<number> {
      const unique = [...new Set(ids)];
      return withTransaction(db, async (tx) => {
        const found = await tx.select({ id: sysMsgTemplate.id }).from(sysMsgTemplate).where(and(inArray(sysMsgTemplate.id, unique), notDeleted(sysMsgTemplate)));
        if (found.length !== unique.length) throw errors.notFound('部分消息模板');
        for (const id of unique) await removeOne(tx, id, undefined, change);
        return unique.length;
      });
    },
  };
}
export type TemplateService = ReturnType<typeof createTemplateService>;
