import type { Db } from '../../../core/db';
import type { ReviewOutcomes } from '../declaration/module';
import type { PrizeDirectory } from '../prize/module';

export interface ScoringDeps {
  db: Db;
  /** The rubric, grades and score method of a group's prize. */
  prizes: PrizeDirectory;
  /** The declaration's side: the expert's read-only view, the facts the result shows, the decision's move. */
  outcomes: ReviewOutcomes;
}
