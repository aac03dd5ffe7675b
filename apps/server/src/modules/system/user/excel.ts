import { isEmail, isMobileStrict, isStrongPassword, PASSWORD_MESSAGE, EMAIL_MESSAGE, MOBILE_MESSAGE } from '@dandelion/shared';
import { MAX_IMPORT_BYTES, USER_STATUS, USER_STATUS_LABELS, USERNAME_MESSAGE, USERNAME_PATTERN, type ImportProblem } from '@dandelion/shared/system/user';
import type { Db } from '../../../core/db';
import { beijingTime, newWorkbook, MAX_EXPORT_ROWS, readImportRows, styleHeader, workbookOf, type SheetColumn } from '../../../core/excel';
import type { EffectiveDataScope } from '../../../core/dataScope';
import { errors } from '../../../core/errors';
import { withTransaction } from '../../../core/transaction';
import { generateStrongPassword, hashPassword } from '../../../core/password';
import { orgDirectory } from '../org/module';
import { userListCondition, userRepo, type UniqueField, type UserFilter, type UserListRow } from './repo';
import { logUserChange, type UserChange } from './service';

export const MAX_IMPORT_ROWS = 1000;
const EMP_STATUS: Record<string, string> = { NORMAL: '在职', LEAVE: '离职' };

type ExportedUser = UserListRow;
const EXPORT_COLUMNS: SheetColumn<ExportedUser>[] = [
  { header: '用户名', width: 18, value: (r) => r.username },
  { header: '姓名', width: 14, value: (r) => r.realname },
  { header: '手机号', width: 16, value: (r) => r.phone },
  { header: '邮箱', width: 26, value: (r) => r.email },
  { header: '所属机构', width: 22, value: (r) => r.orgName },
  { header: '工号', width: 14, value: (r) => r.empCode },
  { header: '人员状态', width: 10, value: (r) => EMP_STATUS[r.empStatus] ?? r.empStatus },
  { header: '账号状态', width: 10, value: (r) => USER_STATUS_LABELS[r.status] ?? r.status },
  { header: '角色', width: 26, value: (r) => r.roles.map((x) => x.roleName).join('、') },
  { header: '创建时间', width: 20, value: (r) => beijingTime(r.createTime) },
];

export async function exportUsers(db: Db, filter: UserFilter, scope: EffectiveDataScope): Promise<Buffer> {
  const rows = await userRepo.list(db, userListCondition(filter, scope), MAX_EXPORT_ROWS, 0);
  return workbookOf('用户列表', EXPORT_COLUMNS, rows);
}

/** Import columns, in template order; `*` marks required ones. */
const IMPORT_COLUMNS = [
  { key: 'username', header: '用户名*', width: 18 },
  { key: 'realname', header: '姓名*', width: 14 },
  { key: 'orgCode', header: '机构编码*', width: 16 },
  { key: 'phone', header: '手机号', width: 16 },
  { key: 'email', header: '邮箱', width: 26 },
  { key: 'userSex', header: '性别', width: 8 },
  { key: 'empCode', header: '工号', width: 14 },
  { key: 'inDate', header: '入职日期', width: 14 },
  { key: 'empStatus', header: '人员状态', width: 10 },
  { key: 'password', header: '初始密码', width: 18 },
  { key: 'remark', header: '备注', width: 24 },
] as const;
type ImportKey = (typeof IMPORT_COLUMNS)[number]['key'];
const label = (key: ImportKey) => IMPORT_COLUMNS.find((c) => c.key === key)!.header.replace('*', '');

export async function importTemplate(): Promise<Buffer> {
  const book = await newWorkbook();
  const sheet = book.addWorksheet('用户导入');
  sheet.columns = IMPORT_COLUMNS.map((c) => ({ header: c.header, key: c.key, width: c.width }));
  sheet.addRow({ username: 'zhangsan', realname: '张三', orgCode: 'ROOT', phone: '13800138000', email: 'zhangsan@example.com', userSex: '男', empCode: 'E0001', inDate: '2024-03-01', empStatus: '在职', password: '', remark: '示例行，导入前请删除' });
  styleHeader(sheet);
  const notes = book.addWorksheet('填写说明');
  for (const line of [
    '带 * 的列必填；用户名为 4 到 32 位字母、数字或下划线，不能与已有用户重复。',
    '机构编码须为系统中已有机构的编码；性别填 男、女 或 未知；人员状态填 在职 或 离职。',
    '入职日期格式为 YYYY-MM-DD；初始密码留空时由系统生成，并在导入结果中显示一次。',
    '任意一行有误时整个文件都不会导入，请按提示修改后重新导入；每次最多 1000 行。',
  ]) notes.addRow([line]);
  notes.getColumn(1).width = 100;
  return Buffer.from(await book.xlsx.writeBuffer());
}

type ParsedRow = { row: number } & Record<ImportKey, string>;

const readRows = (buffer: Buffer): Promise<ParsedRow[]> => readImportRows(buffer, IMPORT_COLUMNS);

const SEX_CODE: Record<string, number> = { 男: 1, 女: 2, 未知: 0, '': 0 };
const EMP_CODE: Record<string, string> = { 在职: 'NORMAL', 离职: 'LEAVE', '': 'NORMAL', NORMAL: 'NORMAL', LEAVE: 'LEAVE' };
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Imports staff accounts all or nothing: every row is checked first (required fields, formats,
 * duplicates inside the file and against live accounts, organisation codes); one problem anywhere
 * and nothing is stored, the answer listing every problem by row and column.
 */
export async function importUsers(db: Db, buffer: Buffer, change: UserChange) {
  if (buffer.length > MAX_IMPORT_BYTES) throw errors.tooLarge('导入文件不能超过 2 MB');
  const rows = await readRows(buffer);
  if (!rows.length) throw errors.badRequest('文件中没有可导入的数据');
  if (rows.length > MAX_IMPORT_ROWS) throw errors.badRequest(`每次最多导入 ${MAX_IMPORT_ROWS} 行，当前 ${rows.length} 行`);
  const problems: ImportProblem[] = [];
  const fail = (row: number, key: ImportKey, message: string) => problems.push({ row, field: label(key), message });

  const orgByCode = await orgDirectory.idsByCode(db, [...new Set(rows.map((r) => r.orgCode).filter(Boolean))]);
  const taken = await takenValues(db, rows);
  const seen = { username: new Map<string, number>(), phone: new Map<string, number>(), email: new Map<string, number>(), empCode: new Map<string, number>() };

  for (const r of rows) {
    if (!r.username) fail(r.row, 'username', '用户名不能为空');
    else if (!USERNAME_PATTERN.test(r.username)) fail(r.row, 'username', USERNAME_MESSAGE);
    if (!r.realname) fail(r.row, 'realname', '姓名不能为空');
    else if (r.realname.length > 64) fail(r.row, 'realname', '姓名不能超过 64 个字');
    if (!r.orgCode) fail(r.row, 'orgCode', '机构编码不能为空');
    else if (!orgByCode.has(r.orgCode)) fail(r.row, 'orgCode', `机构编码不存在：${r.orgCode}`);
    if (r.phone && !isMobileStrict(r.phone)) fail(r.row, 'phone', MOBILE_MESSAGE);
    if (r.email && (!isEmail(r.email) || r.email.length > 128)) fail(r.row, 'email', EMAIL_MESSAGE);
    if (!(r.userSex in SEX_CODE)) fail(r.row, 'userSex', '性别只能填 男、女 或 未知');
    if (r.empCode.length > 64) fail(r.row, 'empCode', '工号不能超过 64 个字符');
    if (r.inDate && (!DATE.test(r.inDate) || Number.isNaN(Date.parse(r.inDate)))) fail(r.row, 'inDate', '入职日期格式应为 YYYY-MM-DD');
    if (!(r.empStatus in EMP_CODE)) fail(r.row, 'empStatus', '人员状态只能填 在职 或 离职');
    if (r.password && !isStrongPassword(r.password)) fail(r.row, 'password', PASSWORD_MESSAGE);
    if (r.remark.length > 512) fail(r.row, 'remark', '备注不能超过 512 个字');
    for (const key of ['username', 'phone', 'email', 'empCode'] as const) {
      const value = key === 'username' || key === 'email' ? r[key].toLowerCase() : r[key];
      if (!value) continue;
      const first = seen[key].get(value);
      if (first !== undefined) fail(r.row, key, `与第 ${first} 行重复：${r[key]}`);
      else seen[key].set(value, r.row);
      if (taken[key].has(value)) fail(r.row, key, `${label(key)}已存在：${r[key]}`);
    }
  }
  if (problems.length) {
    throw errors.badRequest(`导入数据有误，共 ${problems.length} 处问题，未导入任何数据`, { errors: problems });
  }

  const created: Array<{ row: number; username: string; generatedPassword: string | null }> = [];
  const prepared: Array<{ r: ParsedRow; password: string; passwordHash: string }> = [];
  for (const r of rows) {
    const password = r.password || generateStrongPassword();
    prepared.push({ r, password, passwordHash: await hashPassword(password) });
  }
  await withTransaction(db, async (tx) => {
    for (const { r, password, passwordHash } of prepared) {
      const user = await userRepo.insert(
        tx,
        {
          username: r.username,
          realname: r.realname,
          passwordHash,
          orgId: orgByCode.get(r.orgCode)!,
          phone: r.phone || null,
          email: r.email || null,
          userSex: SEX_CODE[r.userSex]!,
          empCode: r.empCode || null,
          inDate: r.inDate || null,
          empStatus: EMP_CODE[r.empStatus]!,
          remark: r.remark || null,
          userType: 'STAFF',
          status: USER_STATUS.NORMAL,
        },
        change.actor,
      );
      await logUserChange(tx, change, 'IMPORT', user.id, `导入用户 ${user.username}（第 ${r.row} 行）`, null, user);
      created.push({ row: r.row, username: user.username, generatedPassword: r.password ? null : password });
    }
  });
  return { imported: created.length, users: created };
}

/** Values of the file already used by live accounts, lower-cased where the unique index is case-insensitive. */
async function takenValues(db: Db, rows: ParsedRow[]): Promise<Record<UniqueField, Set<string>>> {
  const pick = (key: ImportKey, lower: boolean) => [...new Set(rows.map((r) => (lower ? r[key].toLowerCase() : r[key])).filter(Boolean))];
  const found = await userRepo.holdersOfValues(db, { username: pick('username', true), phone: pick('phone', false), email: pick('email', true), empCode: pick('empCode', false) });
  return {
    username: new Set(found.map((u) => u.username.toLowerCase())),
    phone: new Set(found.map((u) => u.phone).filter((v): v is string => !!v)),
    email: new Set(found.map((u) => u.email?.toLowerCase()).filter((v): v is string => !!v)),
    empCode: new Set(found.map((u) => u.empCode).filter((v): v is string => !!v)),
  };
}

/** The user list as a workbook, the import template, and the import, over one database. */
export function createUserWorkbooks({ db }: { db: Db }) {
  return {
    export: (filter: UserFilter, scope: EffectiveDataScope) => exportUsers(db, filter, scope),
    template: importTemplate,
    import: (buffer: Buffer, change: UserChange) => importUsers(db, buffer, change),
  };
}
export type UserWorkbooks = ReturnType<typeof createUserWorkbooks>;
