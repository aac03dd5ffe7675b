import { formPaths, type ConsolePage } from '../../pageTypes';

/** The edition pages by menu component key. */
export const EDITION_PAGES: Record<string, ConsolePage> = {
  'award/edition/editionList': { paths: ['/award/edition/editionList'], load: () => import('./EditionListPage') },
  'award/edition/editionForm': { paths: formPaths('/award/edition', 'edition'), load: () => import('./EditionFormPage') },
};
