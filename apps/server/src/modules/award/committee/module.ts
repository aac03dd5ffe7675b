import type { FastifyInstance } from 'fastify';
import type { CommitteeDeps } from './deps';
import { registerCommitteeRoutes } from './routes';
import { createCommitteeService } from './service';
import { createCommitteeVoteService } from './votes';

export type { CommitteeDeps, CommitteeMembers } from './deps';
/** Where a member's message leads: their sittings. */
export const COMMITTEE_VOTE_LINK = '/award/committeeVote/mySittings';

/**
 * The committee stage (评审委员会): sittings per edition and prize, the members' votes, the two-thirds
 * rule at close (/rest/committee/*, /rest/committeeVote/*). Declarations move only through the
 * last-stretch port it is given.
 */
export function registerCommitteeModule(app: FastifyInstance, deps: CommitteeDeps): void {
  registerCommitteeRoutes(app, { sittings: createCommitteeService(deps), votes: createCommitteeVoteService(deps) });
}
