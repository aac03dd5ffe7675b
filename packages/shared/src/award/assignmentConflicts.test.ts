import { describe, expect, it } from 'vitest';
import { conflictsOf, normaliseUnitName, sameUnit, type DeclarationFacts, type ExpertFacts } from './assignmentConflicts';

const today = '2026-11-26';
const declaration: DeclarationFacts = {
  declarationId: '10',
  units: [{ unitName: '某某科技股份有限公司', creditCode: '91110000000000001H' }, { unitName: '甲大学', creditCode: null }],
  completers: [{ name: '李明', idNumber: '110105198001011019' }, { name: '王芳', idNumber: '110105198001011043' }],
  region: '浙江省',
};
const expert = (extra: Partial<ExpertFacts> = {}): ExpertFacts => ({
  expertId: '7',
  name: '赵专家',
  unit: { unitName: '乙研究院', creditCode: '12100000000000000X' },
  idNumber: '110105197001011011',
  status: 'ACTIVE',
  birthYear: 1970,
  region: '江苏省',
  ...extra,
});
const kinds = (e: ExpertFacts, settings = {}) => conflictsOf(e, declaration, { today, ...settings }).map((c) => c.kind);

describe('unit names as the conflict rule compares them', () => {
  it('strips the corporate form, so 有限公司 and 股份有限公司 of one name are one unit', () => {
    expect(normaliseUnitName('某某科技有限公司')).toBe('某某科技');
    expect(normaliseUnitName('某某科技股份有限公司')).toBe('某某科技');
    expect(normaliseUnitName(' 某某（中国）集团有限公司 ')).toBe('某某');
    expect(sameUnit({ unitName: '某某科技有限公司' }, { unitName: '某某科技股份有限公司' })).toBe(true);
    expect(sameUnit({ unitName: '某某科技有限公司', creditCode: '91110000000000002F' }, { unitName: '某某科技股份有限公司', creditCode: '91110000000000001H' })).toBe(true);
    expect(sameUnit({ unitName: '甲公司', creditCode: '91110000000000001H' }, { unitName: '乙公司', creditCode: '91110000000000001h' })).toBe(true);
    expect(sameUnit({ unitName: '某某科技' }, { unitName: '某某生物科技' })).toBe(false);
    // A bare corporate word is not a name: two blank names never match.
    expect(sameUnit({ unitName: '公司' }, { unitName: '' })).toBe(false);
  });
});

describe('hard conflicts of an expert with a declaration', () => {
  it('none for an active outsider', () => {
    expect(conflictsOf(expert(), declaration, { today })).toEqual([]);
  });

  it('the same unit, by credit code or by normalised name', () => {
    expect(kinds(expert({ unit: { unitName: '某某科技有限公司', creditCode: null } }))).toEqual(['SAME_UNIT']);
    const [conflict] = conflictsOf(expert({ unit: { unitName: '另一名称', creditCode: '91110000000000001H' } }), declaration, { today });
    expect(conflict).toEqual({ kind: 'SAME_UNIT', message: '与完成单位「某某科技股份有限公司」为同一单位' });
  });

  it('a former unit while it is recent (three years by default)', () => {
    expect(kinds(expert({ formerUnits: [{ unitName: '甲大学', until: '2024-06-30' }] }))).toEqual(['FORMER_UNIT']);
    expect(kinds(expert({ formerUnits: [{ unitName: '甲大学', until: '2020-06-30' }] }))).toEqual([]);
    expect(kinds(expert({ formerUnits: [{ unitName: '甲大学', until: '2020-06-30' }] }), { lookbackYears: 10 })).toEqual(['FORMER_UNIT']);
  });

  it('the expert is a completer, by ID number', () => {
    const found = conflictsOf(expert({ idNumber: '110105198001011043' }), declaration, { today });
    expect(found).toEqual([{ kind: 'COMPLETER', message: '专家本人是本项目的主要完成人（王芳）' }]);
  });

  it('a declared relation to a completer (by ID, else by name) or to a unit, while it lasts', () => {
    expect(conflictsOf(expert({ relations: [{ kind: 'KIN', personIdNumber: '110105198001011019' }] }), declaration, { today })[0]!.message).toBe('与主要完成人「李明」存在亲属关系');
    expect(kinds(expert({ relations: [{ kind: 'ADVISOR', personName: '王芳' }] }))).toEqual(['RELATION']);
    expect(kinds(expert({ relations: [{ kind: 'COAUTHOR', personName: '王芳', until: '2019-01-01' }] }))).toEqual([]);
    expect(kinds(expert({ relations: [{ kind: 'COLLABORATOR', unit: { unitName: '甲大学' }, until: null }] }))).toEqual(['RELATION']);
  });

  it('status, age, a manual veto and the out-of-region rule', () => {
    expect(kinds(expert({ status: 'BLACKLISTED' }))).toEqual(['STATUS']);
    expect(kinds(expert({ status: 'SUSPENDED' }))).toEqual(['STATUS']);
    expect(kinds(expert({ birthYear: 1950 }), { maxAge: 70 })).toEqual(['AGE']);
    expect(kinds(expert({ birthYear: 1956 }), { maxAge: 70 })).toEqual([]);
    expect(conflictsOf(expert(), declaration, { today, vetoes: new Map([['7:10', '曾参与该项目鉴定']]) })).toEqual([{ kind: 'VETO', message: '人工排除：曾参与该项目鉴定' }]);
    expect(kinds(expert({ region: '浙江省' }), { outOfRegionOnly: true })).toEqual(['SAME_REGION']);
    expect(kinds(expert({ region: '浙江省' }))).toEqual([]);
  });

  it('lists every conflict of a pair, so the office sees all the reasons at once', () => {
    expect(kinds(expert({ status: 'SUSPENDED', unit: { unitName: '甲大学' }, idNumber: '110105198001011019' }))).toEqual(['STATUS', 'SAME_UNIT', 'COMPLETER']);
  });
});
