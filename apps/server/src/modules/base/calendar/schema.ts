/**
 * The calendar's tables moved to tables.ts; the progress tests still import them from here. Delete
 * this file once base/progress imports `../calendar/tables`.
 */
export * from './tables';
