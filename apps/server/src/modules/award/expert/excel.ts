import { EXPERT_SOURCE_LABELS, EXPERT_STATUS_LABELS, MAX_EXPERT_IMPORT_BYTES, MAX_EXPERT_IMPORT_ROWS } from '@dandelion/shared/award/expert';
import { EXPERT_GENDER_LABELS, EXPERT_GENDERS, expertProfile, MAX_EXPERT_DISCIPLINES, MAX_EXPERT_KEYWORDS } from '@dandelion/shared/award/expertProfile';
import { maskIdNumber } from '@dandelion/shared/masking';
import { beijingTime, newWorkbook, MAX_EXPORT_ROWS, readImportRows, styleHeader, workbookOf } from '../../../core/excel';
import { errors } from '../../../core/errors';
import { withTransaction } from '../../../core/transaction';
import { expertDirectory } from './directory';
import { briefOf, logExpert, storedProfile, type ExpertDeps, type Who } from './context';
import { newExpertOf } from './office';
import { expertRepo, type ExpertFilter, type ExpertRecord } from './repo';

/** One refused cell of an import, listed in the answer's attributes.errors (as the user import). */
export interface ImportProblem {
  row: number;
  field: string;
  message: string;
}

/** Import columns in template order; `*` marks required ones. The key is the profile field it fills. */
const IMPORT_COLUMNS = [
  { key: 'name', header: '姓名*', width: 12 },
  { key: 'phone', header: '手机号码*', width: 16 },
  { key: 'idNumber', header: '证件号码', width: 22 },
  { key: 'gender', header: '性别', width: 8 },
  { key: 'birthYear', header: '出生年份', width: 10 },
  { key: 'email', header: '邮箱', width: 24 },
  { key: 'title', header: '职称', width: 14 },
  { key: 'position', header: '职务', width: 14 },
  { key: 'unitName', header: '工作单位', width: 28 },
  { key: 'unitCreditCode', header: '单位统一社会信用代码', width: 22 },
  { key: 'region', header: '所在地区代码', width: 14 },
  { key: 'disciplineCodes', header: '学科代码', width: 20 },
  { key: 'keywords', header: '研究方向关键词', width: 28 },
  { key: 'remark', header: '备注', width: 24 },
] as const;
type ImportKey = (typeof IMPORT_COLUMNS)[number]['key'];
const label = (key: string) => IMPORT_COLUMNS.find((c) => c.key === key)?.header.replace('*', '') ?? key;
/** Lists in one cell: separated by 、 , ， ; ； or spaces. */
const split = (cell: string) => cell.split(/[、,，;；\s]+/).map((s) => s.trim()).filter(Boolean);
const GENDER_BY_LABEL = new Map<string, string>(EXPERT_GENDERS.map((g) => [EXPERT_GENDER_LABELS[g], g]));

export async function exportExperts(deps: Pick<ExpertDeps, 'db'>, filter: ExpertFilter): Promise<Buffer> {
  const rows = await expertRepo.list(deps.db, filter, MAX_EXPORT_ROWS);
  return workbookOf<ExpertRecord>(
    '专家库',
    [
      { header: '姓名', width: 12, value: (r) => r.name },
      { header: '证件号码', width: 22, value: (r) => maskIdNumber(r.idNumber) },
      { header: '性别', width: 8, value: (r) => (r.gender ? EXPERT_GENDER_LABELS[r.gender as keyof typeof EXPERT_GENDER_LABELS] : '') },
      { header: '出生年份', width: 10, value: (r) => r.birthYear },
      { header: '手机号码', width: 16, value: (r) => r.phone },
      { header: '邮箱', width: 24, value: (r) => r.email },
      { header: '职称', width: 14, value: (r) => r.title },
      { header: '职务', width: 14, value: (r) => r.position },
      { header: '工作单位', width: 28, value: (r) => r.unitName },
      { header: '单位统一社会信用代码', width: 22, value: (r) => r.unitCreditCode },
      { header: '所在地区代码', width: 14, value: (r) => r.region },
      { header: '学科代码', width: 20, value: (r) => r.disciplineCodes.join('、') },
      { header: '研究方向关键词', width: 28, value: (r) => r.keywords.join('、') },
      { header: '状态', width: 10, value: (r) => EXPERT_STATUS_LABELS[r.status] },
      { header: '来源', width: 12, value: (r) => EXPERT_SOURCE_LABELS[r.source] },
      { header: '状态说明', width: 28, value: (r) => r.statusReason },
      { header: '截止日期', width: 12, value: (r) => r.statusUntil },
      { header: '入库时间', width: 20, value: (r) => beijingTime(r.createTime) },
    ],
    rows,
  );
}

export async function expertImportTemplate(): Promise<Buffer> {
  const book = await newWorkbook();
  const sheet = book.addWorksheet('专家导入');
  sheet.columns = IMPORT_COLUMNS.map((c) => ({ header: c.header, key: c.key, width: c.width }));
  sheet.addRow({
    name: '张三',
    phone: '13800138000',
    idNumber: '',
    gender: '男',
    birthYear: 1970,
    email: 'zhangsan@example.com',
    title: '教授',
    position: '院长',
    unitName: '某某大学',
    unitCreditCode: '',
    region: '110000',
    disciplineCodes: '520、520.10',
    keywords: '新材料、高熵合金',
    remark: '示例行，导入前请删除',
  });
  styleHeader(sheet);
  const notes = book.addWorksheet('填写说明');
  for (const line of [
    '带 * 的列必填；手机号码为 11 位手机号，不能与已有专家或文件中其他行重复。',
    '证件号码填居民身份证号（校验位须正确）或护照号，不能与已有专家重复；性别填 男 或 女；出生年份填四位数字。',
    `学科代码填学科字典 AWARD_DISCIPLINE 中的代码，最多 ${MAX_EXPERT_DISCIPLINES} 个，第一个为主学科；关键词最多 ${MAX_EXPERT_KEYWORDS} 个。多个值用顿号、逗号或空格分隔。`,
    '所在地区代码填行政区划代码（如 110105）；单位统一社会信用代码为 18 位。',
    `导入的专家直接入库（状态为在库）；任意一行有误时整个文件都不会导入，请按提示修改后重新导入；每次最多 ${MAX_EXPERT_IMPORT_ROWS} 行。`,
  ])
    notes.addRow([line]);
  notes.getColumn(1).width = 110;
  return Buffer.from(await book.xlsx.writeBuffer());
}

type ParsedRow = { row: number } & Record<ImportKey, string>;

const readRows = (buffer: Buffer): Promise<ParsedRow[]> => readImportRows(buffer, IMPORT_COLUMNS);

/** A row as the profile schema reads it; cells the schema cannot read are refused here with their column. */
function profileOf(r: ParsedRow, fail: (key: string, message: string) => void) {
  const gender = r.gender ? GENDER_BY_LABEL.get(r.gender) : null;
  if (r.gender && !gender) fail('gender', '性别只能填 男 或 女');
  const birthYear = r.birthYear ? Number(r.birthYear) : null;
  if (r.birthYear && !/^\d{4}$/.test(r.birthYear)) fail('birthYear', '出生年份应为四位数字');
  return {
    name: r.name,
    phone: r.phone,
    idNumber: r.idNumber.toUpperCase() || null,
    gender: gender ?? null,
    birthYear: Number.isInteger(birthYear) ? birthYear : null,
    email: r.email || null,
    title: r.title || null,
    position: r.position || null,
    unitName: r.unitName || null,
    unitCreditCode: r.unitCreditCode.toUpperCase() || null,
    region: r.region || null,
    disciplineCodes: split(r.disciplineCodes),
    keywords: split(r.keywords),
    remark: r.remark || null,
  };
}

/**
 * Imports experts all or nothing (as the user import): every row is checked with the profile's own
 * rules, for duplicates inside the file and against live experts; one problem anywhere and nothing
 * is stored, the answer listing every problem by row and column. Imported experts are in the pool.
 */
export async function importExperts(deps: Pick<ExpertDeps, 'db'>, buffer: Buffer, who: Who) {
  if (buffer.length > MAX_EXPERT_IMPORT_BYTES) throw errors.tooLarge('导入文件不能超过 2 MB');
  const rows = await readRows(buffer);
  if (!rows.length) throw errors.badRequest('文件中没有可导入的数据');
  if (rows.length > MAX_EXPERT_IMPORT_ROWS) throw errors.badRequest(`每次最多导入 ${MAX_EXPERT_IMPORT_ROWS} 行，当前 ${rows.length} 行`);
  const problems: ImportProblem[] = [];
  const takenIds = await expertRepo.takenIdNumbers(deps.db, [...new Set(rows.map((r) => r.idNumber.toUpperCase()).filter(Boolean))]);
  const takenPhones = await expertRepo.takenPhones(deps.db, [...new Set(rows.map((r) => r.phone).filter(Boolean))]);
  const seen = { phone: new Map<string, number>(), idNumber: new Map<string, number>() };
  const valid: Array<{ row: number; profile: ReturnType<typeof expertProfile.parse> }> = [];

  for (const r of rows) {
    const fail = (key: string, message: string) => problems.push({ row: r.row, field: label(key), message });
    const before = problems.length;
    const parsed = expertProfile.safeParse(profileOf(r, fail));
    if (!parsed.success) {
      // One message per column: the first the schema gives.
      const byField = new Map<string, string>();
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? '');
        if (!byField.has(key)) byField.set(key, issue.message);
      }
      for (const [key, message] of byField) if (!problems.some((p) => p.row === r.row && p.field === label(key))) fail(key, message);
    }
    for (const key of ['phone', 'idNumber'] as const) {
      const value = key === 'idNumber' ? r.idNumber.toUpperCase() : r[key];
      if (!value) continue;
      const first = seen[key].get(value);
      if (first !== undefined) fail(key, `与第 ${first} 行重复：${value}`);
      else seen[key].set(value, r.row);
      if ((key === 'phone' ? takenPhones : takenIds).has(value)) fail(key, `${label(key)}已存在于专家库：${key === 'idNumber' ? maskIdNumber(value) : value}`);
    }
    if (parsed.success && problems.length === before) valid.push({ row: r.row, profile: parsed.data });
  }
  if (problems.length) throw errors.badRequest(`导入数据有误，共 ${problems.length} 处问题，未导入任何数据`, { errors: problems });

  const experts = await withTransaction(deps.db, async (tx) => {
    const created: Array<{ row: number; expertId: number; name: string }> = [];
    for (const { row, profile } of valid) {
      const id = await expertDirectory.create(tx, who.change.actor, newExpertOf(storedProfile(profile, null), { status: 'ACTIVE', source: 'IMPORTED' }), who.name);
      const stored = (await expertRepo.findLive(tx, id))!;
      await logExpert(tx, who, 'IMPORT', stored, `导入专家「${stored.name}」（第 ${row} 行）`, null, briefOf(stored));
      created.push({ row, expertId: id, name: stored.name });
    }
    return created;
  });
  return { imported: experts.length, experts };
}

/** The pool as a workbook, the import template, and the import, over one database. */
export function createExpertWorkbooks(deps: Pick<ExpertDeps, 'db'>) {
  return {
    export: (filter: ExpertFilter) => exportExperts(deps, filter),
    template: expertImportTemplate,
    import: (buffer: Buffer, who: Who) => importExperts(deps, buffer, who),
  };
}
export type ExpertWorkbooks = ReturnType<typeof createExpertWorkbooks>;
