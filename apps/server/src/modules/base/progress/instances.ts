import type { PageParameter } from '@dandelion/shared';
import type { Db } from '../../../core/db';
import type { ProcessEngine } from './engine';
import * as repo from './repo';

/** What the console's instance tab reads: pages of instances, and one with its diagram and history. */
export function createProcessInstanceQueries({ db, engine }: { db: Db; engine: ProcessEngine }) {
  return {
    async page(filter: repo.InstanceFilter, page: PageParameter) {
      const result = await repo.instancePage(db, filter, page, engine.clock());
      const defs = await repo.defsByIds(db, result.list.map((r) => r.defId));
      return { ...result, list: engine.viewsOf(result.list, defs) };
    },

    /** The instance, the stages and transitions of its version (for the diagram) and its history. */
    async detail(instanceId: number) {
      const instance = await engine.instance(instanceId);
      const [definition, history] = await Promise.all([engine.definitionOfInstance(instanceId), engine.history(instanceId)]);
      return { instance, definition, history };
    },
  };
}
export type ProcessInstanceQueries = ReturnType<typeof createProcessInstanceQueries>;
