import { Cron } from 'croner';
import { TASK_MESSAGES, TASK_TIME_ZONE } from '@dandelion/shared/base/scheduler';

/**
 * Cron with seconds: exactly six fields (second minute hour day month weekday), read in China time.
 * croner does the arithmetic; we only decide what is accepted and word the refusals in Chinese.
 */
export type CronCheck = { ok: true; schedule: CronSchedule } | { ok: false; message: string };

export interface CronSchedule {
  /** The normalised expression (single spaces). */
  expression: string;
  /** The first fire time strictly after `after`, or null when the expression never fires again. */
  nextAfter(after: Date): Date | null;
  /** The next `count` fire times strictly after `after`. */
  next(count: number, after?: Date): Date[];
}

export function parseCron(input: string): CronCheck {
  const expression = input.trim().split(/\s+/).join(' ');
  if (!expression) return { ok: false, message: TASK_MESSAGES.cronRequired };
  // Nicknames (@daily) and 5- or 7-field forms are refused: the form promises seconds, and a
  // five-field expression read as six would fire sixty times as often as its author meant.
  if (expression.split(' ').length !== 6 || expression.startsWith('@')) return { ok: false, message: TASK_MESSAGES.cronFields };
  let cron: Cron;
  try {
    cron = new Cron(expression, { mode: '6-part', timezone: TASK_TIME_ZONE, paused: true });
  } catch {
    return { ok: false, message: TASK_MESSAGES.cronInvalid };
  }
  const schedule: CronSchedule = {
    expression,
    nextAfter: (after) => cron.nextRun(after),
    next: (count, after = new Date()) => cron.nextRuns(count, after),
  };
  if (!schedule.nextAfter(new Date())) return { ok: false, message: TASK_MESSAGES.cronNever };
  return { ok: true, schedule };
}

const chinaTime = new Intl.DateTimeFormat('en-CA', {
  timeZone: TASK_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** 'YYYY-MM-DD HH:mm:ss' in China time, for messages people read in the run log. */
export function formatChinaTime(date: Date): string {
  const p = Object.fromEntries(chinaTime.formatToParts(date).map((part) => [part.type, part.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}
