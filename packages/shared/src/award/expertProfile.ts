/**
 * What an expert's profile (专家档案) holds and how each field is checked (spec §5 validators, Chinese
 * messages). The office's form, the import, the expert's own profile page and the server read the
 * same rules. No transforms: a blank optional field arrives as '' or null and the server stores null.
 */
import { z } from 'zod';
import { EMAIL_MESSAGE, ID_NUMBER_MESSAGE, isEmail, isIdNumberStrict, isMobileStrict, isUnifiedSocialCreditCode, MOBILE_MESSAGE, USCC_MESSAGE } from '../validators';
import { RELATION_KINDS } from './assignmentConflicts';

export const EXPERT_GENDERS = ['MALE', 'FEMALE'] as const;
export type ExpertGender = (typeof EXPERT_GENDERS)[number];
export const EXPERT_GENDER_LABELS: Readonly<Record<ExpertGender, string>> = { MALE: '男', FEMALE: '女' };

/** At most this many discipline codes per expert (DOMAIN.md); the first is the main discipline. */
export const MAX_EXPERT_DISCIPLINES = 3;
export const MAX_EXPERT_KEYWORDS = 10;
export const MAX_EXPERT_KEYWORD_LENGTH = 20;
export const MAX_EXPERT_FORMER_UNITS = 20;
export const MAX_EXPERT_RELATIONS = 50;
export const EARLIEST_BIRTH_YEAR = 1920;

/**
 * A masked ID number as the office's answers show it (110105********002X, AB****12). Sent back
 * unchanged by a form it means "keep the stored one"; the server refuses one that does not match.
 */
export const MASKED_ID_PATTERN = /^[0-9A-Za-z]{2,6}\*+[0-9A-Za-z]{2,4}$/;
export const isMaskedIdNumber = (value: unknown): boolean => typeof value === 'string' && MASKED_ID_PATTERN.test(value);

const text = (label: string, max: number) => z.string({ error: `${label}格式不正确` }).trim().max(max, `${label}不能超过${max}个字符`).nullish();
const requiredText = (label: string, max: number) =>
  z.string({ error: `请填写${label}` }).trim().min(1, `请填写${label}`).max(max, `${label}不能超过${max}个字符`);
const formatted = (label: string, test: (v: string) => boolean, message: string, max: number) =>
  z.string({ error: message }).trim().max(max, `${label}不能超过${max}个字符`).refine((v) => v === '' || test(v), message).nullish();
/** An ID number, or the masked form the office was shown (kept as stored). */
const idNumber = (label: string) =>
  z.string({ error: ID_NUMBER_MESSAGE }).trim().max(18, `${label}不能超过18个字符`).refine((v) => v === '' || isIdNumberStrict(v.toUpperCase()) || isMaskedIdNumber(v), ID_NUMBER_MESSAGE).nullish();
const isoDate = (label: string) =>
  z
    .string({ error: `${label}格式不正确` })
    .refine((v) => v === '' || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v))), `${label}格式不正确，应为 YYYY-MM-DD`)
    .nullish();
const datesInOrder = (v: { from?: string | null; until?: string | null }) => !v.from || !v.until || v.from <= v.until;

/** A unit the expert worked at before (回避: recent former units count as the same unit). */
export const expertFormerUnit = z
  .object({
    unitName: requiredText('曾任职单位名称', 128),
    creditCode: formatted('统一社会信用代码', isUnifiedSocialCreditCode, USCC_MESSAGE, 18),
    from: isoDate('任职开始日期'),
    until: isoDate('任职结束日期'),
  })
  .refine(datesInOrder, { message: '任职结束日期不能早于开始日期', path: ['until'] });

/** A declared relation (回避关系) to a person or to a unit, with its dates (until empty = lasting). */
export const expertRelation = z
  .object({
    kind: z.enum(RELATION_KINDS, { error: '请选择关系类型' }),
    personName: text('关系人姓名', 64),
    personIdNumber: idNumber('关系人证件号码'),
    unitName: text('关系单位名称', 128),
    creditCode: formatted('关系单位统一社会信用代码', isUnifiedSocialCreditCode, USCC_MESSAGE, 18),
    from: isoDate('关系开始日期'),
    until: isoDate('关系结束日期'),
    note: text('说明', 200),
  })
  .refine((v) => !!(v.personName?.trim() || v.personIdNumber?.trim() || v.unitName?.trim() || v.creditCode?.trim()), { message: '请填写关系人或关系单位', path: ['personName'] })
  .refine(datesInOrder, { message: '关系结束日期不能早于开始日期', path: ['until'] });

/** The profile's fields, as the office's form, the import and the expert's own page send them. */
export const expertProfileFields = {
  name: requiredText('姓名', 64),
  idNumber: idNumber('证件号码'),
  gender: z.enum(EXPERT_GENDERS, { error: '性别不正确' }).nullish(),
  birthYear: z
    .number({ error: '出生年份必须是整数' })
    .int('出生年份必须是整数')
    .min(EARLIEST_BIRTH_YEAR, `出生年份不能早于${EARLIEST_BIRTH_YEAR}年`)
    .max(new Date().getFullYear() - 18, '出生年份不正确：专家须年满18周岁')
    .nullish(),
  phone: z.string({ error: '请填写手机号码' }).trim().min(1, '请填写手机号码').refine(isMobileStrict, MOBILE_MESSAGE),
  email: formatted('邮箱', isEmail, EMAIL_MESSAGE, 128),
  /** 职称, e.g. 教授 / 研究员 / 正高级工程师. */
  title: text('职称', 32),
  position: text('职务', 64),
  unitName: text('工作单位', 128),
  unitCreditCode: formatted('单位统一社会信用代码', isUnifiedSocialCreditCode, USCC_MESSAGE, 18),
  /** Region code of sys region (e.g. 110105). */
  region: z.string({ error: '所在地区格式不正确' }).trim().regex(/^(\d{2,12})?$/, '所在地区格式不正确').nullish(),
  /** Codes of the discipline dictionary AWARD_DISCIPLINE; the first is the main discipline. */
  disciplineCodes: z
    .array(z.string({ error: '学科代码格式不正确' }).trim().min(1, '学科代码不能为空').max(16, '学科代码不能超过16个字符'), { error: '学科代码格式不正确' })
    .max(MAX_EXPERT_DISCIPLINES, `学科最多选择${MAX_EXPERT_DISCIPLINES}个`)
    .refine((codes) => new Set(codes).size === codes.length, '学科不能重复')
    .default([]),
  keywords: z
    .array(
      z.string({ error: '关键词格式不正确' }).trim().min(1, '关键词不能为空').max(MAX_EXPERT_KEYWORD_LENGTH, `每个关键词不能超过${MAX_EXPERT_KEYWORD_LENGTH}个字符`),
      { error: '关键词格式不正确' },
    )
    .max(MAX_EXPERT_KEYWORDS, `关键词最多${MAX_EXPERT_KEYWORDS}个`)
    .default([]),
  formerUnits: z.array(expertFormerUnit, { error: '曾任职单位格式不正确' }).max(MAX_EXPERT_FORMER_UNITS, `曾任职单位最多${MAX_EXPERT_FORMER_UNITS}个`).default([]),
  relations: z.array(expertRelation, { error: '回避关系格式不正确' }).max(MAX_EXPERT_RELATIONS, `回避关系最多${MAX_EXPERT_RELATIONS}条`).default([]),
  remark: text('备注', 500),
};
export const expertProfile = z.object(expertProfileFields);
export type ExpertProfileInput = z.input<typeof expertProfile>;
export type ExpertProfile = z.output<typeof expertProfile>;
