import type { FastifyInstance } from 'fastify';
import { templateCalls } from '@dandelion/shared/message/template';
import { changeOf } from '../../../core/audit';
import { ok } from '../../../core/envelope';
import { serveRecordCalls } from '../../../core/recordRoutes';
import { serve } from '../../../core/route';
import type { Directory } from '../directory/module';
import type { TemplateSender } from './sender';
import type { TemplateService } from './service';

/** Message templates (spec §7 /rest/templateService/*; getTemplateById, updateTemplate, getSendLogByPage and searchRecipients are ours). */
export function registerTemplateRoutes(app: FastifyInstance, { templates, sender, directory }: { templates: TemplateService; sender: TemplateSender; directory: Directory }) {
  serveRecordCalls(app, templateCalls, templates);

  serve(app, templateCalls.send, async (request) => {
    const result = await sender.send(request.body, changeOf(request));
    return ok(result, result.failed ? `已发送 ${result.sent} 条，失败 ${result.failed} 条` : `已发送 ${result.sent} 条`);
  });

  serve(app, templateCalls.logPage, async (request) => {
    const { pageParameter, ...filter } = request.body;
    return ok(await sender.logPage(filter, pageParameter));
  });

  serve(app, templateCalls.searchRecipients, async (request) => ok(await directory.searchUsers(request.body)));
}
