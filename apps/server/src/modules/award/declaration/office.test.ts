import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download, sheetRows } from '../../../../test/helpers/excel';
import { expectRefusedToOutsiders } from '../../../../test/helpers/refusals';
import { createWorld, declare, idNumber, newApplicant, submitted, type DeclarationWorld } from './declarationTestKit';

let world: DeclarationWorld;
const page = (filter: Record<string, unknown> = {}) => world.call('/rest/declare/getDeclarePage', { pageParameter: { pageNum: 1, pageSize: 10 }, ...filter }, world.as.office);
const titles = (res: { body: { data: { list: Array<{ title: string }> } } }) => res.body.data.list.map((r) => r.title);
let first: { declarationId: string; registrationNo: string };

beforeAll(async () => {
  world = await createWorld();
  first = await submitted(world, world.as.applicant, [{ name: '张三', id: idNumber(1) }, { name: '李四', id: idNumber(2) }], '高熵合金');
  await submitted(world, world.as.applicant2, [{ name: '王五', id: idNumber(3) }], '石墨烯传感器');
  await declare(world, await newApplicant(world, 'declapplicant3'), [{ section: 'BASIC', content: { title: '草稿项目', disciplineCodes: ['520.10'] } }]);
});
afterAll(async () => {
  await world.ctx.app.close();
});

describe('the office’s declaration list', () => {
  it('refuses anonymous callers and those without the office’s codes', async () => {
    await expectRefusedToOutsiders(world.ctx.app, ['/rest/declare/getDeclarePage', '/rest/declare/getStatusCounts', '/rest/declare/exportDeclarations', '/rest/declare/exportCompleters'], world.as.unitAdmin);
  });

  it('lists every declaration newest first without their content, and filters', async () => {
    const all = await page();
    expect(all.body.data.total).toBe(3);
    expect(titles(all)).toEqual(['草稿项目', '石墨烯传感器', '高熵合金']);
    expect(all.body.data.list[2]).not.toHaveProperty('content');
    expect(all.body.data.list[2]).toMatchObject({ unitOrgName: '甲大学', nominatorOrgName: '省教育厅', firstCompleter: '张三', completerCount: 2, status: 'SUBMITTED', actions: [] });
    expect(titles(await page({ status: 'SUBMITTED' }))).toEqual(['石墨烯传感器', '高熵合金']);
    expect(titles(await page({ keyword: '石墨' }))).toEqual(['石墨烯传感器']);
    expect(titles(await page({ keyword: '李四' }))).toEqual(['高熵合金']);
    expect(titles(await page({ keyword: first.registrationNo.toLowerCase() }))).toEqual(['高熵合金']);
    expect(titles(await page({ disciplineCode: '520' }))).toEqual(['草稿项目']);
    expect(titles(await page({ disciplineCode: '43%' }))).toEqual([]);
    expect(titles(await page({ unitOrgId: String(world.orgs.unitA), prizeId: world.prizeIds.ZRKX, editionId: world.editionId }))).toEqual(['石墨烯传感器', '高熵合金']);
    expect(titles(await page({ nominatorOrgId: String(world.orgs.unitB) }))).toEqual([]);
  });

  it('counts per status', async () => {
    const res = await world.call('/rest/declare/getStatusCounts', { editionId: world.editionId }, world.as.office);
    expect(res.body.data).toEqual([{ status: 'DRAFT', count: 1 }, { status: 'SUBMITTED', count: 2 }]);
  });

  it('exports the list and the completers (ID numbers masked) as .xlsx', async () => {
    const list = await download(world.ctx.app, '/rest/declare/exportDeclarations', { status: 'SUBMITTED' }, world.as.office);
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toContain('spreadsheetml');
    const rows = await sheetRows(list.rawPayload);
    expect(rows[0]!.slice(0, 4)).toEqual(['登记号', '届次', '奖种', '项目名称']);
    expect(rows.slice(1).map((r) => r[3])).toEqual(['石墨烯传感器', '高熵合金']);
    const people = await download(world.ctx.app, '/rest/declare/exportCompleters', { keyword: '高熵' }, world.as.office);
    const completerRows = await sheetRows(people.rawPayload);
    expect(completerRows).toEqual([
      ['登记号', '项目名称', '状态', '排名', '姓名', '证件号码', '工作单位'],
      [first.registrationNo, '高熵合金', '待单位审核', '1', '张三', `${idNumber(1).slice(0, 6)}********${idNumber(1).slice(-4)}`, '甲大学'],
      [first.registrationNo, '高熵合金', '待单位审核', '2', '李四', `${idNumber(2).slice(0, 6)}********${idNumber(2).slice(-4)}`, '甲大学'],
    ]);
  });
});
