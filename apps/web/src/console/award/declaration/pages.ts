import type { ConsolePage } from '../../pageTypes';

/** 申报管理 (the prize office's declarations) by menu component key. */
export const DECLARATION_PAGES: Record<string, ConsolePage> = {
  'award/declaration/declarationList': { paths: ['/award/declaration/declarationList'], load: () => import('./DeclarationListPage') },
  'award/declaration/declarationDetail': { paths: ['/award/declaration/declarationDetail'], load: () => import('./DeclarationDetailPage') },
};
