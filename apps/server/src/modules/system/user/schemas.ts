import { z } from 'zod';
import { EMAIL_MESSAGE, MOBILE_MESSAGE, isEmail, isMobileStrict, zPassword } from '@dandelion/shared';
import { zDateTime, zId, zPageParameter } from '@dandelion/shared';
import { USERNAME_MESSAGE, USERNAME_PATTERN } from './excel';

/** Empty strings from forms mean "not given". */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const optionalText = (max: number, message: string) => z.preprocess(blankToNull, z.string().trim().max(max, message).nullish());
const zDate = z.preprocess(blankToNull, z.iso.date({ error: '日期格式应为 YYYY-MM-DD' }).nullish());

export const userFilterSchema = {
  realname: z.string().trim().max(64).optional(),
  username: z.string().trim().max(64).optional(),
  phone: z.string().trim().max(20, MOBILE_MESSAGE).optional(),
  keyword: z.string().trim().max(64).optional(),
  orgId: zId.optional(),
  includeChildOrgs: z.boolean().optional(),
  status: z.enum(['NORMAL', 'FROZEN'], { error: '账号状态只能是 NORMAL 或 FROZEN' }).optional(),
  roleId: zId.optional(),
  empStatus: z.enum(['NORMAL', 'LEAVE'], { error: '人员状态只能是 NORMAL 或 LEAVE' }).optional(),
  userType: z.enum(['STAFF', 'CLIENT'], { error: '用户类型只能是 STAFF 或 CLIENT' }).optional(),
};
export const userPageBody = z.object({ pageParameter: zPageParameter, ...userFilterSchema });

const userFields = {
  username: z.string({ error: '请输入用户名' }).trim().regex(USERNAME_PATTERN, USERNAME_MESSAGE),
  realname: z.string({ error: '请输入姓名' }).trim().min(1, '请输入姓名').max(64, '姓名不能超过 64 个字'),
  nickName: optionalText(64, '昵称不能超过 64 个字'),
  phone: z.preprocess(blankToNull, z.string().trim().refine(isMobileStrict, MOBILE_MESSAGE).nullish()),
  email: z.preprocess(blankToNull, z.string().trim().max(128, EMAIL_MESSAGE).refine(isEmail, EMAIL_MESSAGE).nullish()),
  orgId: z
    .preprocess((v) => (v === null || v === '' ? undefined : v), zId.optional())
    .refine((v) => v !== undefined, '请选择所属机构')
    .transform((v) => v!),
  userSex: z.coerce.number().pipe(z.union([z.literal(0), z.literal(1), z.literal(2)], { error: '性别只能是 0、1 或 2' })).default(0),
  empCode: optionalText(64, '工号不能超过 64 个字符'),
  inDate: zDate,
  outDate: zDate,
  empStatus: z.enum(['NORMAL', 'LEAVE'], { error: '人员状态只能是 NORMAL 或 LEAVE' }).default('NORMAL'),
  enableUser: z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)], { error: '启用状态只能是 0 或 1' })).default(1),
  sort: z.coerce.number().int('排序必须是整数').min(0, '排序不能小于 0').max(999999, '排序不能超过 999999').default(0),
  remark: optionalText(512, '备注不能超过 512 个字'),
  roleIds: z.array(zId).max(100, '角色过多').default([]),
  postIds: z.array(zId).max(100, '岗位过多').default([]),
};

const datesInOrder = (v: { inDate?: string | null; outDate?: string | null }) => !v.inDate || !v.outDate || v.outDate >= v.inDate;
const DATE_ORDER = { message: '离职日期不能早于入职日期', path: ['outDate'] };

export const createUserBody = z
  .object({
    id: z.union([z.literal(0), z.literal('0')], { error: '新增用户时 id 必须为 0' }).optional(),
    ...userFields,
    password: z.preprocess(blankToNull, zPassword.nullish()),
  })
  .refine(datesInOrder, DATE_ORDER);

export const updateUserBody = z
  .object({
    id: zId,
    lockVersion: z.number({ error: '缺少版本号 lockVersion' }).int().min(0),
    ...userFields,
  })
  .refine(datesInOrder, DATE_ORDER);

const roleRef = z.object({ roleId: zId, roleCode: z.string(), roleName: z.string() });

export const userItemSchema = z.object({
  id: zId,
  userId: zId,
  username: z.string(),
  realname: z.string().nullable(),
  nickName: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  orgId: zId.nullable(),
  orgName: z.string().nullable(),
  userType: z.string(),
  userSex: z.number(),
  status: z.string(),
  enableUser: z.number(),
  empCode: z.string().nullable(),
  empStatus: z.string(),
  inDate: z.string().nullable(),
  outDate: z.string().nullable(),
  sort: z.number(),
  roles: z.array(roleRef),
  createTime: zDateTime,
  updateTime: zDateTime,
  lockVersion: z.number(),
});

export const userDetailSchema = userItemSchema.extend({
  avatar: z.string().nullable(),
  remark: z.string().nullable(),
  roleIds: z.array(zId),
  postIds: z.array(zId),
});

export const externalUserSchema = z.object({
  userId: zId,
  username: z.string(),
  realname: z.string().nullable(),
  nickName: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  userType: z.string(),
  status: z.string(),
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
  lockVersion: z.number({ error: '缺少版本号 lockVersion' }).int().min(0),
  realname: z.string({ error: '请输入姓名' }).trim().min(1, '请输入姓名').max(64, '姓名不能超过 64 个字'),
  nickName: optionalText(64, '昵称不能超过 64 个字'),
  phone: z.preprocess(blankToNull, z.string().trim().refine(isMobileStrict, MOBILE_MESSAGE).nullish()),
  email: z.preprocess(blankToNull, z.string().trim().max(128, EMAIL_MESSAGE).refine(isEmail, EMAIL_MESSAGE).nullish()),
  unitName: optionalText(128, '单位名称不能超过 128 个字'),
  unitCode: optionalText(18, '统一社会信用代码为 18 位'),
  status: z.enum(['NORMAL', 'FROZEN'], { error: '账号状态只能是 NORMAL 或 FROZEN' }).optional(),
  remark: optionalText(512, '备注不能超过 512 个字'),
});

export const userIdsBody = z.object({
  userIds: z.array(zId, { error: '请选择用户' }).min(1, '请选择用户').max(500, '一次最多处理 500 个用户'),
});
