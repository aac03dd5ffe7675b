import { expect } from 'vitest';
import { inArray } from 'drizzle-orm';
import type { DandelionApp } from '../../src/app';
import type { Database } from '../../src/core/db';
import { baseTask } from '../../src/modules/base/scheduler/tables';
import { MAINTENANCE_TASKS } from '../../src/modules/base/scheduler/seed';
import { post } from '../helpers/testApp';

/**
 * The scheduler's own tests count tasks and armed timers, so they start by deleting the seeded
 * housekeeping tasks — through the API, as an administrator would, which also disarms them on
 * every instance listed.
 */
export async function removeHousekeepingTasks(database: Database, app: DandelionApp, admin: Record<string, string>, instances: DandelionApp[] = [app]) {
  const rows = await database.db.select({ id: baseTask.id }).from(baseTask).where(inArray(baseTask.taskCode, MAINTENANCE_TASKS.map((t) => t.taskCode)));
  if (rows.length) {
    const res = await post(app, '/rest/task/deleteTaskByIds', { ids: rows.map((r) => String(r.id)) }, admin);
    expect(res.body.code, res.body.msg).toBe('0000');
  }
  // Outside a test (beforeAll) expect.poll is not available: wait for the bus to disarm them by hand.
  const deadline = Date.now() + 5000;
  while (instances.some((instance) => instance.taskScheduler.armedTasks().length > 0)) {
    if (Date.now() > deadline) throw new Error('housekeeping tasks are still armed 5 s after their deletion');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
