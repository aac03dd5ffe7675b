/**
 * Regions and region groups (spec §7 /rest/region/*; the member names are ours): China's provinces,
 * cities and counties keyed by their administrative code, and named sets of them (华东地区, 试点城市 …).
 */
import { z } from 'zod';
import { defineCall, permissionsOf, PUBLIC } from '../contract';
import { auditFields, zLockVersion, zRemark, zSort } from '../records';
import { pageOf, zId, zPageParameter } from '../schemas';
import { REQUIRED_MESSAGE } from '../validators';

export const REGION_PERMISSIONS = permissionsOf('base:region', ['list', 'add', 'upd', 'del']);

const TAG = '行政区划';

/** Province, city, county, township, village. */
export const MAX_REGION_LEVEL = 5;
export const REGION_LEVEL_LABELS: Readonly<Record<number, string>> = { 1: '省级', 2: '地市级', 3: '区县级', 4: '乡镇级', 5: '村级' };

const CODE_MESSAGE = '区划代码须为6至12位数字';
const CODE_PATTERN = /^\d{6,12}$/;
const zRegionCode = z.string({ error: REQUIRED_MESSAGE }).trim().min(1, REQUIRED_MESSAGE).regex(CODE_PATTERN, CODE_MESSAGE);
const zParentCode = z.union([z.string().trim().regex(/^(\d{6,12})?$/, '上级区划代码须为6至12位数字'), z.null()]).optional().transform((v) => v || null);
/** A sort number, left out to put the region last among its siblings. */
const zRegionSort = zSort.unwrap().optional();

/** A region as the portal's cascaders need it (nothing an administrator keeps about it). */
export const regionOption = z.object({ regionCode: z.string(), regionName: z.string(), regionLevel: z.number(), isLeaf: z.boolean() });
export type RegionOption = z.output<typeof regionOption>;

const regionShape = {
  regionId: zId,
  parentId: zId.nullable(),
  parentCode: z.string().nullable(),
  regionCode: z.string(),
  regionName: z.string(),
  regionLevel: z.number(),
  sort: z.number(),
  remark: z.string().nullable(),
  hasChildren: z.boolean(),
  ...auditFields,
};
export const regionRow = z.object(regionShape);

export const regionBody = z.object({
  parentCode: zParentCode,
  regionCode: zRegionCode,
  regionName: z.string({ error: REQUIRED_MESSAGE }).trim().min(1, REQUIRED_MESSAGE).max(64, '区划名称不能超过64个字符'),
  sort: zRegionSort,
  remark: zRemark,
});

const groupShape = {
  groupId: zId,
  groupCode: z.string(),
  groupName: z.string(),
  sort: z.number(),
  remark: z.string().nullable(),
  memberCount: z.number(),
  ...auditFields,
};
const groupMember = z.object({ regionId: zId, regionCode: z.string(), regionName: z.string(), regionLevel: z.number() });
const groupWithMembers = z.object({ ...groupShape, members: z.array(groupMember) });

export const regionGroupBody = z.object({
  groupCode: z
    .string({ error: REQUIRED_MESSAGE })
    .trim()
    .min(1, REQUIRED_MESSAGE)
    .max(64, '分组编码不能超过64个字符')
    .regex(/^[A-Za-z0-9_]+$/, '分组编码只能包含字母、数字和下划线'),
  groupName: z.string({ error: REQUIRED_MESSAGE }).trim().min(1, REQUIRED_MESSAGE).max(64, '分组名称不能超过64个字符'),
  sort: zSort,
  remark: zRemark,
  regionCodes: z
    .array(z.string().regex(CODE_PATTERN, CODE_MESSAGE), { error: '请选择分组包含的行政区划' })
    .min(1, '请至少选择一个行政区划')
    .max(5000, '一个分组最多包含 5000 个行政区划'),
});

export const regionCalls = {
  // ── reads the portal's forms make: public, so a registration or declaration form can ask before sign-in ──
  children: defineCall({
    method: 'POST',
    path: '/rest/region/children',
    access: PUBLIC,
    tag: TAG,
    summary: '下级行政区划（级联选择用，无需登录，来自缓存，每个 IP 每分钟最多 300 次）：parentCode 不传为省级',
    body: z.object({ parentCode: zParentCode }),
    response: z.array(regionOption),
  }),
  path: defineCall({
    method: 'POST',
    path: '/rest/region/path',
    access: PUBLIC,
    tag: TAG,
    summary: '行政区划及其全部上级（省在前），用于把已保存的区划代码显示为“省 / 市 / 县”（无需登录）',
    body: z.object({ regionCode: zRegionCode }),
    response: z.array(regionOption.omit({ isLeaf: true })),
  }),

  // ── the region page: the tree ──
  tree: defineCall({
    method: 'POST',
    path: '/rest/region/tree',
    access: REGION_PERMISSIONS.list,
    tag: TAG,
    summary: '区划树的一层（懒加载）：parentId 不传为省级；每行带 hasChildren',
    body: z.object({ parentId: zId.nullish().transform((v) => v ?? null) }),
    response: z.array(regionRow),
  }),
  search: defineCall({
    method: 'POST',
    path: '/rest/region/search',
    access: REGION_PERMISSIONS.list,
    tag: TAG,
    summary: '按名称或代码搜索行政区划（分页，按级别、代码排序），每条带完整名称 fullName 与路径代码 pathCodes',
    body: z.object({
      pageParameter: zPageParameter,
      keyword: z.string({ error: '请输入区划名称或代码' }).trim().min(1, '请输入区划名称或代码').max(64, '关键字不能超过64个字符'),
    }),
    response: pageOf(z.object({ ...regionShape, fullName: z.string(), pathCodes: z.array(z.string()) })),
  }),
  detail: defineCall({
    method: 'POST',
    path: '/rest/region/detail',
    access: REGION_PERMISSIONS.list,
    tag: TAG,
    summary: '行政区划详情：带上级路径代码 parentPath（表单上级字段的值）与完整名称',
    body: z.object({ regionId: zId }),
    response: z.object({ ...regionShape, parentPath: z.array(z.string()), fullName: z.string() }),
  }),
  add: defineCall({
    method: 'POST',
    path: '/rest/region/add',
    access: REGION_PERMISSIONS.add,
    tag: TAG,
    summary: '新增行政区划：代码为6至12位数字且唯一，级别由上级计算（最多5级），不传 sort 排在同级最后',
    body: regionBody,
    response: regionRow,
  }),
  update: defineCall({
    method: 'POST',
    path: '/rest/region/update',
    access: REGION_PERMISSIONS.upd,
    tag: TAG,
    summary: '修改行政区划（带 lockVersion，过期返回 409）；改变 parentCode 即移动整棵子树，不能移到自身或其下级之下',
    body: regionBody.extend({ regionId: zId, lockVersion: zLockVersion }),
    response: regionRow,
  }),
  remove: defineCall({
    method: 'POST',
    path: '/rest/region/delete',
    access: REGION_PERMISSIONS.del,
    tag: TAG,
    summary: '删除行政区划（逻辑删除）；还有下级区划或仍属于某个区划分组时拒绝（409，说明原因）',
    body: z.object({ regionId: zId, lockVersion: zLockVersion.optional() }),
    response: z.null(),
  }),

  // ── the region page: groups ──
  groupPage: defineCall({
    method: 'POST',
    path: '/rest/region/groupPage',
    access: REGION_PERMISSIONS.list,
    tag: TAG,
    summary: '区划分组分页：每个分组带成员数 memberCount 与前 8 个成员名称 memberNames',
    body: z.object({ pageParameter: zPageParameter, groupCode: z.string().trim().max(64).optional(), groupName: z.string().trim().max(64).optional() }),
    response: pageOf(z.object({ ...groupShape, memberNames: z.array(z.string()) })),
  }),
  groupDetail: defineCall({
    method: 'POST',
    path: '/rest/region/groupDetail',
    access: REGION_PERMISSIONS.list,
    tag: TAG,
    summary: '区划分组详情，带全部成员',
    body: z.object({ groupId: zId }),
    response: groupWithMembers,
  }),
  addGroup: defineCall({
    method: 'POST',
    path: '/rest/region/addGroup',
    access: REGION_PERMISSIONS.add,
    tag: TAG,
    summary: '新增区划分组：分组编码唯一；regionCodes 为成员区划代码（不存在的代码会被指出）',
    body: regionGroupBody,
    response: groupWithMembers,
  }),
  updateGroup: defineCall({
    method: 'POST',
    path: '/rest/region/updateGroup',
    access: REGION_PERMISSIONS.upd,
    tag: TAG,
    summary: '修改区划分组（带 lockVersion，过期返回 409）；regionCodes 整体替换成员',
    body: regionGroupBody.extend({ groupId: zId, lockVersion: zLockVersion }),
    response: groupWithMembers,
  }),
  removeGroup: defineCall({
    method: 'POST',
    path: '/rest/region/deleteGroup',
    access: REGION_PERMISSIONS.del,
    tag: TAG,
    summary: '删除区划分组（逻辑删除），成员关系一并解除；区划本身不受影响',
    body: z.object({ groupId: zId, lockVersion: zLockVersion.optional() }),
    response: z.null(),
  }),
};
