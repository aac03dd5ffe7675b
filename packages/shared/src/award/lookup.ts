/**
 * Lookups (DOMAIN.md "Lookups, collections, achievements"): funds (/rest/lookfunds), plan projects
 * (/rest/lookProject) and task origins (/rest/origin), reference lists the prize office keeps and
 * declarations pick their task sources from; each user's favourites (/rest/collection/update) come
 * first in the pickers.
 */
import { permissionsOf } from '../contract';

export const FUND_PERMISSIONS = permissionsOf('award:fund', ['list', 'add', 'upd', 'detail', 'del']);
export const PROJECT_PERMISSIONS = permissionsOf('award:project', ['list', 'add', 'upd', 'detail', 'del']);
export const ORIGIN_PERMISSIONS = permissionsOf('award:origin', ['list', 'add', 'upd', 'detail', 'del']);
