import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../../core/envelope';
import { changeOf } from '../../../core/audit';
import { zLockVersion } from '@dandelion/shared';
import { MAX_DAYS_PER_CHANGE, type CalendarAdminService } from './admin';

const TAG = '节假日';

const DATE_MESSAGE = '日期格式不正确，应为 YYYY-MM-DD';
const zDate = z.string({ error: '请选择日期' }).regex(/^\d{4}-\d{2}-\d{2}$/, DATE_MESSAGE);
const zDayType = z.enum(['HOLIDAY', 'WORKDAY'], { error: '日期类型只能是 HOLIDAY（休息）或 WORKDAY（调休上班）' });
const zDayName = z.string({ error: '请输入名称，如 国庆节' }).trim().min(1, '请输入名称，如 国庆节').max(64, '名称不能超过64个字符');
/** The lock version of each stored day the caller saw; a day it saw without a row is left out. */
const zVersions = z.record(zDate, zLockVersion).default({});
const zDays = z
  .array(zDate, { error: '请选择日期' })
  .min(1, '请选择日期')
  .max(MAX_DAYS_PER_CHANGE, `一次最多处理 ${MAX_DAYS_PER_CHANGE} 天`);
/** `day` or `days`: one date or several. */
const oneOrMoreDays = z.object({ day: zDate.optional(), days: zDays.optional() }).refine((b) => b.day !== undefined || b.days !== undefined, { message: '请选择日期' });
const daysOf = (body: { day?: string; days?: string[] }) => [...(body.day ? [body.day] : []), ...(body.days ?? [])];

const dayKind = z.enum(['HOLIDAY', 'WORKDAY']);
const daySchema = z.object({
  day: z.string(),
  weekday: z.number(),
  kind: dayKind,
  dayType: dayKind.nullable(),
  dayName: z.string().nullable(),
  source: z.enum(['MANUAL', 'WEEKEND']).nullable(),
  lockVersion: z.number().nullable(),
});
const yearSchema = z.object({ year: z.number(), restWeekdays: z.array(z.number()), explicit: z.boolean(), lockVersion: z.number().nullable() });
const markResult = z.object({ days: z.array(z.string()), marked: z.number(), replaced: z.number() });

/** Holiday calendar (spec §2 /base/calendar/calendarList; the call names are ours). */
export function registerCalendarRoutes(app: FastifyInstance, { calendar }: { calendar: CalendarAdminService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/rest/calendar/days',
    {
      config: { permission: 'base:calendar:list' },
      schema: {
        tags: [TAG],
        summary: '日历：start 至 end（最多 400 天）每天是工作日还是休息日、标记与名称，以及涉及年份的休息日设置',
        body: z.object({ start: zDate, end: zDate }),
        response: { 200: envelopeOf(z.object({ days: z.array(daySchema), years: z.array(yearSchema) })) },
      },
    },
    async (request) => ok(await calendar.days(request.body.start, request.body.end)),
  );

  r.post(
    '/rest/calendar/mark',
    {
      config: { permission: 'base:calendar:add' },
      schema: {
        tags: [TAG],
        summary: '标记节假日（HOLIDAY）或调休上班日（WORKDAY）：day 或 days，必须有名称；已有标记的日期须带上 versions 中看到的版本号，否则 409',
        body: oneOrMoreDays.and(z.object({ dayType: zDayType, dayName: zDayName, versions: zVersions })),
        response: { 200: envelopeOf(markResult) },
      },
    },
    async (request) => {
      const { dayType, dayName, versions } = request.body;
      return ok(await calendar.mark({ days: daysOf(request.body), dayType, dayName, versions }, changeOf(request)), '标记成功');
    },
  );

  r.post(
    '/rest/calendar/markRange',
    {
      config: { permission: 'base:calendar:add' },
      schema: {
        tags: [TAG],
        summary: '把 start 至 end 的每一天标记为同一类型和名称（最多 366 天，全部成功或全部不变）',
        body: z.object({ start: zDate, end: zDate, dayType: zDayType, dayName: zDayName, versions: zVersions }),
        response: { 200: envelopeOf(markResult) },
      },
    },
    async (request) => ok(await calendar.markRange(request.body, changeOf(request)), '标记成功'),
  );

  r.post(
    '/rest/calendar/unmark',
    {
      config: { permission: 'base:calendar:del' },
      schema: {
        tags: [TAG],
        summary: '取消标记：日期恢复为本年的休息日规则（默认周一至周五上班）；versions 为看到的版本号',
        body: oneOrMoreDays.and(z.object({ versions: zVersions })),
        response: { 200: envelopeOf(z.object({ days: z.array(z.string()), unmarked: z.number() })) },
      },
    },
    async (request) => ok(await calendar.unmark({ days: daysOf(request.body), versions: request.body.versions }, changeOf(request)), '已取消标记'),
  );

  r.post(
    '/rest/calendar/setWeekends',
    {
      config: { permission: 'base:calendar:upd' },
      schema: {
        tags: [TAG],
        summary: '批量设置某年每周的休息日（0 周日 … 6 周六，默认周六周日）；已有的节假日和调休标记保留不变；lockVersion 为该年设置的版本号（从未设置时不传）',
        body: z.object({
          year: z.number({ error: '年份必须是 1970–2099 的整数' }).int('年份必须是 1970–2099 的整数').min(1970, '年份必须是 1970–2099 的整数').max(2099, '年份必须是 1970–2099 的整数'),
          restWeekdays: z
            .array(z.number().int().min(0, '休息日只能是 0（周日）到 6（周六）').max(6, '休息日只能是 0（周日）到 6（周六）'), { error: '请选择休息日' })
            .max(7),
          lockVersion: zLockVersion.optional(),
        }),
        response: { 200: envelopeOf(yearSchema.extend({ added: z.number(), changed: z.number(), removed: z.number(), keptMarks: z.number() })) },
      },
    },
    async (request) => ok(await calendar.setWeekends(request.body, changeOf(request)), '休息日设置已保存'),
  );

  r.post(
    '/rest/calendar/workingDays',
    {
      config: { permission: 'base:calendar:list' },
      schema: {
        tags: [TAG],
        summary: '工作日计算：start 至 end（含两端）的工作日与休息日天数',
        body: z.object({ start: zDate, end: zDate }),
        response: { 200: envelopeOf(z.object({ start: z.string(), end: z.string(), totalDays: z.number(), workingDays: z.number(), restDays: z.number() })) },
      },
    },
    async (request) => ok(await calendar.countWorkingDays(request.body.start, request.body.end)),
  );

  r.post(
    '/rest/calendar/addWorkingDays',
    {
      config: { permission: 'base:calendar:list' },
      schema: {
        tags: [TAG],
        summary: '工作日计算：start 之后第 days 个工作日（start 当天不计；days 为 0 时是 start 或其后第一个工作日）',
        body: z.object({
          start: zDate,
          days: z.number({ error: '工作日天数必须是 0–3650 的整数' }).int('工作日天数必须是 0–3650 的整数').min(0, '工作日天数必须是 0–3650 的整数').max(3650, '工作日天数必须是 0–3650 的整数'),
        }),
        response: { 200: envelopeOf(z.object({ start: z.string(), days: z.number(), result: z.string(), weekday: z.number(), calendarDays: z.number() })) },
      },
    },
    async (request) => ok(await calendar.addWorkingDays(request.body.start, request.body.days)),
  );
}
