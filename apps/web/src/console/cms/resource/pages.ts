import { formPaths, type ConsolePage } from '../../pageTypes';

/** The resource library's pages by menu component key (spec §2). */
export const RESOURCE_PAGES: Record<string, ConsolePage> = {
  'cms/resource/resourceList': { paths: ['/cms/resource/resourceList'], load: () => import('./ResourceListPage') },
  'cms/resource/resourceForm': { paths: formPaths('/cms/resource', 'resource'), load: () => import('./ResourceFormPage') },
};
