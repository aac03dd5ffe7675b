/**
 * Holiday calendar (spec §2 /base/calendar/calendarList; the call names are ours): the days that
 * differ from the plain rule (Monday to Friday work), each year's weekend setting, and the
 * working-day sums that deadlines are counted with.
 */
import { z } from 'zod';
import { defineCall, permissionsOf } from '../contract';
import { zLockVersion } from '../records';

export const CALENDAR_PERMISSIONS = permissionsOf('base:calendar', ['list', 'add', 'upd', 'del']);

const TAG = '节假日';

export const DAY_KINDS = ['HOLIDAY', 'WORKDAY'] as const;
export type DayKind = (typeof DAY_KINDS)[number];
/** MANUAL: marked by an administrator. WEEKEND: written by the year's weekend setting. */
export const DAY_SOURCES = ['MANUAL', 'WEEKEND'] as const;
export type DaySource = (typeof DAY_SOURCES)[number];
/** One call marks at most a year's days. */
export const MAX_DAYS_PER_CHANGE = 366;

const DATE_MESSAGE = '日期格式不正确，应为 YYYY-MM-DD';
const zDate = z.string({ error: '请选择日期' }).regex(/^\d{4}-\d{2}-\d{2}$/, DATE_MESSAGE);
const zDayType = z.enum(DAY_KINDS, { error: '日期类型只能是 HOLIDAY（休息）或 WORKDAY（调休上班）' });
export const zDayName = z.string({ error: '请输入名称，如 国庆节' }).trim().min(1, '请输入名称，如 国庆节').max(64, '名称不能超过64个字符');
/** The lock version of each stored day the caller saw; a day it saw without a row is left out. */
const zVersions = z.record(zDate, zLockVersion).default({});
const zDays = z
  .array(zDate, { error: '请选择日期' })
  .min(1, '请选择日期')
  .max(MAX_DAYS_PER_CHANGE, `一次最多处理 ${MAX_DAYS_PER_CHANGE} 天`);
/** `day` or `days`: one date or several. */
const oneOrMoreDays = z.object({ day: zDate.optional(), days: zDays.optional() }).refine((b) => b.day !== undefined || b.days !== undefined, { message: '请选择日期' });
const YEAR_MESSAGE = '年份必须是 1970–2099 的整数';
const WEEKDAY_MESSAGE = '休息日只能是 0（周日）到 6（周六）';
const WORKING_DAYS_MESSAGE = '工作日天数必须是 0–3650 的整数';

const dayKind = z.enum(DAY_KINDS);
const calendarDay = z.object({
  day: z.string(),
  /** 0 Sunday … 6 Saturday. */
  weekday: z.number(),
  kind: dayKind,
  /** The stored row, when the day has one. */
  dayType: dayKind.nullable(),
  dayName: z.string().nullable(),
  source: z.enum(DAY_SOURCES).nullable(),
  lockVersion: z.number().nullable(),
});
const yearSetting = z.object({
  year: z.number(),
  restWeekdays: z.array(z.number()),
  /** False when the year was never set: Saturday and Sunday. */
  explicit: z.boolean(),
  lockVersion: z.number().nullable(),
});
const markResult = z.object({ days: z.array(z.string()), marked: z.number(), replaced: z.number() });
const dateRange = z.object({ start: zDate, end: zDate });

export const calendarCalls = {
  days: defineCall({
    method: 'POST',
    path: '/rest/calendar/days',
    access: CALENDAR_PERMISSIONS.list,
    tag: TAG,
    summary: '日历：start 至 end（最多 400 天）每天是工作日还是休息日、标记与名称，以及涉及年份的休息日设置',
    body: dateRange,
    response: z.object({ days: z.array(calendarDay), years: z.array(yearSetting) }),
  }),
  mark: defineCall({
    method: 'POST',
    path: '/rest/calendar/mark',
    access: CALENDAR_PERMISSIONS.add,
    tag: TAG,
    summary: '标记节假日（HOLIDAY）或调休上班日（WORKDAY）：day 或 days，必须有名称；已有标记的日期须带上 versions 中看到的版本号，否则 409',
    body: oneOrMoreDays.and(z.object({ dayType: zDayType, dayName: zDayName, versions: zVersions })),
    response: markResult,
  }),
  markRange: defineCall({
    method: 'POST',
    path: '/rest/calendar/markRange',
    access: CALENDAR_PERMISSIONS.add,
    tag: TAG,
    summary: '把 start 至 end 的每一天标记为同一类型和名称（最多 366 天，全部成功或全部不变）',
    body: z.object({ start: zDate, end: zDate, dayType: zDayType, dayName: zDayName, versions: zVersions }),
    response: markResult,
  }),
  unmark: defineCall({
    method: 'POST',
    path: '/rest/calendar/unmark',
    access: CALENDAR_PERMISSIONS.del,
    tag: TAG,
    summary: '取消标记：日期恢复为本年的休息日规则（默认周一至周五上班）；versions 为看到的版本号',
    body: oneOrMoreDays.and(z.object({ versions: zVersions })),
    response: z.object({ days: z.array(z.string()), unmarked: z.number() }),
  }),
  setWeekends: defineCall({
    method: 'POST',
    path: '/rest/calendar/setWeekends',
    access: CALENDAR_PERMISSIONS.upd,
    tag: TAG,
    summary: '批量设置某年每周的休息日（0 周日 … 6 周六，默认周六周日）；已有的节假日和调休标记保留不变；lockVersion 为该年设置的版本号（从未设置时不传）',
    body: z.object({
      year: z.number({ error: YEAR_MESSAGE }).int(YEAR_MESSAGE).min(1970, YEAR_MESSAGE).max(2099, YEAR_MESSAGE),
      restWeekdays: z.array(z.number().int().min(0, WEEKDAY_MESSAGE).max(6, WEEKDAY_MESSAGE), { error: '请选择休息日' }).max(7),
      lockVersion: zLockVersion.optional(),
    }),
    response: yearSetting.extend({ added: z.number(), changed: z.number(), removed: z.number(), keptMarks: z.number() }),
  }),
  workingDays: defineCall({
    method: 'POST',
    path: '/rest/calendar/workingDays',
    access: CALENDAR_PERMISSIONS.list,
    tag: TAG,
    summary: '工作日计算：start 至 end（含两端）的工作日与休息日天数',
    body: dateRange,
    response: z.object({ start: z.string(), end: z.string(), totalDays: z.number(), workingDays: z.number(), restDays: z.number() }),
  }),
  addWorkingDays: defineCall({
    method: 'POST',
    path: '/rest/calendar/addWorkingDays',
    access: CALENDAR_PERMISSIONS.list,
    tag: TAG,
    summary: '工作日计算：start 之后第 days 个工作日（start 当天不计；days 为 0 时是 start 或其后第一个工作日）',
    body: z.object({
      start: zDate,
      days: z.number({ error: WORKING_DAYS_MESSAGE }).int(WORKING_DAYS_MESSAGE).min(0, WORKING_DAYS_MESSAGE).max(3650, WORKING_DAYS_MESSAGE),
    }),
    response: z.object({ start: z.string(), days: z.number(), result: z.string(), weekday: z.number(), calendarDays: z.number() }),
  }),
};
