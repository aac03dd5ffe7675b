import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { download, sheetRows } from '../../../../test/helpers/excel';
import { added, createExpertWorld, creditCode, idNumber, type ExpertWorld } from './expertTestKit';
import { awardExpert } from './tables';

let world: ExpertWorld;
beforeAll(async () => {
  world = await createExpertWorld();
  await added(world, 1, { phone: '13911110000' });
});
afterAll(async () => {
  await world?.ctx.app.close();
});

const HEADERS = ['姓名*', '手机号码*', '证件号码', '性别', '出生年份', '邮箱', '职称', '职务', '工作单位', '单位统一社会信用代码', '所在地区代码', '学科代码', '研究方向关键词', '备注'];

async function workbook(rows: unknown[][], headers = HEADERS): Promise<string> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('专家导入');
  sheet.addRow(headers);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer()).toString('base64');
}
const importing = async (contentBase64: string, fileName = '专家.xlsx') => world.call('/rest/expert/importExperts', { fileName, contentBase64 });

describe('expert import', () => {
  it('refuses a non-xlsx name, junk content and a file without the required columns (400)', async () => {
    expect((await importing('AAAA', 'a.csv')).body.msg).toBe('只能导入 .xlsx 格式的 Excel 文件');
    expect((await importing(Buffer.from('hello').toString('base64'))).body.msg).toBe('文件不是有效的 Excel（.xlsx）文件');
    const noPhone = await importing(await workbook([['甲']], ['姓名*']));
    expect(noPhone.status).toBe(400);
    expect(noPhone.body.msg).toBe('文件缺少必需的列：手机号码，请使用导入模板');
    expect((await importing(await workbook([]))).body.msg).toBe('文件中没有可导入的数据');
  });

  it('stores nothing when any row fails, listing every problem by row and column', async () => {
    const res = await importing(
      await workbook([
        ['甲', '13600000001', idNumber(40), '男', 1970, 'a@example.com', '教授', '', '甲大学', creditCode(40), '110105', '520、52010', '材料', ''],
        ['乙', '13600000001', '110105197001011234', '外星', '七零', 'bad', '', '', '', '91110000000000000X', 'abc', '1,2,3,4', '', ''],
        ['', '13911110000', idNumber(40), '', '', '', '', '', '', '', '', '', `${'长'.repeat(21)}`, ''],
      ]),
    );
    expect(res.status).toBe(400);
    const errors = res.body.attributes.errors as Array<{ row: number; field: string; message: string }>;
    expect(res.body.msg).toBe(`导入数据有误，共 ${errors.length} 处问题，未导入任何数据`);
    expect(errors).toEqual(
      expect.arrayContaining([
        { row: 3, field: '手机号码', message: '与第 2 行重复：13600000001' },
        { row: 3, field: '证件号码', message: '您的身份证号/护照格式不正确!' },
        { row: 3, field: '性别', message: '性别只能填 男 或 女' },
        { row: 3, field: '出生年份', message: '出生年份应为四位数字' },
        { row: 3, field: '邮箱', message: '请输入正确格式的邮箱!' },
        { row: 3, field: '单位统一社会信用代码', message: '请输入正确的统一社会信用代码!' },
        { row: 3, field: '所在地区代码', message: '所在地区格式不正确' },
        { row: 3, field: '学科代码', message: '学科最多选择3个' },
        { row: 4, field: '姓名', message: '请填写姓名' },
        { row: 4, field: '手机号码', message: '手机号码已存在于专家库：13911110000' },
        { row: 4, field: '证件号码', message: `与第 2 行重复：${idNumber(40)}` },
        { row: 4, field: '研究方向关键词', message: '每个关键词不能超过20个字符' },
      ]),
    );
    expect(errors.filter((e) => e.row === 2)).toEqual([]);
    expect(await world.ctx.database.db.select().from(awardExpert)).toHaveLength(1);
  });

  it('adds every row into the pool in one go when all are valid, with history and log', async () => {
    const res = await importing(
      await workbook([
        ['甲', '13600000001', idNumber(40).toLowerCase(), '男', 1970, 'a@example.com', '教授', '院长', '甲大学', creditCode(40).toLowerCase(), '110105', '520、52010', '材料，合金', '备注'],
        ['乙', '13600000002', '', '', '', '', '', '', '', '', '', '', '', ''],
      ]),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.msg).toBe('成功导入 2 位专家');
    expect(res.body.data.experts.map((e: { row: number; name: string }) => [e.row, e.name])).toEqual([[2, '甲'], [3, '乙']]);
    const first = await world.stored(res.body.data.experts[0].expertId);
    expect(first).toMatchObject({
      status: 'ACTIVE',
      source: 'IMPORTED',
      idNumber: idNumber(40),
      gender: 'MALE',
      birthYear: 1970,
      unitCreditCode: creditCode(40),
      disciplineCodes: ['520', '52010'],
      mainDiscipline: '520',
      keywords: ['材料', '合金'],
    });
    expect((await world.history(first.id)).map((h) => h.action)).toEqual(['CREATE']);
    expect((await world.operations(first.id)).map((o) => o.summary)).toEqual(['导入专家「甲」（第 2 行）']);
  });
});

describe('expert export and template', () => {
  it('refuses callers without the codes', async () => {
    expect((await download(world.ctx.app, '/rest/expert/exportExperts', {}, world.as.applicant)).statusCode).toBe(403);
  });

  it('exports the filtered list as .xlsx with ID numbers masked', async () => {
    const res = await download(world.ctx.app, '/rest/expert/exportExperts', { source: 'IMPORTED' }, world.as.office);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain('experts_');
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]!.slice(0, 5)).toEqual(['姓名', '证件号码', '性别', '出生年份', '手机号码']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['乙', '甲']);
    expect(rows[2]![1]).toBe(`${idNumber(40).slice(0, 6)}********${idNumber(40).slice(-4)}`);
    expect(rows[2]![13]).toBe('在库');
  });

  it('answers the import template with the import columns', async () => {
    const res = await download(world.ctx.app, '/rest/expert/importTemplate', {}, world.as.office);
    expect(res.statusCode).toBe(200);
    expect((await sheetRows(res.rawPayload))[0]).toEqual(HEADERS);
  });
});
