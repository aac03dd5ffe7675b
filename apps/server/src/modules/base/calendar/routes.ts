import type { FastifyInstance } from 'fastify';
import { calendarCalls as calls } from '@dandelion/shared/base/calendar';
import { changeOf } from '../../../core/audit';
import { ok } from '../../../core/envelope';
import { serve } from '../../../core/route';
import type { HolidayService } from './holidays';

/** `day` or `days`: one date or several. */
const daysOf = (body: { day?: string; days?: string[] }) => [...(body.day ? [body.day] : []), ...(body.days ?? [])];

/** Holiday calendar (spec §2 /base/calendar/calendarList; the call names are ours). */
export function registerCalendarRoutes(app: FastifyInstance, calendar: HolidayService) {
  serve(app, calls.days, async (request) => ok(await calendar.days(request.body.start, request.body.end)));
  serve(app, calls.mark, async (request) => {
    const { dayType, dayName, versions } = request.body;
    return ok(await calendar.mark({ days: daysOf(request.body), dayType, dayName, versions }, changeOf(request)), '标记成功');
  });
  serve(app, calls.markRange, async (request) => ok(await calendar.markRange(request.body, changeOf(request)), '标记成功'));
  serve(app, calls.unmark, async (request) => ok(await calendar.unmark({ days: daysOf(request.body), versions: request.body.versions }, changeOf(request)), '已取消标记'));
  serve(app, calls.setWeekends, async (request) => ok(await calendar.setWeekends(request.body, changeOf(request)), '休息日设置已保存'));
  serve(app, calls.workingDays, async (request) => ok(await calendar.countWorkingDays(request.body.start, request.body.end)));
  serve(app, calls.addWorkingDays, async (request) => ok(await calendar.addWorkingDays(request.body.start, request.body.days)));
}
