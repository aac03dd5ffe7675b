/**
 * Prizes (奖种): what an edition opens for declaration (DOMAIN.md "Prizes and editions"). A prize
 * carries its grades with their quotas and caps, the rubric experts score by and the form's
 * configuration; all of it is the prize office's to edit, the seed only gives provincial defaults.
 */
import { z } from 'zod';
import { permissionsOf } from '../contract';
import { recordCalls } from '../recordCalls';
import { zRecordStatus, zRemark, zSort } from '../records';
import { zId } from '../schemas';
import { recordFields } from '../system/recordFields';

export const PRIZE_PERMISSIONS = permissionsOf('award:prize', ['list', 'add', 'upd', 'detail', 'del', 'enable']);

export const PRIZE_KINDS = ['NATURAL_SCIENCE', 'TECH_INVENTION', 'TECH_PROGRESS', 'INTL_COOPERATION', 'YOUTH', 'OTHER'] as const;
export type PrizeKind = (typeof PRIZE_KINDS)[number];
export const PRIZE_KIND_LABELS: Readonly<Record<PrizeKind, string>> = {
  NATURAL_SCIENCE: '自然科学奖',
  TECH_INVENTION: '技术发明奖',
  TECH_PROGRESS: '科技进步奖',
  INTL_COOPERATION: '国际科技合作奖',
  YOUTH: '青年科技奖',
  OTHER: '其他奖项',
};

/** Grades from the highest down; UNGRADED is a prize awarded without grades (青年科技奖). */
export const PRIZE_GRADES = ['SPECIAL', 'FIRST', 'SECOND', 'THIRD', 'UNGRADED'] as const;
export type PrizeGrade = (typeof PRIZE_GRADES)[number];
export const PRIZE_GRADE_LABELS: Readonly<Record<PrizeGrade, string>> = {
  SPECIAL: '特等奖',
  FIRST: '一等奖',
  SECOND: '二等奖',
  THIRD: '三等奖',
  UNGRADED: '不分等级',
};

/** The declaration's sections (DOMAIN.md "The declaration"); BASIC is always on. */
export const DECLARATION_SECTIONS = [
  'BASIC',
  'COMPLETERS',
  'UNITS',
  'SUMMARY',
  'INNOVATIONS',
  'IP',
  'PAPERS',
  'APPLICATION',
  'ECONOMIC',
  'SOCIAL',
  'ATTACHMENTS',
] as const;
export type DeclarationSection = (typeof DECLARATION_SECTIONS)[number];
export const DECLARATION_SECTION_LABELS: Readonly<Record<DeclarationSection, string>> = {
  BASIC: '基本情况',
  COMPLETERS: '主要完成人',
  UNITS: '主要完成单位',
  SUMMARY: '项目简介',
  INNOVATIONS: '主要科技创新',
  IP: '知识产权与标准',
  PAPERS: '代表性论文',
  APPLICATION: '推广应用情况',
  ECONOMIC: '经济效益',
  SOCIAL: '社会效益',
  ATTACHMENTS: '附件',
};

/** The texts whose length a prize limits, counted in characters as the rich-text rule counts them. */
export const WORD_LIMITED_FIELDS = ['title', 'summary', 'innovations', 'application', 'social'] as const;
export type WordLimitedField = (typeof WORD_LIMITED_FIELDS)[number];
export const WORD_LIMITED_FIELD_LABELS: Readonly<Record<WordLimitedField, string>> = {
  title: '项目名称',
  summary: '项目简介',
  innovations: '主要科技创新',
  application: '推广应用情况',
  social: '社会效益',
};

export const ATTACHMENT_TYPES = ['COMMITMENT', 'SEAL_PAGE', 'EVALUATION', 'IP_PROOF', 'APPLICATION_PROOF', 'PAPER', 'OTHER'] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];
export const ATTACHMENT_TYPE_LABELS: Readonly<Record<AttachmentType, string>> = {
  COMMITMENT: '真实性承诺书',
  SEAL_PAGE: '完成单位盖章页',
  EVALUATION: '评价/鉴定报告',
  IP_PROOF: '知识产权证明',
  APPLICATION_PROOF: '应用证明',
  PAPER: '代表性论文全文',
  OTHER: '其他附件',
};

const count = (what: string, min: number, max: number) =>
  z
    .number({ error: `${what}必须是整数` })
    .int(`${what}必须是整数`)
    .min(min, `${what}不能小于${min}`)
    .max(max, `${what}不能大于${max}`);

export const prizeGradeRule = z.object({
  grade: z.enum(PRIZE_GRADES, { error: '请选择奖励等级' }),
  /** How many of this grade an edition may award; 0 = not set. */
  quota: count('授奖名额', 0, 9999),
  maxPersons: count('主要完成人上限', 1, 99),
  maxUnits: count('主要完成单位上限', 1, 99),
});
export type PrizeGradeRule = z.infer<typeof prizeGradeRule>;

export const rubricCriterion = z.object({
  name: z.string({ error: '请输入评分指标名称' }).trim().min(1, '请输入评分指标名称').max(64, '评分指标名称不能超过64个字符'),
  /** Percent of the total; the criteria of a prize add up to 100. */
  weight: count('指标权重', 1, 100),
  maxScore: count('指标满分', 1, 100),
  description: z.string().trim().max(500, '评分说明不能超过500个字符').nullish().transform((v) => v || null),
});
export type RubricCriterion = z.infer<typeof rubricCriterion>;
/** A stored criterion as answers carry it (answers are encoded: no input transforms). */
const rubricCriterionRow = z.object({ name: z.string(), weight: z.number(), maxScore: z.number(), description: z.string().nullable() });
const formConfigRow = z.object({
  sections: z.array(z.enum(DECLARATION_SECTIONS)),
  wordLimits: z.partialRecord(z.enum(WORD_LIMITED_FIELDS), z.number()),
  requiredAttachments: z.array(z.enum(ATTACHMENT_TYPES)),
});

export const prizeFormConfig = z.object({
  sections: z
    .array(z.enum(DECLARATION_SECTIONS, { error: '申报书栏目不正确' }), { error: '请选择申报书栏目' })
    .min(1, '请选择申报书栏目')
    .refine((sections) => sections.includes('BASIC'), '申报书必须包含基本情况栏目')
    .refine((sections) => new Set(sections).size === sections.length, '申报书栏目不能重复'),
  wordLimits: z.partialRecord(z.enum(WORD_LIMITED_FIELDS), count('字数上限', 1, 100000)),
  requiredAttachments: z
    .array(z.enum(ATTACHMENT_TYPES, { error: '附件类型不正确' }))
    .refine((types) => new Set(types).size === types.length, '必传附件类型不能重复'),
});
export type PrizeFormConfig = z.infer<typeof prizeFormConfig>;

const prizeCode = z
  .string({ error: '请输入奖种编码' })
  .trim()
  .min(1, '请输入奖种编码')
  .max(32, '奖种编码不能超过32个字符')
  .regex(/^[A-Za-z0-9_]+$/, '奖种编码只能包含字母、数字和下划线');

export const prizeBody = z.object({
  prizeCode,
  prizeName: z.string({ error: '请输入奖种名称' }).trim().min(1, '请输入奖种名称').max(64, '奖种名称不能超过64个字符'),
  kind: z.enum(PRIZE_KINDS, { error: '请选择奖种类别' }),
  guide: z.string().trim().max(5000, '申报指南不能超过5000个字符').nullish().transform((v) => v || null),
  grades: z
    .array(prizeGradeRule, { error: '请设置奖励等级' })
    .min(1, '请至少设置一个奖励等级')
    .max(PRIZE_GRADES.length)
    .refine((grades) => new Set(grades.map((g) => g.grade)).size === grades.length, '奖励等级不能重复')
    .refine(
      (grades) => !grades.some((g) => g.grade === 'UNGRADED') || grades.length === 1,
      '不分等级的奖种只能有一个等级设置',
    ),
  rubric: z
    .array(rubricCriterion, { error: '请设置评分指标' })
    .min(1, '请至少设置一个评分指标')
    .max(20, '评分指标不能超过20项')
    .refine((criteria) => criteria.reduce((sum, c) => sum + c.weight, 0) === 100, '评分指标的权重合计必须为100')
    .refine((criteria) => new Set(criteria.map((c) => c.name)).size === criteria.length, '评分指标名称不能重复'),
  formConfig: prizeFormConfig,
  /** How the expert review forms a declaration's group score (aggregation.ts). */
  scoreMethod: z.enum(['TRIMMED', 'MEAN'], { error: '评分汇总方式不正确' }).default('TRIMMED'),
  status: zRecordStatus.default('NORMAL'),
  sort: zSort,
  remark: zRemark,
});
export type PrizeValues = z.input<typeof prizeBody>;

export const prizeRow = z.object({
  prizeId: zId,
  prizeCode: z.string(),
  prizeName: z.string(),
  kind: z.enum(PRIZE_KINDS),
  guide: z.string().nullable(),
  grades: z.array(prizeGradeRule),
  rubric: z.array(rubricCriterionRow),
  formConfig: formConfigRow,
  scoreMethod: z.enum(['TRIMMED', 'MEAN']),
  status: zRecordStatus,
  sort: z.number(),
  remark: z.string().nullable(),
  ...recordFields,
});

export const prizeCalls = recordCalls({
  tag: '奖种',
  entity: '奖种',
  idField: 'prizeId',
  row: prizeRow,
  body: prizeBody,
  filter: {
    prizeName: z.string().trim().max(64).optional(),
    kind: z.enum(PRIZE_KINDS, { error: '奖种类别不正确' }).optional(),
    status: zRecordStatus.optional(),
  },
  permissions: PRIZE_PERMISSIONS,
  paths: {
    page: '/rest/prize/getPrizePage',
    detail: '/rest/prize/detail',
    add: '/rest/prize/add',
    update: '/rest/prize/update',
    updateStatus: '/rest/prize/updateStatus',
    remove: '/rest/prize/delete',
  },
  summaries: {
    page: '奖种分页（按排序号、编号）；可按名称、类别、状态筛选',
    add: '新增奖种：编码唯一；等级、评分指标（权重合计100）与申报书配置一并保存',
    remove: '删除奖种（逻辑删除）；已被届次开放的奖种拒绝（409）',
  },
});
