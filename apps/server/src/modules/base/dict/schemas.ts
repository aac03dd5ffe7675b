import { z } from 'zod';
import { REQUIRED_MESSAGE } from '@dandelion/shared';
import { zDateTime, zId } from '@dandelion/shared';
import { zLockVersion, zRemark } from '@dandelion/shared';
import type { CategoryNode } from './categoryService';
import type { DictTreeNode } from './service';

export const TAG = '数据字典';

const CODE_PATTERN = /^[A-Za-z0-9_]+$/;

/** Spec §5 Dictionary field: required fields answer 填写内容不能为空. */
const required = (max: number, tooLong: string) => z.string({ error: REQUIRED_MESSAGE }).trim().min(1, REQUIRED_MESSAGE).max(max, tooLong);

export const zDictCode = required(64, '字典编码不能超过64个字符').regex(CODE_PATTERN, '字典编码只能包含字母、数字和下划线');
export const zDictName = required(128, '字典名称不能超过128个字符');
export const zDictSort = z.number({ error: '排序必须是整数' }).int('排序必须是整数').min(0, '排序不能小于0').max(99999, '排序不能大于99999');
export const zAppCode = z.string().trim().max(64, '应用编码不能超过64个字符').regex(CODE_PATTERN, '应用编码只能包含字母、数字和下划线');
export const zCategoryCode = z.string().trim().min(1, '字典类别不能为空').max(64, '字典类别编码过长').regex(CODE_PATTERN, '字典类别编码只能包含字母、数字和下划线');
export { zId, zLockVersion, zRemark };

/** An optional parent: absent or null for the top level. */
export const zParentId = zId.nullish().transform((v) => v ?? null);

/**
 * Which app's categories: absent for all, null (or '') for the shared ones, a code for one app.
 * '' is accepted because a select's "shared" option cannot carry null through every form library.
 */
export const zAppFilter = z.union([zAppCode, z.literal(''), z.null()]).optional().transform((v) => (v === '' ? null : v));

/** A value as selects show it. */
export const optionSchema = z.object({ dictId: zId, dictCode: z.string(), dictName: z.string(), label: z.string(), value: z.string(), dictSort: z.number() });

const recordShape = {
  dictId: zId,
  parentId: zId.nullable(),
  dictCode: z.string(),
  dictFullCode: z.string(),
  dictName: z.string(),
  dictType: z.string(),
  dictLevel: z.number(),
  dictSort: z.number(),
  lockFlag: z.boolean(),
  remark: z.string().nullable(),
  appCode: z.string().nullable(),
  delFlag: z.number(),
  lockVersion: z.number(),
  createTime: zDateTime,
  createBy: z.string().nullable(),
  updateTime: zDateTime,
  updateBy: z.string().nullable(),
  label: z.string(),
  value: z.string(),
  /** The parent's code (a value's category code); null at the top. */
  parent: z.string().nullable(),
};

/** One dictionary entry (spec §3 Dictionary item). */
export const recordSchema = z.object(recordShape);

export const categoryNodeSchema: z.ZodType<CategoryNode, unknown> = z.lazy(() =>
  z.object({ ...recordShape, itemCount: z.number(), childrens: z.array(categoryNodeSchema) }),
);

export const treeNodeSchema: z.ZodType<DictTreeNode, unknown> = z.lazy(() => z.object({ ...recordShape, childrens: z.array(treeNodeSchema) }));

export const categoryRefSchema = z.object({ dictId: zId, dictCode: z.string(), dictName: z.string() });
