/**
 * What a declaration (申报书) holds, section by section (DOMAIN.md "The declaration"). A draft is
 * saved one section at a time and may be incomplete, so every field here is optional: what is
 * filled must have the right form (ID rule, credit code, phone, e-mail, patent number — spec §5),
 * what must be filled before submission is answered by `/rest/declare/check` with section and field.
 * No transforms: the same schemas validate a save and encode an answer.
 */
import { z } from 'zod';
import { ID_NUMBER_MESSAGE, isEmail, isIdNumberStrict, isMobileStrict, isPatentNumber, isUnifiedSocialCreditCode, EMAIL_MESSAGE, MOBILE_MESSAGE, PATENT_NUMBER_MESSAGE, USCC_MESSAGE } from '../validators';
import { ATTACHMENT_TYPES, DECLARATION_SECTIONS, PRIZE_GRADES, type DeclarationSection } from './prize';

const text = (label: string, max: number) => z.string({ error: `${label}格式不正确` }).trim().max(max, `${label}不能超过${max}个字符`).nullish();
/** Rich text (HTML from the editor); its visible length is limited by the prize's word limits at check time. */
const richText = (label: string) => z.string({ error: `${label}格式不正确` }).max(200_000, `${label}内容过长`).nullish();
const formatted = (label: string, test: (v: string) => boolean, message: string, max = 64) =>
  z.string({ error: message }).trim().max(max, `${label}不能超过${max}个字符`).refine((v) => v === '' || test(v), message).nullish();
const isoDate = (label: string) => z.string({ error: `${label}格式不正确` }).regex(/^\d{4}-\d{2}-\d{2}$/, `${label}格式不正确，应为 YYYY-MM-DD`).nullish();
/** Ids inside a section are kept as text (they live in JSON, never as a column). */
const refId = (label: string) => z.string({ error: `${label}编号不正确` }).regex(/^[1-9]\d{0,15}$/, `${label}编号不正确`);
const money = (label: string) => z.number({ error: `${label}必须是数字` }).min(0, `${label}不能小于0`).max(1e9, `${label}过大`).nullish();

export const DECLARATION_CATEGORIES = ['TECH_DEVELOPMENT', 'PROMOTION', 'MAJOR_PROJECT', 'PUBLIC_WELFARE'] as const;
export const DECLARATION_CATEGORY_LABELS: Readonly<Record<(typeof DECLARATION_CATEGORIES)[number], string>> = {
  TECH_DEVELOPMENT: '技术开发类',
  PROMOTION: '推广应用类',
  MAJOR_PROJECT: '重大工程类',
  PUBLIC_WELFARE: '社会公益类',
};
/** Classified (SECRET) declarations are never shown on the portal (DOMAIN.md "Publicity"). */
export type DeclarationCategory = (typeof DECLARATION_CATEGORIES)[number];
export const SECRECY_LEVELS = ['PUBLIC', 'INTERNAL', 'SECRET'] as const;
export type SecrecyLevel = (typeof SECRECY_LEVELS)[number];
export const SECRECY_LEVEL_LABELS: Readonly<Record<(typeof SECRECY_LEVELS)[number], string>> = { PUBLIC: '公开', INTERNAL: '内部', SECRET: '涉密' };
/** Where a task source is picked from: the office's lookups (/rest/lookfunds, /rest/lookProject, /rest/origin). */
export const TASK_SOURCE_KINDS = ['FUND', 'PROJECT', 'ORIGIN'] as const;
export const TASK_SOURCE_KIND_LABELS: Readonly<Record<(typeof TASK_SOURCE_KINDS)[number], string>> = { FUND: '基金', PROJECT: '计划项目', ORIGIN: '任务来源' };
export const IP_KINDS = ['PATENT', 'STANDARD', 'SOFTWARE', 'OTHER'] as const;
export const IP_KIND_LABELS: Readonly<Record<(typeof IP_KINDS)[number], string>> = { PATENT: '专利', STANDARD: '标准', SOFTWARE: '软件著作权', OTHER: '其他' };

export const MAX_DISCIPLINES = 3;

export const basicSection = z.object({
  title: text('项目名称', 200),
  /** The grade the declaration is proposed for: its caps on persons and units apply. */
  proposedGrade: z.enum(PRIZE_GRADES, { error: '推荐等级不正确' }).nullish(),
  disciplineCodes: z.array(z.string().trim().min(1, '学科代码不能为空').max(16, '学科代码不能超过16个字符'), { error: '学科代码格式不正确' }).max(MAX_DISCIPLINES, `学科代码最多${MAX_DISCIPLINES}个`).nullish(),
  category: z.enum(DECLARATION_CATEGORIES, { error: '项目类别不正确' }).nullish(),
  secrecy: z.enum(SECRECY_LEVELS, { error: '密级不正确' }).nullish(),
  keywords: z.array(z.string().trim().min(1).max(32, '关键词不能超过32个字符'), { error: '关键词格式不正确' }).max(8, '关键词最多8个').nullish(),
  taskSources: z
    .array(z.object({ kind: z.enum(TASK_SOURCE_KINDS, { error: '任务来源类别不正确' }), refId: refId('任务来源'), name: z.string().trim().max(200) }), { error: '任务来源格式不正确' })
    .max(10, '任务来源最多10项')
    .nullish(),
  startDate: isoDate('项目起始日期'),
  endDate: isoDate('项目完成日期'),
  /** 申报单位: the registered unit (organisation) whose administrator reviews the declaration. */
  unitOrgId: refId('申报单位').nullish(),
  /** 提名单位: the nominating organisation (when the edition uses nominator review). */
  nominatorOrgId: refId('提名单位').nullish(),
  contactName: text('联系人', 64),
  contactPhone: formatted('联系电话', isMobileStrict, MOBILE_MESSAGE, 11),
  contactEmail: formatted('联系邮箱', isEmail, EMAIL_MESSAGE, 128),
});

export const completerEntry = z.object({
  name: text('姓名', 64),
  idNumber: formatted('证件号码', isIdNumberStrict, ID_NUMBER_MESSAGE, 18),
  title: text('职称', 64),
  unitName: text('工作单位', 128),
  phone: formatted('手机号码', isMobileStrict, MOBILE_MESSAGE, 11),
  email: formatted('邮箱', isEmail, EMAIL_MESSAGE, 128),
  contribution: text('主要贡献', 2000),
});
/** 主要完成人, in rank order (the first is 第一完成人). */
export const completersSection = z.object({ completers: z.array(completerEntry, { error: '主要完成人格式不正确' }).max(99, '主要完成人不能超过99人') });

export const unitEntry = z.object({
  unitName: text('单位名称', 128),
  creditCode: formatted('统一社会信用代码', isUnifiedSocialCreditCode, USCC_MESSAGE, 18),
  contribution: text('主要贡献', 2000),
});
/** 主要完成单位, in rank order. */
export const unitsSection = z.object({ units: z.array(unitEntry, { error: '主要完成单位格式不正确' }).max(99, '主要完成单位不能超过99个') });

export const summarySection = z.object({ summary: richText('项目简介') });
export const innovationsSection = z.object({ innovations: richText('主要科技创新') });

export const ipEntry = z
  .object({
    kind: z.enum(IP_KINDS, { error: '知识产权类别不正确' }).nullish(),
    name: text('名称', 200),
    /** Patent numbers follow spec §5 (letters, digits, hyphen, dot); other kinds are free text. */
    number: text('编号', 64),
    country: text('国家（地区）', 64),
    grantDate: isoDate('授权日期'),
    holders: text('权利人', 256),
  })
  .refine((e) => e.kind !== 'PATENT' || !e.number || isPatentNumber(e.number), { message: PATENT_NUMBER_MESSAGE, path: ['number'] });
export const ipSection = z.object({ items: z.array(ipEntry, { error: '知识产权格式不正确' }).max(50, '知识产权不能超过50项') });

export const paperEntry = z.object({
  title: text('论文题目', 300),
  journal: text('刊物名称', 200),
  year: z.number({ error: '发表年份必须是整数' }).int('发表年份必须是整数').min(1900, '发表年份不正确').max(2100, '发表年份不正确').nullish(),
  authors: text('作者', 500),
  citations: z.number({ error: '他引次数必须是整数' }).int('他引次数必须是整数').min(0, '他引次数不能小于0').max(1_000_000).nullish(),
});
export const papersSection = z.object({ papers: z.array(paperEntry, { error: '代表性论文格式不正确' }).max(20, '代表性论文不能超过20篇') });

export const applicationSection = z.object({ application: richText('推广应用情况') });

export const economicYear = z.object({
  year: z.number({ error: '年份必须是整数' }).int('年份必须是整数').min(1990, '年份不正确').max(2100, '年份不正确'),
  /** 万元 */
  sales: money('新增销售额'),
  profit: money('新增利润'),
  tax: money('新增税收'),
  foreignExchange: money('创收外汇'),
  savings: money('节支总额'),
});
export const economicSection = z.object({
  years: z.array(economicYear, { error: '经济效益格式不正确' }).max(10, '经济效益最多填写10年').refine((ys) => new Set(ys.map((y) => y.year)).size === ys.length, '经济效益的年份不能重复'),
  /** 计算依据 */
  basis: text('计算依据', 2000),
});

export const socialSection = z.object({ social: richText('社会效益') });

export const attachmentEntry = z.object({
  type: z.enum(ATTACHMENT_TYPES, { error: '附件类型不正确' }),
  fileId: refId('附件'),
  fileName: z.string().trim().max(255, '附件名称不能超过255个字符'),
});
export const attachmentsSection = z.object({ attachments: z.array(attachmentEntry, { error: '附件格式不正确' }).max(50, '附件不能超过50个') });

export const SECTION_SCHEMAS = {
  BASIC: basicSection,
  COMPLETERS: completersSection,
  UNITS: unitsSection,
  SUMMARY: summarySection,
  INNOVATIONS: innovationsSection,
  IP: ipSection,
  PAPERS: papersSection,
  APPLICATION: applicationSection,
  ECONOMIC: economicSection,
  SOCIAL: socialSection,
  ATTACHMENTS: attachmentsSection,
} as const satisfies Record<DeclarationSection, z.ZodType>;

export type BasicSection = z.infer<typeof basicSection>;
export type CompleterEntry = z.infer<typeof completerEntry>;
export type UnitEntry = z.infer<typeof unitEntry>;
export type SectionContent<S extends DeclarationSection> = z.infer<(typeof SECTION_SCHEMAS)[S]>;

/** A whole declaration's content: each section as last saved, or null while never saved. */
export const declarationContent = z.object(
  Object.fromEntries(DECLARATION_SECTIONS.map((s) => [s, SECTION_SCHEMAS[s].nullable()])) as { [S in DeclarationSection]: z.ZodNullable<(typeof SECTION_SCHEMAS)[S]> },
);
export type DeclarationContent = z.infer<typeof declarationContent>;

/** One section's save: the section's name and its content. */
export const sectionSave = z.discriminatedUnion(
  'section',
  [
    z.object({ section: z.literal('BASIC'), content: basicSection }),
    z.object({ section: z.literal('COMPLETERS'), content: completersSection }),
    z.object({ section: z.literal('UNITS'), content: unitsSection }),
    z.object({ section: z.literal('SUMMARY'), content: summarySection }),
    z.object({ section: z.literal('INNOVATIONS'), content: innovationsSection }),
    z.object({ section: z.literal('IP'), content: ipSection }),
    z.object({ section: z.literal('PAPERS'), content: papersSection }),
    z.object({ section: z.literal('APPLICATION'), content: applicationSection }),
    z.object({ section: z.literal('ECONOMIC'), content: economicSection }),
    z.object({ section: z.literal('SOCIAL'), content: socialSection }),
    z.object({ section: z.literal('ATTACHMENTS'), content: attachmentsSection }),
  ],
  { error: '申报书栏目不正确' },
);
export type SectionSave = z.input<typeof sectionSave>;
