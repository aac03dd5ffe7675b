import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysOperLog } from '../../../core/audit';
import { createWorkingDayCalendar } from '../../base/calendar/service';
import { createObjectionWorld, day, declarationIn, objectionBody, publicityOf, upload, type ObjectionWorld } from './objectionTestKit';
import { awardObjection, awardObjectionSetting } from './tables';

let world: ObjectionWorld;
beforeAll(async () => {
  world = await createObjectionWorld();
}, 120_000);
afterAll(async () => world?.ctx.app.close());

const db = () => world.ctx.database.db;
const call = (url: string, body: unknown, headers = world.office.headers) => world.call(`/rest/objection/${url}`, body, headers);

describe('the handling deadline setting', () => {
  it('refuses the anonymous (401), a reader without the permission (403) and bad input (400)', async () => {
    expect((await call('getSettings', {}, {})).status).toBe(401);
    expect((await call('getSettings', {}, world.reader.headers)).status).toBe(403);
    expect((await call('saveSettings', { handlingWorkingDays: 5, lockVersion: 0 }, world.reader.headers)).status).toBe(403);
    for (const [value, message] of [[0, '处理期限不能少于1个工作日'], [61, '处理期限不能超过60个工作日'], [2.5, '处理期限必须是整数'], ['x', '请输入处理期限']] as const) {
      const res = await call('saveSettings', { handlingWorkingDays: value, lockVersion: 0 });
      expect(res.status, message).toBe(400);
      expect(JSON.stringify(res.body), message).toContain(message);
    }
    expect(await db().select().from(awardObjectionSetting)).toHaveLength(0);
  });

  it('answers the default until saved, saves under the lock (stale 409) and logs the change', async () => {
    expect((await call('getSettings', {})).body.data).toEqual({ handlingWorkingDays: 10, lockVersion: 0 });
    const saved = await call('saveSettings', { handlingWorkingDays: 3, lockVersion: 0 });
    expect(saved.status).toBe(200);
    expect(saved.body.data.handlingWorkingDays).toBe(3);
    const stale = await call('saveSettings', { handlingWorkingDays: 4, lockVersion: 0 });
    expect(stale.status).toBe(409);
    expect((await call('getSettings', {})).body.data).toEqual(saved.body.data);
    const logs = await db().select().from(sysOperLog).where(and(eq(sysOperLog.module, 'award:objection'), eq(sysOperLog.action, 'SETTING')));
    expect(logs.map((l) => l.summary)).toEqual(['异议处理期限设置为 3 个工作日']);
  });

  it('an objection received afterwards is due that many working days after receipt', async () => {
    const target = await declarationIn(world, 'IN_RESULT_PUBLICITY', '期限设置后的项目', world.applicant.id);
    const pid = await publicityOf(world, [target]);
    const res = await world.call('/rest/objection/file', objectionBody(pid, target, [await upload(world, world.verified)]), world.verified.headers);
    expect(res.status).toBe(200);
    const [row] = await db().select().from(awardObjection).where(eq(awardObjection.id, Number(res.body.data.objectionId)));
    expect(row!.deadline).toBe(await createWorkingDayCalendar({ db: db() }).addWorkingDays(day(0), 3));
  });
});
