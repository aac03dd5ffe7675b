/** Users (用户管理): staff accounts and the portal accounts an administrator maintains (spec §7 /rest/user/*, /api/service). */
import { z } from 'zod';
import { permissionsOf, defineCall } from '../contract';
import { auditFields, zLockVersion } from '../records';
import { pageOf, zDateTime, zId, zPageParameter } from '../schemas';
import { EMAIL_MESSAGE, MOBILE_MESSAGE, isEmail, isMobileStrict, zPassword } from '../validators';

export const USER_PERMISSIONS = permissionsOf('system:user', [
  'list',
  'add',
  'upd',
  'detail',
  'del',
  'perm',
  'lock',
  'reset',
  'enable',
  'export',
  'import',
  'recycle',
]);

/** The seeded administrator: nobody freezes or deletes it. */
export const ADMIN_USERNAME = 'admin';

/** Account status: a frozen account cannot sign in. */
export const USER_STATUS = { NORMAL: 'NORMAL', FROZEN: 'FROZEN' } as const;
export const USER_STATUS_LABELS: Readonly<Record<string, string>> = { NORMAL: '正常', FROZEN: '冻结' };

export const USERNAME_PATTERN = /^[A-Za-z0-9_]{4,32}$/;
export const USERNAME_MESSAGE = '用户名为 4 到 32 位字母、数字或下划线';
/** The import workbook travels as base64 inside JSON. */
export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;

const TAG = '用户管理';

/** Empty strings from forms mean "not given". */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const optionalText = (max: number, message: string) => z.preprocess(blankToNull, z.string().trim().max(max, message).nullish());
const zDate = z.preprocess(blankToNull, z.iso.date({ error: '日期格式应为 YYYY-MM-DD' }).nullish());
const zAccountStatus = z.enum(['NORMAL', 'FROZEN'], { error: '账号状态只能是 NORMAL 或 FROZEN' });
const zEmpStatus = z.enum(['NORMAL', 'LEAVE'], { error: '人员状态只能是 NORMAL 或 LEAVE' });
const zPhone = z.preprocess(blankToNull, z.string().trim().refine(isMobileStrict, MOBILE_MESSAGE).nullish());
const zEmail = z.preprocess(blankToNull, z.string().trim().max(128, EMAIL_MESSAGE).refine(isEmail, EMAIL_MESSAGE).nullish());
const zRealname = z.string({ error: '请输入姓名' }).trim().min(1, '请输入姓名').max(64, '姓名不能超过 64 个字');

export const userFilter = {
  realname: z.string().trim().max(64).optional(),
  username: z.string().trim().max(64).optional(),
  phone: z.string().trim().max(20, MOBILE_MESSAGE).optional(),
  keyword: z.string().trim().max(64).optional(),
  orgId: zId.optional(),
  includeChildOrgs: z.boolean().optional(),
  status: zAccountStatus.optional(),
  roleId: zId.optional(),
  empStatus: zEmpStatus.optional(),
  userType: z.enum(['STAFF', 'CLIENT'], { error: '用户类型只能是 STAFF 或 CLIENT' }).optional(),
};

/** The fields of the shared add/upd/detail form, with the messages the form shows. */
export const userFields = {
  username: z.string({ error: '请输入用户名' }).trim().regex(USERNAME_PATTERN, USERNAME_MESSAGE),
  realname: zRealname,
  nickName: optionalText(64, '昵称不能超过 64 个字'),
  phone: zPhone,
  email: zEmail,
  orgId: z
    .preprocess((v) => (v === null || v === '' ? undefined : v), zId.optional())
    .refine((v) => v !== undefined, '请选择所属机构')
    .transform((v) => v!),
  userSex: z.coerce.number().pipe(z.union([z.literal(0), z.literal(1), z.literal(2)], { error: '性别只能是 0、1 或 2' })).default(0),
  empCode: optionalText(64, '工号不能超过 64 个字符'),
  inDate: zDate,
  outDate: zDate,
  empStatus: zEmpStatus.default('NORMAL'),
  enableUser: z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)], { error: '启用状态只能是 0 或 1' })).default(1),
  sort: z.coerce.number().int('排序必须是整数').min(0, '排序不能小于 0').max(999999, '排序不能超过 999999').default(0),
  remark: optionalText(512, '备注不能超过 512 个字'),
  roleIds: z.array(zId).max(100, '角色过多').default([]),
  postIds: z.array(zId).max(100, '岗位过多').default([]),
  /** Only when adding: without one a strong password is generated and answered once. */
  password: z.preprocess(blankToNull, zPassword.nullish()),
};

const datesInOrder = (v: { inDate?: string | null; outDate?: string | null }) => !v.inDate || !v.outDate || v.outDate >= v.inDate;
const DATE_ORDER = { message: '离职日期不能早于入职日期', path: ['outDate'] };
const { password, ...editableFields } = userFields;

export const createUserBody = z
  .object({ id: z.union([z.literal(0), z.literal('0')], { error: '新增用户时 id 必须为 0' }).optional(), ...editableFields, password })
  .refine(datesInOrder, DATE_ORDER);

export const updateUserBody = z.object({ id: zId, lockVersion: zLockVersion, ...editableFields }).refine(datesInOrder, DATE_ORDER);

const roleRef = z.object({ roleId: zId, roleCode: z.string(), roleName: z.string() });

/** How every answer names an account and reaches its holder. */
const accountFields = {
  userId: zId,
  username: z.string(),
  realname: z.string().nullable(),
  nickName: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  userType: z.string(),
  status: z.string(),
};

/** A row of the user list (and of the recycle bin and the export). */
export const userItem = z.object({
  id: zId,
  ...accountFields,
  orgId: zId.nullable(),
  orgName: z.string().nullable(),
  userSex: z.number(),
  enableUser: z.number(),
  empCode: z.string().nullable(),
  empStatus: z.string(),
  inDate: z.string().nullable(),
  outDate: z.string().nullable(),
  sort: z.number(),
  roles: z.array(roleRef),
  ...auditFields,
});

/** Everything the shared form shows. */
export const userDetail = userItem.extend({
  avatar: z.string().nullable(),
  remark: z.string().nullable(),
  roleIds: z.array(zId),
  postIds: z.array(zId),
});

/** A portal account as an administrator sees it: the ID number masked. */
export const externalUser = z.object({
  ...accountFields,
  idType: z.string().nullable(),
  idNumberMasked: z.string().nullable(),
  identityVerified: z.boolean(),
  unitName: z.string().nullable(),
  unitCode: z.string().nullable(),
  remark: z.string().nullable(),
  createTime: zDateTime,
  lockVersion: z.number(),
});

export const externalUpdateBody = z.object({
  userId: zId,
  lockVersion: zLockVersion,
  realname: zRealname,
  nickName: optionalText(64, '昵称不能超过 64 个字'),
  phone: zPhone,
  email: zEmail,
  unitName: optionalText(128, '单位名称不能超过 128 个字'),
  unitCode: optionalText(18, '统一社会信用代码为 18 位'),
  status: zAccountStatus.optional(),
  remark: optionalText(512, '备注不能超过 512 个字'),
});

export const userIdsBody = z.object({
  userIds: z.array(zId, { error: '请选择用户' }).min(1, '请选择用户').max(500, '一次最多处理 500 个用户'),
});

const roleOption = z.object({ roleId: zId, roleCode: z.string(), roleName: z.string(), roleType: z.string(), status: z.string() });
const boundRole = roleOption.extend({ bound: z.boolean() });

/** One refused row of an import, listed in the answer's attributes.errors. */
export interface ImportProblem {
  row: number;
  field: string;
  message: string;
}

export const importBody = z.object({
  fileName: z
    .string({ error: '请选择要导入的文件' })
    .trim()
    .min(1, '请选择要导入的文件')
    .max(255)
    .refine((n) => /\.xlsx$/i.test(n), '只能导入 .xlsx 格式的 Excel 文件'),
  // base64 grows 4/3: 2 MB of file is at most ~2.8 MB of text.
  contentBase64: z
    .string({ error: '文件内容为空' })
    .min(1, '文件内容为空')
    .max(Math.ceil((MAX_IMPORT_BYTES * 4) / 3) + 16, '导入文件不能超过 2 MB'),
});

const detailSummary = '用户详情（新增/修改/详情共用表单：人员字段、角色、岗位、lockVersion）';
const externalUpdateSummary = '管理员修改外部用户资料（携带 lockVersion；冻结时其会话立即失效）';
const externalUpdate = (path: string) =>
  defineCall({ method: 'POST', path, access: USER_PERMISSIONS.upd, tag: TAG, summary: externalUpdateSummary, body: externalUpdateBody, response: externalUser });

export const userCalls = {
  page: defineCall({
    method: 'POST',
    path: '/rest/user/getUserPage',
    access: USER_PERMISSIONS.list,
    tag: TAG,
    summary: '用户分页（按调用者的数据范围过滤）',
    body: z.object({ pageParameter: zPageParameter, ...userFilter }),
    response: pageOf(userItem),
  }),
  pageByGet: defineCall({
    method: 'GET',
    path: '/api/user',
    access: USER_PERMISSIONS.list,
    tag: TAG,
    summary: '用户分页（GET 形式，keyword 匹配用户名、姓名、手机号、工号）',
    query: z.object({
      page: z.coerce.number().int().min(1, '页码从 1 开始').default(1),
      size: z.coerce.number().int().min(1).max(500, '每页最多 500 条').default(10),
      keyword: z.string().trim().max(64).optional(),
    }),
    response: pageOf(userItem),
  }),
  detail: defineCall({
    method: 'POST',
    path: '/rest/user/getUserService',
    access: USER_PERMISSIONS.detail,
    tag: TAG,
    summary: detailSummary,
    body: z.object({ userId: zId }),
    response: userDetail,
  }),
  /**
   * The spec's "user lookup by userIds" (its path is not shown): the users among the ids that the
   * caller's data scope may see, in the order asked, and the caller's own token back (no new
   * credential is minted).
   */
  listByIds: defineCall({
    method: 'POST',
    path: '/rest/user/getUsersByIds',
    access: USER_PERMISSIONS.list,
    tag: TAG,
    summary: '按用户编号批量查询用户（数据范围内），返回 sysUserList 与调用者的 token',
    body: z.object({
      userIds: z
        .array(zId, { error: '请选择要查询的用户' })
        .min(1, '请选择要查询的用户')
        .max(500, '一次最多查询 500 个用户'),
    }),
    response: z.object({ sysUserList: z.array(userItem), token: z.string() }),
  }),
  detailByGet: defineCall({
    method: 'GET',
    path: '/api/service',
    access: USER_PERMISSIONS.detail,
    tag: TAG,
    summary: detailSummary,
    query: z.object({ id: zId }),
    response: userDetail,
  }),
  create: defineCall({
    method: 'POST',
    path: '/api/service',
    access: USER_PERMISSIONS.add,
    tag: TAG,
    summary: '新增用户（service save：id 为 0 时新增）；不填初始密码时生成强密码，仅在本次答复中返回',
    body: createUserBody,
    response: z.object({ userId: zId, username: z.string(), generatedPassword: z.string().nullable() }),
  }),
  update: defineCall({
    method: 'PUT',
    path: '/api/service',
    access: USER_PERMISSIONS.upd,
    tag: TAG,
    summary: '修改用户（service save：id 非 0 时修改，携带 lockVersion）',
    body: updateUserBody,
    response: z.object({ userId: zId, lockVersion: z.number() }),
  }),
  freeze: defineCall({
    method: 'POST',
    path: '/rest/user/UpdFrozenUser',
    access: USER_PERMISSIONS.lock,
    tag: TAG,
    summary: '冻结或解冻用户；冻结后该用户的所有会话立即失效且不能登录',
    body: z.object({ userId: zId, frozen: z.boolean({ error: 'frozen 必须是 true 或 false' }) }),
    response: z.null(),
  }),
  recycle: defineCall({
    method: 'POST',
    path: '/rest/user/DelUser',
    access: USER_PERMISSIONS.del,
    tag: TAG,
    summary: '删除用户（移入回收站，会话立即失效）',
    body: userIdsBody,
    response: z.object({ deleted: z.number() }),
  }),
  recyclePage: defineCall({
    method: 'POST',
    path: '/rest/user/getUserRecycle',
    access: USER_PERMISSIONS.recycle,
    tag: TAG,
    summary: '回收站中的用户分页',
    body: z.object({ pageParameter: zPageParameter, keyword: userFilter.keyword }),
    response: pageOf(userItem),
  }),
  restore: defineCall({
    method: 'POST',
    path: '/rest/user/UpdReduUser',
    access: USER_PERMISSIONS.recycle,
    tag: TAG,
    summary: '从回收站恢复用户（用户名、手机号、邮箱或工号已被占用时 409）',
    body: userIdsBody,
    response: z.object({ restored: z.number() }),
  }),
  purge: defineCall({
    method: 'POST',
    path: '/rest/user/DelUserById',
    access: USER_PERMISSIONS.recycle,
    tag: TAG,
    summary: '彻底删除回收站中的用户（连同角色、岗位关联）',
    body: z.object({ userId: zId }),
    response: z.null(),
  }),
  generateIds: defineCall({
    method: 'POST',
    path: '/rest/user/GenerateUserId',
    access: USER_PERMISSIONS.add,
    tag: TAG,
    summary: '生成一个未被使用的用户名与工号建议',
    body: z.object({}),
    response: z.object({ username: z.string(), empCode: z.string() }),
  }),
  boundRoles: defineCall({
    method: 'POST',
    path: '/rest/user/getUserBindRoles',
    access: USER_PERMISSIONS.perm,
    tag: TAG,
    summary: '全部角色及该用户是否已拥有（bound）',
    body: z.object({ userId: zId }),
    response: z.array(boundRole),
  }),
  bindRoles: defineCall({
    method: 'POST',
    path: '/rest/user/bindRoles',
    access: USER_PERMISSIONS.perm,
    tag: TAG,
    summary: '分配角色：以 roleIds 替换该用户的全部角色，其会话在下次请求时按新权限生效',
    body: z.object({ userId: zId, roleIds: z.array(zId).max(100, '角色过多') }),
    response: z.null(),
  }),
  roleOptions: defineCall({
    method: 'GET',
    path: '/api/role',
    access: USER_PERMISSIONS.list,
    tag: TAG,
    summary: '可分配的角色（表单下拉用）',
    response: z.array(roleOption),
  }),
  permissionCodes: defineCall({
    method: 'GET',
    path: '/api/permission/no-pager',
    access: USER_PERMISSIONS.detail,
    tag: TAG,
    summary: '某用户经由角色拥有的全部权限码（不分页）',
    query: z.object({ userId: zId }),
    response: z.array(z.string()),
  }),
  externalDetail: defineCall({
    method: 'POST',
    path: '/rest/outUser/detail',
    access: USER_PERMISSIONS.detail,
    tag: TAG,
    summary: '外部用户（申报人等）详情，证件号脱敏',
    body: z.object({ userId: zId }),
    response: externalUser,
  }),
  externalUpdate: externalUpdate('/rest/outUser/update'),
  clientUpdate: externalUpdate('/rest/client/UpdUser'),
  export: defineCall({
    method: 'POST',
    path: '/rest/user/export',
    access: USER_PERMISSIONS.export,
    tag: TAG,
    summary: '导出用户列表（与列表相同的筛选条件与数据范围，.xlsx）',
    body: z.object(userFilter),
    answer: 'raw',
  }),
  importTemplate: defineCall({
    method: 'POST',
    path: '/rest/user/importTemplate',
    access: USER_PERMISSIONS.import,
    tag: TAG,
    summary: '用户导入模板（.xlsx）',
    body: z.object({}),
    answer: 'raw',
  }),
  import: defineCall({
    method: 'POST',
    path: '/rest/user/import',
    access: USER_PERMISSIONS.import,
    tag: TAG,
    summary: '导入用户（.xlsx 的 base64，不超过 2 MB）：逐行全部校验，任一行有误则不导入任何数据，attributes.errors 列出 { row, field, message }',
    body: importBody,
    response: z.object({ imported: z.number(), users: z.array(z.object({ row: z.number(), username: z.string(), generatedPassword: z.string().nullable() })) }),
  }),
};
