import { describe, expect, it } from 'vitest';
import { validateDefinition } from '../base/progress';
import { statusAfterSubmit } from './declaration';
import { completersSection, ipSection, sectionSave, unitsSection } from './declarationContent';
import { DECLARATION_PROCESS, processActionOf } from './declarationProcess';

describe('the declaration process seeded into the process engine', () => {
  it('passes the engine’s own validation, so it can be published and edited as any other', () => {
    expect(validateDefinition(DECLARATION_PROCESS)).toEqual([]);
  });

  it('maps every review move to an action leaving the stage the declaration is in', () => {
    const actions = new Set(DECLARATION_PROCESS.transitions.map((t) => t.action));
    expect(processActionOf('SUBMIT', 'DRAFT', 'SUBMITTED')).toBe('SUBMIT_TO_UNIT');
    expect(processActionOf('SUBMIT', 'DRAFT', 'UNIT_APPROVED')).toBe('SUBMIT_TO_NOMINATOR');
    expect(processActionOf('SUBMIT', 'DRAFT', 'NOMINATED')).toBe('SUBMIT_TO_OFFICE');
    expect(processActionOf('RESUBMIT', 'FORMAL_RETURNED', 'NOMINATED')).toBe('RESUBMIT');
    expect(processActionOf('RESUBMIT', 'UNIT_RETURNED', 'SUBMITTED')).toBe('SUBMIT_TO_UNIT');
    expect(processActionOf('UNIT_APPROVE', 'SUBMITTED', 'NOMINATED')).toBe('UNIT_APPROVE_TO_OFFICE');
    for (const a of ['UNIT_RETURN', 'NOMINATE', 'NOMINATOR_RETURN', 'ACCEPT', 'RETURN_FOR_FIX', 'REJECT', 'FIX_DEADLINE_MISSED'] as const) {
      expect(actions.has(processActionOf(a, null, 'ACCEPTED')!)).toBe(true);
    }
    expect(processActionOf('CREATE', null, 'DRAFT')).toBeNull();
    expect(processActionOf('WITHDRAW', 'SUBMITTED', 'WITHDRAWN')).toBeNull();
  });
});

describe('where a submission goes first', () => {
  it('skips the levels an edition does not use and sends a formal-review fix straight back to the office', () => {
    expect(statusAfterSubmit({ unitReview: true, nominatorReview: true }, 'DRAFT')).toBe('SUBMITTED');
    expect(statusAfterSubmit({ unitReview: false, nominatorReview: true }, 'DRAFT')).toBe('UNIT_APPROVED');
    expect(statusAfterSubmit({ unitReview: false, nominatorReview: false }, 'UNIT_RETURNED')).toBe('NOMINATED');
    expect(statusAfterSubmit({ unitReview: true, nominatorReview: true }, 'FORMAL_RETURNED')).toBe('NOMINATED');
  });
});

describe('declaration sections as a draft saves them', () => {
  it('accepts incomplete entries but refuses a malformed ID number, credit code or patent number with the spec’s message', () => {
    expect(completersSection.safeParse({ completers: [{ name: '张三' }] }).success).toBe(true);
    const id = completersSection.safeParse({ completers: [{ name: '张三', idNumber: '110101199003071234' }] });
    expect(id.success ? null : id.error.issues[0]!.message).toBe('您的身份证号/护照格式不正确!');
    const uscc = unitsSection.safeParse({ units: [{ unitName: '某研究院', creditCode: '123' }] });
    expect(uscc.success ? null : uscc.error.issues[0]!.message).toBe('请输入正确的统一社会信用代码!');
    const patent = ipSection.safeParse({ items: [{ kind: 'PATENT', number: 'ZL 2020/1' }] });
    expect(patent.success ? null : patent.error.issues[0]!.message).toBe('请输入正确的专利号！专利号由数字字母横杠组成。');
    expect(ipSection.safeParse({ items: [{ kind: 'STANDARD', number: 'GB/T 1234-2020' }] }).success).toBe(true);
  });

  it('takes one section per save, named by the section', () => {
    expect(sectionSave.safeParse({ section: 'SUMMARY', content: { summary: '<p>简介</p>' } }).success).toBe(true);
    const wrong = sectionSave.safeParse({ section: 'NOPE', content: {} });
    expect(wrong.success).toBe(false);
  });
});
