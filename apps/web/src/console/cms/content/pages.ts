import { formPaths, type ConsolePage } from '../../pageTypes';

/** The article pages by menu component key (spec §2). */
export const CONTENT_PAGES: Record<string, ConsolePage> = {
  'cms/content/contentList': { paths: ['/cms/content/contentList'], load: () => import('./ContentListPage') },
  'cms/content/contentForm': { paths: formPaths('/cms/content', 'content'), load: () => import('./ContentFormPage') },
};
