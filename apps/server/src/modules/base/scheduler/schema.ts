/**
 * The scheduler's tables live in tables.ts. This name stays only for the two tests outside this
 * module that still import it (db/seed/seed.test.ts, system/duplicate/duplicate.test.ts); they
 * move to tables.ts with their owners, and this file goes.
 */
export { baseTask, baseTaskLog } from './tables';
