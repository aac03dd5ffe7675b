import type { Executor } from '../../../core/db';
import { directoryRepo } from './repo';

/** A user as messaging addresses them: names for pickers, contact fields for sending. */
export type DirectoryUser = Awaited<ReturnType<typeof directoryRepo.searchUsers>>[number];

/** Most users a keyword search answers unless told otherwise; an id lookup answers every id. */
const SEARCH_LIMIT = 20;
const ID_LOOKUP_LIMIT = 2000;

/**
 * The people messaging addresses (roles, organisations, users), for the audience and recipient
 * pickers, for naming a saved choice and for checking that chosen ones still exist.
 */
export function createDirectory({ db }: { db: Executor }) {
  const names = (lookup: (ex: Executor, ids: number[]) => Promise<Map<number, string>>) => async (ids: number[]) =>
    ids.length ? lookup(db, ids) : new Map<number, string>();
  return {
    roles: () => directoryRepo.rolesInForce(db),
    orgs: () => directoryRepo.orgs(db),

    /** Live users by user name, real name or phone (at most `limit`), or exactly `userIds` (to label a saved choice). */
    searchUsers: (input: { keyword?: string; userIds?: number[]; limit?: number }): Promise<DirectoryUser[]> =>
      directoryRepo.searchUsers(db, {
        keyword: input.keyword?.trim() || undefined,
        userIds: input.userIds,
        limit: input.userIds ? ID_LOOKUP_LIMIT : (input.limit ?? SEARCH_LIMIT),
      }),

    roleNames: names(directoryRepo.roleNames),
    orgNames: names(directoryRepo.orgNames),
    userNames: names(directoryRepo.userNames),
  };
}
export type Directory = ReturnType<typeof createDirectory>;
