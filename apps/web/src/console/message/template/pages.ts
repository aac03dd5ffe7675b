import { formPaths, type ConsolePage } from '../../pageTypes';

/** The message-template pages by menu component key (spec §2). */
export const TEMPLATE_PAGES: Record<string, ConsolePage> = {
  'message/template/templateList': { paths: ['/message/template/templateList'], load: () => import('./TemplateListPage') },
  'message/template/templateForm': { paths: formPaths('/message/template', 'template'), load: () => import('./TemplateFormPage') },
  'message/template/templateLog': { paths: ['/message/template/templateLog'], load: () => import('./TemplateLogPage') },
};
