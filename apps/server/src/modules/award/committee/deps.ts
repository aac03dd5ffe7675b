import type { Db, Executor } from '../../../core/db';
import type { LastStretch } from '../declaration/module';

/** The users who may sit on a committee: the user module answers (holders of the COMMITTEE role). */
export interface CommitteeMembers {
  /** Live holders of the role whose real name or username contains the keyword (all when empty), at most 50, by username. */
  candidates(ex: Executor, keyword?: string): Promise<Array<{ userId: number; name: string }>>;
  /** Which of `ids` are live holders of the role. */
  holders(ex: Executor, ids: readonly number[]): Promise<number[]>;
  /** Display names (real name, else username) of `ids`, deleted users included: a past sitting keeps its names. */
  names(ex: Executor, ids: readonly number[]): Promise<Map<number, string>>;
}

export interface CommitteeDeps {
  db: Db;
  /** The declaration's side of the last stretch: REVIEWED cards and the committee's moves. */
  declarations: Pick<LastStretch, 'inStates' | 'cards' | 'move'>;
  members: CommitteeMembers;
  /** Members are told in-site when voting opens (the message module, in the caller's transaction). */
  tell: (ex: Executor, userIds: number[], message: { title: string; body: string }) => Promise<void>;
}
