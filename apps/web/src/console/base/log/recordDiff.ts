/**
 * Field-by-field comparison of an operation-log row's before and after. Nested plain objects are
 * compared field by field under dotted names ('theme.primaryColor'); arrays and other values are
 * compared whole.
 */

export type DiffKind = 'changed' | 'added' | 'removed' | 'same';

export interface DiffRow {
  field: string;
  kind: DiffKind;
  before: unknown;
  after: unknown;
}

const MAX_DEPTH = 3;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Leaves of a record under dotted names, in the record's own order. */
function flatten(value: unknown, prefix = '', depth = 0, out = new Map<string, unknown>()): Map<string, unknown> {
  if (!isPlainObject(value)) return out;
  for (const [key, child] of Object.entries(value)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (isPlainObject(child) && Object.keys(child).length > 0 && depth < MAX_DEPTH) flatten(child, name, depth + 1, out);
    else out.set(name, child);
  }
  return out;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * One row per field of either side: 'added' when only the after has it (a new record has only an
 * after), 'removed' when only the before has it (a deleted record's fields), 'changed' or 'same'.
 */
export function diffRecords(before: unknown, after: unknown): DiffRow[] {
  const left = flatten(before);
  const right = flatten(after);
  const fields = [...left.keys(), ...[...right.keys()].filter((k) => !left.has(k))];
  return fields.map((field) => {
    const inBefore = left.has(field);
    const inAfter = right.has(field);
    const b = left.get(field);
    const a = right.get(field);
    const kind: DiffKind = !inBefore ? 'added' : !inAfter ? 'removed' : same(b, a) ? 'same' : 'changed';
    return { field, kind, before: b, after: a };
  });
}

export function countKinds(rows: readonly DiffRow[]): Record<DiffKind, number> {
  const counts: Record<DiffKind, number> = { changed: 0, added: 0, removed: 0, same: 0 };
  for (const row of rows) counts[row.kind] += 1;
  return counts;
}

/** Names of fields most records share, and of the usual business fields. */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  id: '编号',
  createTime: '创建时间',
  createBy: '创建人',
  createById: '创建人编号',
  updateTime: '修改时间',
  updateBy: '修改人',
  updateById: '修改人编号',
  lockVersion: '版本号',
  delFlag: '删除标记',
  status: '状态',
  sort: '排序',
  remark: '备注',
  postId: '岗位编号',
  postCode: '岗位编码',
  postName: '岗位名称',
  orgId: '机构编号',
  orgCode: '机构编码',
  orgName: '机构名称',
  parentId: '上级编号',
  roleId: '角色编号',
  roleCode: '角色编码',
  roleName: '角色名称',
  roleType: '角色类型',
  dataScope: '数据范围',
  userId: '用户编号',
  username: '用户名',
  realname: '姓名',
  nickName: '昵称',
  phone: '手机号',
  email: '邮箱',
  sex: '性别',
  avatar: '头像',
  funcId: '功能编号',
  funcCode: '权限码',
  funcName: '功能名称',
  funcType: '功能类型',
  path: '路由路径',
  url: '组件',
  icon: '图标',
  appCode: '应用编码',
  appName: '应用名称',
  themeName: '主题名称',
  layoutName: '布局名称',
  name: '名称',
  code: '编码',
  title: '标题',
  type: '类型',
  description: '描述',
};

/** '岗位名称' for 'postName'; the last part decides for a dotted name ('theme.primaryColor'). */
export function fieldLabel(field: string): string | undefined {
  return FIELD_LABELS[field] ?? FIELD_LABELS[field.split('.').at(-1) ?? field];
}
