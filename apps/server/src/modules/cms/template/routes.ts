import type { FastifyInstance } from 'fastify';
import { templateCalls } from '@dandelion/shared/cms/template';
import { changeOf } from '../../../core/audit';
import { ok } from '../../../core/envelope';
import { serve } from '../../../core/route';
import type { TemplateInput, TemplateService } from './service';

/**
 * 模板管理 (spec §3 Template; /rest/cmsTemplate/*). A record family, registered call by call: its
 * service reads the preview pictures as the caller, which the shared record helper does not pass.
 */
export function registerTemplateRoutes(app: FastifyInstance, templates: TemplateService) {
  serve(app, templateCalls.page, async (request) => {
    const { pageParameter, ...filter } = request.body;
    return ok(await templates.page(filter, pageParameter, request.principal!));
  });
  serve(app, templateCalls.listAll, async (request) => ok(await templates.listAll(request.body.templateType)));
  serve(app, templateCalls.detail, async (request) => ok(await templates.detail(request.body.templateId, request.principal!)));
  serve(app, templateCalls.add, async (request) => ok(await templates.add(request.body, changeOf(request), request.principal!), '新增成功'));
  serve(app, templateCalls.update, async (request) => {
    // recordCalls types an update's body loosely (its shape is extended inside a generic): it is the add body with the id and lock version.
    const { templateId, lockVersion, ...input } = request.body as TemplateInput & { templateId: number; lockVersion: number };
    return ok(await templates.update(templateId, lockVersion, input, changeOf(request), request.principal!), '修改成功');
  });
  serve(app, templateCalls.remove, async (request) => {
    await templates.remove(request.body.templateId, request.body.lockVersion, changeOf(request));
    return ok(null, '删除成功');
  });
}
