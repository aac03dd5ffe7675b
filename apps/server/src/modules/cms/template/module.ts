import type { FastifyInstance } from 'fastify';
import { CMS_SETTING_PERMISSIONS } from '@dandelion/shared/cms/setting';
import type { Executor } from '../../../core/db';
import { readableBy } from '../files/module';
import { templateRepo } from './repo';
import { registerTemplateRoutes } from './routes';
import { createTemplateService, TEMPLATE_THUMBNAIL_BIZ, type TemplateServiceDeps } from './service';

/** Templates (模板, /rest/cmsTemplate/*). Previews stay private; whoever manages the settings may see them. */
export function registerTemplateModule(app: FastifyInstance, deps: TemplateServiceDeps): void {
  readableBy(deps.files, CMS_SETTING_PERMISSIONS.list, TEMPLATE_THUMBNAIL_BIZ);
  registerTemplateRoutes(app, createTemplateService(deps));
}

/** The type (INDEX, LIST, DETAIL) of a live template, or null when it is gone (a catalogue may list only through LIST or DETAIL). */
export async function templateTypeOf(ex: Executor, templateId: number): Promise<string | null> {
  return (await templateRepo.findLive(ex, templateId))?.templateType ?? null;
}

/** The live templates' components (a subquery the portal joins to the catalogues it shows). */
export const liveTemplates = (ex: Executor) => templateRepo.liveTemplates(ex);
