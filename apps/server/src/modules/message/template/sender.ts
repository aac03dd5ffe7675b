import { randomUUID } from 'node:crypto';
import type { PageParameter } from '@dandelion/shared';
import { checkTemplateValues, renderTemplate, scanTemplate, SMS_TEMPLATE_MAX, type TemplateValues } from '@dandelion/shared/message/template';
import { recordOperation, type ChangeContext } from '../../../core/audit';
import type { Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { createdBy } from '../../../core/records';
import { withTransaction } from '../../../core/transaction';
import type { Directory, DirectoryUser } from '../directory/module';
import type { MessageService } from '../msg/module';
import type { SmsService } from '../sms/module';
import type { MailProvider } from './mailer';
import { templateRepo, type SendLogFilter, type SendLogInsert, type TemplateRow } from './repo';
import { TEMPLATE_MODULE, type TemplateService } from './service';

/** SMS and e-mail go out a few at a time: a slow gateway must not hold a thousand sockets. */
const PARALLEL_SENDS = 5;

export interface SendRequest {
  templateId?: number;
  templateCode?: string;
  userIds: number[];
  values: TemplateValues;
}

const nameOf = (u: DirectoryUser) => u.realname || u.username;

async function inBatches<T>(items: readonly T[], size: number, fn: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(fn));
}

/**
 * sendMsg: renders a template for chosen users and delivers it through the template's channel: an
 * in-site message, an SMS through the SMS service (and its log), or an e-mail. Every recipient gets
 * a send-log row, SENT or FAILED with the reason; unknown or missing variables refuse the whole send.
 */
export function createTemplateSender(deps: {
  db: Executor;
  templates: TemplateService;
  messages: MessageService;
  sms: SmsService;
  mail: MailProvider;
  directory: Directory;
}) {
  const { db, templates, messages, sms, mail, directory } = deps;

  async function recipientsOf(userIds: number[]): Promise<DirectoryUser[]> {
    const unique = [...new Set(userIds)];
    const found = await directory.searchUsers({ userIds: unique });
    if (found.length !== unique.length) throw errors.badRequest('部分收信人不存在或已被删除');
    return unique.map((id) => found.find((u) => u.userId === id)!);
  }

  /** Phone or e-mail of a recipient, or why the channel cannot reach them. */
  function addressOf(channel: TemplateRow['channel'], user: DirectoryUser): { address: string | null; problem: string | null } {
    if (channel === 'SMS') return user.phone ? { address: user.phone, problem: null } : { address: null, problem: '用户未绑定手机号' };
    if (channel === 'EMAIL') return user.email ? { address: user.email, problem: null } : { address: null, problem: '用户未设置邮箱' };
    return { address: user.username, problem: null };
  }

  return {
    async send(request: SendRequest, change: Omit<ChangeContext, 'actor'> & { actor: ChangeContext['actor'] | null; ip?: string | null }) {
      const template: TemplateRow = request.templateId ? await templates.findLive(request.templateId) : await templates.findByCode(request.templateCode!);
      if (template.status !== 'NORMAL') throw errors.conflict(`消息模板「${template.templateName}」已停用，不能发送`);
      const { variables } = scanTemplate(template.title, template.content);
      const refusal = checkTemplateValues(variables, request.values);
      if (refusal) throw errors.badRequest(refusal);
      const title = template.title ? renderTemplate(template.title, request.values).text : null;
      const content = renderTemplate(template.content, request.values).text;
      const channel = template.channel;
      if (channel === 'SMS' && content.length > SMS_TEMPLATE_MAX) throw errors.badRequest(`短信内容填入变量后为 ${content.length} 个字符，不能超过 ${SMS_TEMPLATE_MAX} 个字符`);
      const users = await recipientsOf(request.userIds);

      const batchId = randomUUID();
      const base = { templateId: template.id, templateCode: template.templateCode, channel, batchId, title, content: content.slice(0, 4000), ...createdBy(change.actor) };
      const logs: SendLogInsert[] = [];
      const logFor = (user: DirectoryUser, address: string | null, status: 'SENT' | 'FAILED', provider: string, error: string | null = null) =>
        logs.push({ ...base, userId: user.userId, recipientName: nameOf(user), address, status, provider, error: error?.slice(0, 512) ?? null });

      if (channel === 'SITE') {
        // Messages and their log rows commit together.
        await withTransaction(db, async (tx) => {
          await messages.send(tx, { userIds: users.map((u) => u.userId), title: title!, body: content, category: 'TEMPLATE', sender: change.actor });
          for (const user of users) logFor(user, user.username, 'SENT', 'SITE');
          await templateRepo.insertSendLogs(tx, logs);
        });
      } else {
        await inBatches(users, PARALLEL_SENDS, async (user) => {
          const { address, problem } = addressOf(channel, user);
          if (!address) return void logFor(user, null, 'FAILED', channel === 'SMS' ? sms.providerName : mail.name, problem);
          if (channel === 'SMS') {
            const sent = await sms.deliver({ phone: address, content, purpose: 'TEMPLATE', ip: change.ip ?? null, actor: change.actor });
            logFor(user, address, sent.status, sent.provider, sent.error);
            return;
          }
          try {
            await mail.send({ to: address, subject: title!, text: content });
            logFor(user, address, 'SENT', mail.name);
          } catch (err) {
            logFor(user, address, 'FAILED', mail.name, err instanceof Error ? `${err.name}: ${err.message}` : String(err));
          }
        });
        await templateRepo.insertSendLogs(db, logs);
      }
      const sent = logs.filter((l) => l.status === 'SENT').length;
      await recordOperation(db, {
        module: TEMPLATE_MODULE,
        action: 'SEND',
        entityId: template.id,
        summary: `使用模板「${template.templateName}」发送${sent}/${logs.length}条`,
        after: { batchId, channel, userIds: users.map((u) => u.userId), values: request.values, sent, failed: logs.length - sent },
        ...change,
      });
      return { batchId, total: logs.length, sent, failed: logs.length - sent };
    },

    /**
     * Sends the template `code` to `userIds` when one is configured (live and enabled), through its
     * channel, by the system; the values it does not use are left out. Answers the send's counts, or
     * null when no such template exists. How other modules let the office decide whether an event
     * also goes out by SMS or e-mail: by creating (or disabling) the template with that code.
     */
    async sendIfConfigured(code: string, userIds: number[], values: TemplateValues) {
      const template = await templateRepo.findByCode(db, code);
      if (!template || template.status !== 'NORMAL') return null;
      const { variables } = scanTemplate(template.title, template.content);
      const used = Object.fromEntries(variables.filter((name) => name in values).map((name) => [name, values[name]!]));
      return this.send({ templateId: template.id, userIds, values: used }, { actor: null, ip: null, requestId: null });
    },

    async logPage(filter: SendLogFilter, page: PageParameter) {
      const result = await templateRepo.sendLogPage(db, filter, page);
      return {
        ...result,
        list: result.list.map(({ id, delFlag: _d, createById: _c, updateById: _u, updateBy: _ub, updateTime: _ut, lockVersion: _l, ...row }) => ({ logId: id, ...row })),
      };
    },
  };
}
export type TemplateSender = ReturnType<typeof createTemplateSender>;
