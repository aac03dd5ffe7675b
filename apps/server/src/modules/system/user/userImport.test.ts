import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq, inArray } from 'drizzle-orm';
import { createAccount, signIn } from '../../../../test/helpers/accounts';
import { createTestApp, post, type TestContext } from '../../../../test/helpers/testApp';
import { download as downloadFile, sheetRows } from '../../../../test/helpers/excel';
import { TEST_ADMIN_PASSWORD } from '../../../../test/helpers/testDatabase';
import { sysOperLog } from '../../../core/audit';
import { sysUser } from './tables';

let ctx: TestContext;
let admin: Record<string, string>;

const HEADERS = ['用户名*', '姓名*', '机构编码*', '手机号', '邮箱', '性别', '工号', '入职日期', '人员状态', '初始密码', '备注'];

async function workbook(rows: unknown[][]): Promise<string> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('用户导入');
  sheet.addRow(HEADERS);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer()).toString('base64');
}

const download = (url: string, body: unknown) => downloadFile(ctx.app, url, body, admin);

beforeAll(async () => {
  ctx = await createTestApp();
  admin = { authorization: await signIn(ctx.app, 'admin', TEST_ADMIN_PASSWORD) };
  await createAccount(ctx.database, { username: 'existing', password: 'Exist@2026x', phone: '13700000000' });
});
afterAll(async () => {
  await ctx.app.close();
});

describe('user import', () => {
  it('refuses a non-xlsx name and junk content with 400', async () => {
    const name = await post(ctx.app, '/rest/user/import', { fileName: 'a.csv', contentBase64: 'AAAA' }, admin);
    expect(name.status).toBe(400);
    expect(name.body.msg).toBe('只能导入 .xlsx 格式的 Excel 文件');
    const junk = await post(ctx.app, '/rest/user/import', { fileName: 'a.xlsx', contentBase64: Buffer.from('hello').toString('base64') }, admin);
    expect(junk.status).toBe(400);
    expect(junk.body.msg).toBe('文件不是有效的 Excel（.xlsx）文件');
  });

  it('stores nothing when any row fails, listing every problem by row and column', async () => {
    const contentBase64 = await workbook([
      ['imp_ok1', '甲', 'ROOT', '13600000001', 'a@example.com', '男', 'I001', '2024-01-01', '在职', '', ''],
      ['imp_ok1', '乙', 'NOPE', '123', 'bad', '外星', 'I001', '2024/01/01', '休假', 'weak', ''],
      ['existing', '', 'ROOT', '13700000000', '', '', '', '', '', '', ''],
    ]);
    const res = await post(ctx.app, '/rest/user/import', { fileName: '用户.xlsx', contentBase64 }, admin);
    expect(res.status).toBe(400);
    const errors = res.body.attributes.errors as Array<{ row: number; field: string; message: string }>;
    expect(res.body.msg).toBe(`导入数据有误，共 ${errors.length} 处问题，未导入任何数据`);
    expect(errors).toEqual(
      expect.arrayContaining([
        { row: 3, field: '用户名', message: '与第 2 行重复：imp_ok1' },
        { row: 3, field: '机构编码', message: '机构编码不存在：NOPE' },
        { row: 3, field: '手机号', message: '您的手机号码格式不正确!' },
        { row: 3, field: '邮箱', message: '请输入正确格式的邮箱!' },
        { row: 3, field: '性别', message: '性别只能填 男、女 或 未知' },
        { row: 3, field: '工号', message: '与第 2 行重复：I001' },
        { row: 3, field: '入职日期', message: '入职日期格式应为 YYYY-MM-DD' },
        { row: 3, field: '人员状态', message: '人员状态只能填 在职 或 离职' },
        { row: 4, field: '用户名', message: '用户名已存在：existing' },
        { row: 4, field: '姓名', message: '姓名不能为空' },
        { row: 4, field: '手机号', message: '手机号已存在：13700000000' },
      ]),
    );
    expect(errors.find((e) => e.row === 3 && e.field === '初始密码')).toBeTruthy();
    expect(await ctx.database.db.select().from(sysUser).where(eq(sysUser.username, 'imp_ok1'))).toHaveLength(0);
  });

  it('creates every row in one go when all are valid, answering generated passwords once', async () => {
    const contentBase64 = await workbook([
      ['imp_a', '张三', 'ROOT', '13600000011', 'za@example.com', '男', 'I101', '2024-01-01', '在职', '', ''],
      ['imp_b', '李四', 'ROOT', '', '', '女', '', '', '离职', 'Imp@2026xx', '备注'],
    ]);
    const res = await post(ctx.app, '/rest/user/import', { fileName: '用户.xlsx', contentBase64 }, admin);
    expect(res.status).toBe(200);
    expect(res.body.data.imported).toBe(2);
    expect(res.body.data.users[0].generatedPassword).toBeTruthy();
    expect(res.body.data.users[1].generatedPassword).toBeNull();
    const rows = await ctx.database.db.select().from(sysUser).where(inArray(sysUser.username, ['imp_a', 'imp_b']));
    expect(rows.map((r) => [r.username, r.userSex, r.empStatus, r.inDate])).toEqual(
      expect.arrayContaining([['imp_a', 1, 'NORMAL', '2024-01-01'], ['imp_b', 2, 'LEAVE', null]]),
    );
    expect(await signIn(ctx.app, 'imp_b', 'Imp@2026xx')).toBeTruthy();
    expect((await ctx.database.db.select().from(sysOperLog).where(eq(sysOperLog.action, 'IMPORT'))).length).toBe(2);
  });
});

describe('user export and template', () => {
  it('answers the filtered list as xlsx with a Chinese RFC 5987 filename', async () => {
    const res = await download('/rest/user/export', { username: 'imp_' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toMatch(/filename\*=UTF-8''%E7%94%A8%E6%88%B7%E5%88%97%E8%A1%A8_\d{8}\.xlsx/);
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]!.slice(0, 3)).toEqual(['用户名', '姓名', '手机号']);
    expect(rows.slice(1).map((r) => r[0]).sort()).toEqual(['imp_a', 'imp_b']);
  });

  it('answers the import template with the import columns', async () => {
    const res = await download('/rest/user/importTemplate', {});
    expect(res.statusCode).toBe(200);
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual(HEADERS);
  });
});
