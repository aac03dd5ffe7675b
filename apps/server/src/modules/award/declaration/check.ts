import type { DeclarationProblem } from '@dandelion/shared/award/declaration';
import type { DeclarationContent } from '@dandelion/shared/award/declarationContent';
import type { EditionEligibility } from '@dandelion/shared/award/edition';
import {
  ATTACHMENT_TYPE_LABELS,
  DECLARATION_SECTION_LABELS,
  PRIZE_GRADE_LABELS,
  type DeclarationSection,
  type PrizeFormConfig,
  type PrizeGradeRule,
  type WordLimitedField,
} from '@dandelion/shared/award/prize';
import { maskIdNumber } from '@dandelion/shared/masking';
import { countRichTextCharacters, richTextLimitMessage } from '@dandelion/shared/rich-text';
import type { Executor } from '../../../core/db';
import type { EditionDirectory } from '../edition/module';
import { declarationRepo } from './repo';
import type { DeclarationRow } from './transition';

export interface CheckEdition {
  id: number;
  year: number;
  unitReview: boolean;
  nominatorReview: boolean;
  eligibility: EditionEligibility;
}
export interface CheckPrize {
  grades: PrizeGradeRule[];
  formConfig: PrizeFormConfig;
}

const filled = (v: string | null | undefined) => !!v && v.trim().length > 0;
const nth = (i: number) => `第${i + 1}`;

/** Where each word-limited text lives: its section and field. */
const LIMITED_TEXT: Record<Exclude<WordLimitedField, 'title'>, { section: DeclarationSection; read: (c: DeclarationContent) => string | null | undefined }> = {
  summary: { section: 'SUMMARY', read: (c) => c.SUMMARY?.summary },
  innovations: { section: 'INNOVATIONS', read: (c) => c.INNOVATIONS?.innovations },
  application: { section: 'APPLICATION', read: (c) => c.APPLICATION?.application },
  social: { section: 'SOCIAL', read: (c) => c.SOCIAL?.social },
};

/** Whether a free section has something in it (the structured ones are checked field by field). */
const SECTION_FILLED: Partial<Record<DeclarationSection, (c: DeclarationContent) => boolean>> = {
  SUMMARY: (c) => countRichTextCharacters(c.SUMMARY?.summary) > 0,
  INNOVATIONS: (c) => countRichTextCharacters(c.INNOVATIONS?.innovations) > 0,
  IP: (c) => (c.IP?.items.length ?? 0) > 0,
  PAPERS: (c) => (c.PAPERS?.papers.length ?? 0) > 0,
  APPLICATION: (c) => countRichTextCharacters(c.APPLICATION?.application) > 0,
  ECONOMIC: (c) => (c.ECONOMIC?.years.length ?? 0) > 0 || filled(c.ECONOMIC?.basis),
  SOCIAL: (c) => countRichTextCharacters(c.SOCIAL?.social) > 0,
};

/** The form's own rules: required fields, caps per grade, word limits, attachments. No database. */
export function formProblems(content: DeclarationContent, edition: CheckEdition, prize: CheckPrize): DeclarationProblem[] {
  const problems: DeclarationProblem[] = [];
  const add = (section: DeclarationSection, field: string, message: string) => problems.push({ section, field, message });
  const sections = new Set<DeclarationSection>(['BASIC', ...prize.formConfig.sections]);

  const basic = content.BASIC ?? {};
  const title = basic.title?.trim() ?? '';
  if (!title) add('BASIC', 'title', '请填写项目名称');
  const titleMax = prize.formConfig.wordLimits.title;
  if (titleMax && Array.from(title).length > titleMax) add('BASIC', 'title', richTextLimitMessage(Array.from(title).length, titleMax));
  const gradeRule = prize.grades.find((g) => g.grade === basic.proposedGrade);
  if (!basic.proposedGrade) add('BASIC', 'proposedGrade', '请选择推荐等级');
  else if (!gradeRule) add('BASIC', 'proposedGrade', `本奖种没有「${PRIZE_GRADE_LABELS[basic.proposedGrade]}」，请重新选择推荐等级`);
  if (!basic.disciplineCodes?.length) add('BASIC', 'disciplineCodes', '请填写至少一个学科代码');
  if (!basic.category) add('BASIC', 'category', '请选择项目类别');
  if (!basic.secrecy) add('BASIC', 'secrecy', '请选择密级');
  if (!basic.startDate) add('BASIC', 'startDate', '请填写项目起始日期');
  if (!basic.endDate) add('BASIC', 'endDate', '请填写项目完成日期');
  if (basic.startDate && basic.endDate && basic.startDate > basic.endDate) add('BASIC', 'endDate', '项目完成日期不能早于起始日期');
  if (edition.unitReview && !basic.unitOrgId) add('BASIC', 'unitOrgId', '请选择申报单位');
  if (edition.nominatorReview && !basic.nominatorOrgId) add('BASIC', 'nominatorOrgId', '请选择提名单位');
  if (!filled(basic.contactName)) add('BASIC', 'contactName', '请填写联系人');
  if (!filled(basic.contactPhone)) add('BASIC', 'contactPhone', '请填写联系电话');
  if (!filled(basic.contactEmail)) add('BASIC', 'contactEmail', '请填写联系邮箱');

  const gradeName = gradeRule ? PRIZE_GRADE_LABELS[gradeRule.grade] : '';
  if (sections.has('COMPLETERS')) {
    const completers = content.COMPLETERS?.completers ?? [];
    if (!completers.length) add('COMPLETERS', 'completers', '请至少填写一名主要完成人');
    const seen = new Map<string, number>();
    completers.forEach((c, i) => {
      const who = `${nth(i)}完成人`;
      if (!filled(c.name)) add('COMPLETERS', `completers.${i}.name`, `请填写${who}的姓名`);
      if (!filled(c.idNumber)) add('COMPLETERS', `completers.${i}.idNumber`, `请填写${who}的证件号码`);
      if (!filled(c.unitName)) add('COMPLETERS', `completers.${i}.unitName`, `请填写${who}的工作单位`);
      if (!filled(c.contribution)) add('COMPLETERS', `completers.${i}.contribution`, `请填写${who}的主要贡献`);
      const id = c.idNumber?.trim().toUpperCase();
      if (id) {
        const first = seen.get(id);
        if (first !== undefined) add('COMPLETERS', `completers.${i}.idNumber`, `${who}的证件号码与${nth(first)}完成人重复`);
        else seen.set(id, i);
      }
    });
    if (gradeRule && completers.length > gradeRule.maxPersons) add('COMPLETERS', 'completers', `「${gradeName}」主要完成人不能超过${gradeRule.maxPersons}人`);
  }
  if (sections.has('UNITS')) {
    const units = content.UNITS?.units ?? [];
    if (!units.length) add('UNITS', 'units', '请至少填写一个主要完成单位');
    units.forEach((u, i) => {
      if (!filled(u.unitName)) add('UNITS', `units.${i}.unitName`, `请填写${nth(i)}完成单位的名称`);
      if (!filled(u.creditCode)) add('UNITS', `units.${i}.creditCode`, `请填写${nth(i)}完成单位的统一社会信用代码`);
    });
    if (gradeRule && units.length > gradeRule.maxUnits) add('UNITS', 'units', `「${gradeName}」主要完成单位不能超过${gradeRule.maxUnits}个`);
  }
  for (const section of prize.formConfig.sections) {
    const isFilled = SECTION_FILLED[section];
    if (isFilled && !isFilled(content)) add(section, '', `请填写「${DECLARATION_SECTION_LABELS[section]}」`);
  }
  for (const [field, max] of Object.entries(prize.formConfig.wordLimits) as Array<[WordLimitedField, number]>) {
    if (field === 'title' || !max) continue;
    const where = LIMITED_TEXT[field];
    if (!sections.has(where.section)) continue;
    const n = countRichTextCharacters(where.read(content));
    if (n > max) add(where.section, field, richTextLimitMessage(n, max));
  }
  if (sections.has('ATTACHMENTS')) {
    const attachments = content.ATTACHMENTS?.attachments ?? [];
    for (const type of prize.formConfig.requiredAttachments) {
      if (!attachments.some((a) => a.type === type)) add('ATTACHMENTS', 'attachments', `请上传「${ATTACHMENT_TYPE_LABELS[type]}」`);
    }
    if (!prize.formConfig.requiredAttachments.length && !attachments.length) add('ATTACHMENTS', '', '请上传附件');
  }
  return problems;
}

/** The edition's eligibility rules (DOMAIN.md): one declaration per person, recent winners, last edition's not awarded. */
export async function eligibilityProblems(ex: Executor, editions: EditionDirectory, row: DeclarationRow, edition: CheckEdition): Promise<DeclarationProblem[]> {
  const problems: DeclarationProblem[] = [];
  const completers = (row.content.COMPLETERS?.completers ?? []).map((c, i) => ({ ...c, i, id: c.idNumber?.trim().toUpperCase() ?? '' })).filter((c) => c.id);
  const ids = [...new Set(completers.map((c) => c.id))];
  const person = (c: (typeof completers)[number]) => `主要完成人「${c.name ?? ''}」（${maskIdNumber(c.id)}）`;
  const rules = edition.eligibility;

  if (rules.onePersonOneDeclaration && ids.length) {
    const clashes = await declarationRepo.completerClashes(ex, edition.id, row.id, ids);
    for (const c of completers) {
      const clash = clashes.find((x) => x.idNumber === c.id);
      if (clash) {
        problems.push({
          section: 'COMPLETERS',
          field: `completers.${c.i}.idNumber`,
          message: `${person(c)}已是本届次另一项申报（登记号 ${clash.registrationNo ?? '未编号'}）的主要完成人，一人一届只能作为一项申报的主要完成人`,
        });
      }
    }
  }
  const lookBack = rules.excludeWinnersOfLastEditions;
  if (lookBack > 0) {
    const previous = await editions.previous(ex, edition.year, lookBack);
    const names = new Map(previous.map((e) => [e.id, e.editionName]));
    const previousIds = previous.map((e) => e.id);
    const won = await declarationRepo.awardedCompleters(ex, previousIds, ids);
    for (const c of completers) {
      const hit = won.find((w) => w.idNumber === c.id);
      if (hit) problems.push({ section: 'COMPLETERS', field: `completers.${c.i}.idNumber`, message: `${person(c)}在近${lookBack}届（${names.get(hit.editionId)}）已获奖，本届不能作为主要完成人申报` });
    }
    const units = (row.content.UNITS?.units ?? []).map((u, i) => ({ ...u, i, code: u.creditCode?.trim().toUpperCase() ?? '' })).filter((u) => u.code);
    const unitWins = await declarationRepo.awardedUnits(ex, previousIds, [...new Set(units.map((u) => u.code))]);
    for (const u of units) {
      const hit = unitWins.find((w) => w.creditCode === u.code);
      if (hit) problems.push({ section: 'UNITS', field: `units.${u.i}.creditCode`, message: `主要完成单位「${u.unitName ?? u.code}」在近${lookBack}届（${names.get(hit.editionId)}）已获奖，本届不能作为主要完成单位申报` });
    }
  }
  const title = row.content.BASIC?.title?.trim();
  if (rules.excludeNotAwardedLastEdition && title) {
    const [last] = await editions.previous(ex, edition.year, 1);
    if (last && (await declarationRepo.notAwardedWithTitle(ex, last.id, title))) {
      problems.push({ section: 'BASIC', field: 'title', message: `项目「${title}」在上一届（${last.editionName}）评审未获奖，本届不能再次申报` });
    }
  }
  return problems;
}
