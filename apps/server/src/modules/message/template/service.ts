import type { PageParameter } from '@dandelion/shared';
import { scanTemplate, SMS_TEMPLATE_MAX } from '@dandelion/shared/message/template';
import { recordOperation, type ChangeContext } from '../../../core/audit';
import type { Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { withTransaction } from '../../../core/transaction';
import { templateRepo, type TemplateFields, type TemplateFilter, type TemplateRow } from './repo';

export const TEMPLATE_MODULE = 'message:template';

export const presentTemplate = (row: TemplateRow) => {
  const { id, ...rest } = row;
  return { templateId: id, ...rest, variables: scanTemplate(row.title, row.content).variables };
};

/**
 * Checks a template: a title where the channel shows one, a body an SMS can carry, well-formed
 * variables. Sample values are kept only for variables the template has.
 */
export function checkTemplate(input: TemplateFields): TemplateFields {
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
    const row = await templateRepo.findLive(ex, id);
    if (!row) throw errors.notFound('消息模板');
    return row;
  }

  const log = (ex: Executor, change: ChangeContext, action: string, row: TemplateRow, summary: string, before?: TemplateRow) =>
    recordOperation(ex, { module: TEMPLATE_MODULE, action, entityId: row.id, summary, before: before && presentTemplate(before), after: presentTemplate(row), ...change });

  async function removeOne(tx: Executor, id: number, lockVersion: number | undefined, change: ChangeContext) {
    const before = await findLive(tx, id);
    const after = await templateRepo.softDelete(tx, id, lockVersion, change.actor);
    await log(tx, change, 'DELETE', after, `删除消息模板「${before.templateName}」`, before);
  }

  return {
    findLive: (id: number) => findLive(db, id),

    async findByCode(code: string): Promise<TemplateRow> {
      const row = await templateRepo.findByCode(db, code);
      if (!row) throw errors.notFound(`消息模板「${code}」`);
      return row;
    },

    async page(filter: TemplateFilter, page: PageParameter) {
      const result = await templateRepo.page(db, filter, page);
      return { ...result, list: result.list.map(presentTemplate) };
    },

    async detail(id: number) {
      return presentTemplate(await findLive(db, id));
    },

    async add(input: TemplateFields, change: ChangeContext) {
      const values = checkTemplate(input);
      return withTransaction(db, async (tx) => {
        const row = await templateRepo.insert(tx, values, change.actor);
        await log(tx, change, 'CREATE', row, `新增消息模板「${row.templateName}」`);
        return presentTemplate(row);
      });
    },

    async update(id: number, lockVersion: number, input: TemplateFields, change: ChangeContext) {
      const values = checkTemplate(input);
      return withTransaction(db, async (tx) => {
        const before = await findLive(tx, id);
        const row = await templateRepo.update(tx, id, lockVersion, values, change.actor);
        await log(tx, change, 'UPDATE', row, `修改消息模板「${row.templateName}」`, before);
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
        if ((await templateRepo.liveIds(tx, unique)).length !== unique.length) throw errors.notFound('部分消息模板');
        for (const id of unique) await removeOne(tx, id, undefined, change);
        return unique.length;
      });
    },
  };
}
export type TemplateService = ReturnType<typeof createTemplateService>;
