/**
 * Dictionaries (spec §3 Dictionary item, §7 Dictionaries: /rest/dict/*, /rest/dictItem/*,
 * /rest/client/getclientdictlist). A DICT entry is a category (ORG_TYPE), its ITEM entries are the
 * values; dictFullCode is PARENT|CODE.
 */
import { z } from 'zod';
import { defineCall, permissionsOf, PUBLIC, SIGNED_IN } from '../contract';
import { auditFields, zLockVersion, zRemark, zSort } from '../records';
import { pageOf, zId, zPageParameter } from '../schemas';
import { REQUIRED_MESSAGE } from '../validators';

export const DICT_PERMISSIONS = permissionsOf('base:dict', ['list', 'add', 'upd', 'del', 'detail', 'sort', 'lock', 'refresh']);

const TAG = '数据字典';

export const DICT_TYPES = ['DICT', 'ITEM'] as const;
export type DictType = (typeof DICT_TYPES)[number];
/** Deepest category nesting: a category, its group, and the group's group. */
export const MAX_CATEGORY_LEVEL = 3;

const CODE_PATTERN = /^[A-Za-z0-9_]+$/;

/** Spec §5 Dictionary field: required fields answer 填写内容不能为空. */
const required = (max: number, tooLong: string) => z.string({ error: REQUIRED_MESSAGE }).trim().min(1, REQUIRED_MESSAGE).max(max, tooLong);

export const zDictCode = required(64, '字典编码不能超过64个字符').regex(CODE_PATTERN, '字典编码只能包含字母、数字和下划线');
export const zDictName = required(128, '字典名称不能超过128个字符');
/** A sort number, left out to put the entry last. */
const zDictSort = zSort.unwrap().optional();
const zAppCode = z.string().trim().max(64, '应用编码不能超过64个字符').regex(CODE_PATTERN, '应用编码只能包含字母、数字和下划线');
const zCategoryCode = z.string().trim().min(1, '字典类别不能为空').max(64, '字典类别编码过长').regex(CODE_PATTERN, '字典类别编码只能包含字母、数字和下划线');

/** An optional parent: absent or null for the top level. */
const zParentId = zId.nullish().transform((v) => v ?? null);

/**
 * Which app's categories: absent for all, null (or '') for the shared ones, a code for one app.
 * '' is accepted because a select's "shared" option cannot carry null through every form library.
 */
const zAppFilter = z.union([zAppCode, z.literal(''), z.null()]).optional().transform((v) => (v === '' ? null : v));

/** A value as selects show it (label/value beside the stored fields). */
export const dictOption = z.object({ dictId: zId, dictCode: z.string(), dictName: z.string(), label: z.string(), value: z.string(), dictSort: z.number() });
export type DictOption = z.output<typeof dictOption>;

const entryShape = {
  dictId: zId,
  parentId: zId.nullable(),
  dictCode: z.string(),
  dictFullCode: z.string(),
  dictName: z.string(),
  dictType: z.enum(DICT_TYPES),
  dictLevel: z.number(),
  dictSort: z.number(),
  lockFlag: z.boolean(),
  remark: z.string().nullable(),
  appCode: z.string().nullable(),
  ...auditFields,
  label: z.string(),
  value: z.string(),
  /** The parent's code (a value's category code); null at the top. */
  parent: z.string().nullable(),
};

/** One dictionary entry (spec §3 Dictionary item). */
export const dictEntry = z.object(entryShape);

type Entry = z.output<typeof dictEntry>;
type EntryWire = z.input<typeof dictEntry>;
/** A category of the tree on the left of the page: its item count and its sub-categories. */
export interface CategoryNode extends Entry {
  itemCount: number;
  childrens: CategoryNode[];
}
interface CategoryNodeWire extends EntryWire {
  itemCount: number;
  childrens: CategoryNodeWire[];
}
/** An entry of the whole vocabulary: sub-categories, then items, under `childrens`. */
export interface DictTreeNode extends Entry {
  childrens: DictTreeNode[];
}
interface DictTreeNodeWire extends EntryWire {
  childrens: DictTreeNodeWire[];
}

const categoryNode: z.ZodType<CategoryNode, CategoryNodeWire> = z.lazy(() => z.object({ ...entryShape, itemCount: z.number(), childrens: z.array(categoryNode) }));
const treeNode: z.ZodType<DictTreeNode, DictTreeNodeWire> = z.lazy(() => z.object({ ...entryShape, childrens: z.array(treeNode) }));

const categoryRef = z.object({ dictId: zId, dictCode: z.string(), dictName: z.string() });

/** Fields of a category's add and edit. */
export const categoryBody = z.object({
  parentId: zParentId,
  dictCode: zDictCode,
  dictName: zDictName,
  dictSort: zDictSort,
  remark: zRemark,
  appCode: zAppCode.nullish().transform((v) => v || null),
});

/** Fields of a value's add and edit. */
export const itemBody = z.object({ dictCode: zDictCode, dictName: zDictName, dictSort: zDictSort, remark: zRemark });

const zCategoryId = zId.optional().transform((v, ctx) => {
  if (v === undefined) {
    ctx.addIssue({ code: 'custom', message: '请先选择字典分类 parentId' });
    return z.NEVER;
  }
  return v;
});
const itemFilter = {
  parentId: zCategoryId,
  keyword: z.string().trim().max(64, '关键字不能超过64个字符').optional(),
  dictCode: z.string().trim().max(64, '字典编码不能超过64个字符').optional(),
  dictName: z.string().trim().max(128, '字典名称不能超过128个字符').optional(),
  lockFlag: z.boolean().optional(),
};
const entryRef = z.object({ dictId: zId, lockVersion: zLockVersion.optional() });

export const dictCalls = {
  // ── reads for forms: every signed-in user, and the portal ──
  lists: defineCall({
    method: 'POST',
    path: '/rest/dict/getdictlists',
    access: SIGNED_IN,
    tag: TAG,
    summary: '按字典类别批量取字典项（下拉框用，来自缓存）：答复以类别编码为键',
    body: z.object({ dictCategorys: z.array(zCategoryCode, { error: '请提供字典类别列表 dictCategorys' }).min(1, '请至少提供一个字典类别').max(50, '一次最多查询 50 个字典类别') }),
    response: z.record(z.string(), z.array(dictOption)),
  }),
  // Registration (/enroll) and other portal forms are filled in before signing in; a dictionary is a
  // list of labels for codes, not private data.
  clientList: defineCall({
    method: 'POST',
    path: '/rest/client/getclientdictlist',
    access: PUBLIC,
    tag: TAG,
    summary: '门户/申报端取一个字典类别的字典项（无需登录，来自缓存，每个 IP 每分钟最多 120 次）',
    body: z.object({ categoryCode: z.string({ error: '请提供字典类别 categoryCode' }).trim().min(1, '请提供字典类别 categoryCode').pipe(zCategoryCode) }),
    response: z.array(dictOption),
  }),

  // ── the dictionary page: categories ──
  categoryTree: defineCall({
    method: 'POST',
    path: '/rest/dict/dictTree',
    access: DICT_PERMISSIONS.list,
    tag: TAG,
    summary: '字典分类树（页面左侧）：每个节点带 itemCount 与 childrens；keyword 按名称或编码过滤（保留上级），appCode 不传为全部、null 或空串为公共分类、应用编码为该应用的分类',
    body: z.object({ keyword: z.string().trim().max(64, '关键字不能超过64个字符').optional(), appCode: zAppFilter }),
    response: z.array(categoryNode),
  }),
  treeList: defineCall({
    method: 'POST',
    path: '/rest/dict/treeList',
    access: DICT_PERMISSIONS.list,
    tag: TAG,
    summary: '字典全树：分类及其下级分类、字典项嵌套在 childrens 中（先分类后字典项），带 label/value；dictCode 指定时只返回该分类的子树',
    body: z.object({ dictCode: zCategoryCode.optional(), appCode: zAppFilter }),
    response: z.array(treeNode),
  }),
  detail: defineCall({
    method: 'POST',
    path: '/rest/dict/detail',
    access: DICT_PERMISSIONS.detail,
    tag: TAG,
    summary: '字典分类或字典项详情（修改表单的读取）',
    body: z.object({ dictId: zId }),
    response: dictEntry,
  }),
  addCategory: defineCall({
    method: 'POST',
    path: '/rest/dict/add',
    access: DICT_PERMISSIONS.add,
    tag: TAG,
    summary: '新增字典分类：dictCode 全局唯一（字母、数字、下划线），dictFullCode 与 dictLevel 由服务端计算；parentId 为上级分类（最多 3 级）；appCode 仅顶级分类可设，下级分类随顶级',
    body: categoryBody,
    response: dictEntry,
  }),
  editCategory: defineCall({
    method: 'POST',
    path: '/rest/dict/edit',
    access: DICT_PERMISSIONS.upd,
    tag: TAG,
    summary: '修改字典分类（带 lockVersion，过期返回 409）；已锁定的分类返回 423；改变 parentId 即移动整棵子树（完整编码与级别随之重算）',
    body: categoryBody.extend({ dictId: zId, lockVersion: zLockVersion }),
    response: dictEntry,
  }),
  removeCategory: defineCall({
    method: 'POST',
    path: '/rest/dict/delete',
    access: DICT_PERMISSIONS.del,
    tag: TAG,
    summary: '删除字典分类（逻辑删除）；已锁定返回 423；还有下级分类或字典项时拒绝（409，说明原因），不会连带删除',
    body: entryRef,
    response: z.null(),
  }),
  sort: defineCall({
    method: 'POST',
    path: '/rest/dict/treeSort',
    access: DICT_PERMISSIONS.sort,
    tag: TAG,
    summary: '同级排序：orderedIds 为 parentId（不传为顶级）下全部同类字典（全是分类或全是字典项）的新顺序，依次写入 dictSort 1、2、3…；已锁定的字典彼此间的先后不能改变（423）',
    body: z.object({
      parentId: zParentId,
      orderedIds: z.array(zId, { error: '请提供排序后的字典列表' }).min(1, '请提供排序后的字典列表').max(500, '一次最多排序500个字典'),
    }),
    response: z.null(),
  }),
  lock: defineCall({
    method: 'POST',
    path: '/rest/dict/lock',
    access: DICT_PERMISSIONS.lock,
    tag: TAG,
    summary: '锁定或解锁字典分类/字典项（带 lockVersion）；锁定后不能修改、移动或删除',
    body: z.object({ dictId: zId, lockVersion: zLockVersion, lockFlag: z.boolean({ error: '请指定 lockFlag：true 锁定，false 解锁' }) }),
    response: dictEntry,
  }),
  refresh: defineCall({
    method: 'POST',
    path: '/rest/dict/refresh',
    access: DICT_PERMISSIONS.refresh,
    tag: TAG,
    summary: '刷新字典缓存：所有实例立即丢弃缓存并重新读取（任何字典修改也会自动刷新）',
    body: z.object({}),
    response: z.object({ categories: z.number(), items: z.number() }),
  }),
  apps: defineCall({
    method: 'POST',
    path: '/rest/dict/queryApp',
    access: DICT_PERMISSIONS.list,
    tag: TAG,
    summary: '应用及其字典分类（页面的应用筛选）；不属于任何应用的为公共分类，不在此列',
    body: z.object({}),
    response: z.array(z.object({ appCode: z.string(), appName: z.string(), status: z.string(), dicts: z.array(categoryRef) })),
  }),

  // ── the dictionary page: the values of one category ──
  itemPage: defineCall({
    method: 'POST',
    path: '/rest/dictItem/listByPage',
    access: DICT_PERMISSIONS.list,
    tag: TAG,
    summary: '字典项分页（页面右侧）：parentId 为字典分类；keyword 同时匹配编码与名称；按 dictSort 排序',
    body: z.object({ pageParameter: zPageParameter, ...itemFilter }),
    response: pageOf(dictEntry),
  }),
  exportItems: defineCall({
    method: 'POST',
    path: '/rest/dictItem/export',
    access: DICT_PERMISSIONS.list,
    tag: TAG,
    summary: '导出一个字典分类的字典项（按当前筛选，.xlsx，最多 10000 行）',
    body: z.object(itemFilter),
    answer: 'raw',
  }),
  addItem: defineCall({
    method: 'POST',
    path: '/rest/dictItem/add',
    access: DICT_PERMISSIONS.add,
    tag: TAG,
    summary: '新增字典项：parentId 为所属字典分类（已锁定的分类也可添加字典项）；编码在分类内唯一，dictFullCode 为「分类完整编码|编码」',
    body: z.object({ parentId: zCategoryId, ...itemBody.shape, lockFlag: z.boolean().optional() }),
    response: dictEntry,
  }),
  editItem: defineCall({
    method: 'POST',
    path: '/rest/dictItem/edit',
    access: DICT_PERMISSIONS.upd,
    tag: TAG,
    summary: '修改字典项（带 lockVersion，过期返回 409）；已锁定返回 423',
    body: z.object({ dictId: zId, lockVersion: zLockVersion, ...itemBody.shape }),
    response: dictEntry,
  }),
  removeItem: defineCall({
    method: 'POST',
    path: '/rest/dictItem/delete',
    access: DICT_PERMISSIONS.del,
    tag: TAG,
    summary: '删除字典项（逻辑删除）；已锁定返回 423',
    body: entryRef,
    response: z.null(),
  }),
  removeItems: defineCall({
    method: 'POST',
    path: '/rest/dictItem/deleteBatch',
    access: DICT_PERMISSIONS.del,
    tag: TAG,
    summary: '批量删除字典项（全部成功或全部不删）：其中任何一项不存在（404）、已锁定（423）或不是字典项（400）则一项也不删',
    body: z.object({ ids: z.array(zId, { error: '请选择要删除的字典项' }).min(1, '请选择要删除的字典项').max(500, '一次最多删除 500 个字典项') }),
    response: z.object({ deleted: z.number() }),
  }),
};
