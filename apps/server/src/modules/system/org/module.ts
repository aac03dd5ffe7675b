import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../../core/db';
import { orgNameView, orgRepo } from './repo';
import { registerOrgRoutes } from './routes';
import { createOrgService, orgNameById, type OrgDeps } from './service';

export { orgSubtreeIds } from './subtree';
export { orgNameView };
export type { OrgDictionaries, OrgMember, OrgMembers, OrgRules } from './service';

export { orgNameById };

/**
 * What other features may ask of organisations, in the caller's transaction. Set-based reads go
 * through `orgSubtreeIds` (a subtree as a subquery) and `orgNameView` (names to join).
 */
export const orgDirectory = {
  nameById: orgNameById,
  /** Which of `ids` are live organisations (references to organisations are checked with it). */
  liveIds: (ex: Executor, ids: number[]) => orgRepo.liveIds(ex, ids),
  /** Live organisations by code (the user import names organisations by code). */
  idsByCode: (ex: Executor, codes: string[]) => orgRepo.idsByCode(ex, codes),
  /** Deleted menus are bound to no organisation. */
  forgetFuncs: (ex: Executor, funcIds: number[]) => orgRepo.unlinkFuncs(ex, funcIds),
};
export type OrgDirectory = typeof orgDirectory;

/** Organisations (机构): registers /rest/organ/* and answers the organisation directory. */
export function registerOrgModule(app: FastifyInstance, deps: OrgDeps): OrgDirectory {
  registerOrgRoutes(app, createOrgService(deps));
  return orgDirectory;
}

/** Read-only views other areas compose set-based SQL from (messaging's audiences, receipts and directory). */
export * from './views';
