import { describe, expect, it } from 'vitest';
import { assignExperts, nextAlternate, type AssignableDeclaration, type AssignableExpert, type AssignmentInput } from './solver';

const settings = { today: '2026-11-26' };
const declaration = (id: string, extra: Partial<AssignableDeclaration> = {}): AssignableDeclaration => ({
  declarationId: id,
  units: [{ unitName: `项目单位${id}`, creditCode: null }],
  completers: [{ name: `完成人${id}`, idNumber: null }],
  disciplineCodes: ['5201010'],
  keywords: ['电网'],
  ...extra,
});
const expert = (id: string, extra: Partial<AssignableExpert> = {}): AssignableExpert => ({
  expertId: id,
  name: `专家${id}`,
  unit: { unitName: `专家单位${id}`, creditCode: null },
  status: 'ACTIVE',
  disciplineCodes: ['5201010'],
  keywords: ['电网'],
  ...extra,
});
const input = (extra: Partial<AssignmentInput>): AssignmentInput => ({ declarations: [], experts: [], k: 2, defaultMaxLoad: 10, seed: 7, settings, ...extra });
const assigned = (result: ReturnType<typeof assignExperts>, id: string) => result.declarations.find((d) => d.declarationId === id)!.experts.map((e) => e.expertId).sort();

describe('expert assignment', () => {
  it('never pairs a hard conflict: a unit that differs only by its corporate form, or an expert who is a completer', () => {
    const d = declaration('1', { units: [{ unitName: '某某科技股份有限公司', creditCode: null }], completers: [{ name: '钱七', idNumber: '110105198001011019' }] });
    const experts = [
      expert('sameUnit', { unit: { unitName: '某某科技有限公司', creditCode: null } }),
      expert('completer', { idNumber: '110105198001011019' }),
      expert('a', { disciplineCodes: ['110'] }),
      expert('b', { disciplineCodes: ['110'] }),
    ];
    const result = assignExperts(input({ declarations: [d], experts }));
    expect(assigned(result, '1')).toEqual(['a', 'b']);
    expect(result.excluded.map((x) => [x.expertId, x.conflicts.map((c) => c.kind)])).toEqual(
      expect.arrayContaining([['sameUnit', ['SAME_UNIT']], ['completer', ['COMPLETER']]]),
    );
  });

  it('prefers affinity: an exact third-level discipline and shared keywords beat a first-level match', () => {
    const d = declaration('1', { keywords: ['电网', '调度'] });
    const experts = [expert('near', { keywords: ['电网', '调度'] }), expert('far', { disciplineCodes: ['520'], keywords: [] }), expert('mid', { disciplineCodes: ['52010'], keywords: ['电网'] })];
    const result = assignExperts(input({ declarations: [d], experts }));
    expect(assigned(result, '1')).toEqual(['mid', 'near']);
    expect(result.declarations[0]!.experts.find((e) => e.expertId === 'near')!.reason).toBe('三级学科相同（5201010），关键词重合 2 个（电网、调度）');
    expect(result.declarations[0]!.alternates.map((a) => a.expertId)).toEqual(['far']);
  });

  it('keeps every load within its maximum, balances equal choices, and gives every declaration k when feasible', () => {
    const declarations = Array.from({ length: 12 }, (_, i) => declaration(String(i)));
    const experts = Array.from({ length: 6 }, (_, i) => expert(`e${i}`, { maxLoad: i === 0 ? 1 : null }));
    const result = assignExperts(input({ declarations, experts, k: 3, defaultMaxLoad: 7 }));
    expect(result.underAssigned).toEqual([]);
    for (const d of result.declarations) expect(d.experts).toHaveLength(3);
    const loads = Object.fromEntries(result.loads.map((l) => [l.expertId, l.load]));
    expect(loads.e0).toBe(1);
    // 36 reviews over 5 experts with room: the increasing cost per review spreads them 7/7/7/7/7 at most.
    for (const l of result.loads) expect(l.load).toBeLessThanOrEqual(l.maxLoad);
    const others = result.loads.filter((l) => l.expertId !== 'e0').map((l) => l.load);
    expect(Math.max(...others) - Math.min(...others)).toBeLessThanOrEqual(1);
  });

  it('reports the declarations it cannot staff rather than overloading anyone', () => {
    const declarations = [declaration('1'), declaration('2')];
    const experts = [expert('a', { maxLoad: 1 }), expert('b', { maxLoad: 1 }), expert('c', { maxLoad: 1 })];
    const result = assignExperts(input({ declarations, experts, k: 2 }));
    expect(result.underAssigned).toEqual([expect.objectContaining({ assigned: 1, wanted: 2 })]);
    expect(result.loads.every((l) => l.load <= 1)).toBe(true);
  });

  it('puts at most one expert of a unit on a declaration while others are free', () => {
    const d = declaration('1');
    const experts = [
      expert('u1', { unit: { unitName: '同一大学', creditCode: null }, keywords: ['电网', '调度'] }),
      expert('u2', { unit: { unitName: '同一大学', creditCode: null }, keywords: ['电网', '调度'] }),
      expert('other', { disciplineCodes: ['52010'], keywords: [] }),
    ];
    const result = assignExperts(input({ declarations: [{ ...d, keywords: ['电网', '调度'] }], experts, k: 2 }));
    const chosen = assigned(result, '1');
    expect(chosen).toContain('other');
    expect(chosen.filter((id) => id.startsWith('u'))).toHaveLength(1);
  });

  it('gives the same assignment for the same input and seed, and breaks ties by the seed', () => {
    const declarations = Array.from({ length: 5 }, (_, i) => declaration(String(i)));
    const experts = Array.from({ length: 10 }, (_, i) => expert(`e${i}`));
    const a = assignExperts(input({ declarations, experts, seed: 42 }));
    const b = assignExperts(input({ declarations, experts, seed: 42 }));
    expect(b).toEqual(a);
    const others = [1, 2, 3, 4, 5].map((seed) => JSON.stringify(assignExperts(input({ declarations, experts, seed })).declarations));
    expect(new Set(others).size).toBeGreaterThan(1);
  });

  it('promotes an alternate when an expert declines', () => {
    const d = declaration('1');
    const experts = Array.from({ length: 5 }, (_, i) => expert(`e${i}`));
    const result = assignExperts(input({ declarations: [d], experts, k: 2, alternates: 2 }));
    const [first] = result.declarations[0]!.experts;
    const promoted = nextAlternate(result, '1', first!.expertId);
    expect(promoted).not.toBeNull();
    expect(result.declarations[0]!.experts.map((e) => e.expertId)).not.toContain(promoted!.expertId);
    expect(result.declarations[0]!.alternates.map((a) => a.expertId)).toContain(promoted!.expertId);
  });

  it('excludes every hard conflict kind and reports each with its message, whatever the affinity', () => {
    const d = declaration('1', {
      units: [{ unitName: '某某科技股份有限公司', creditCode: null }, { unitName: '乙大学', creditCode: '91110000000000001H' }],
      completers: [{ name: '钱七', idNumber: '110105198001011019' }, { name: '孙八', idNumber: null }],
      region: '110000',
    });
    const vetoes = new Map([['veto:1', '近期合作']]);
    const experts = [
      expert('sameUnit', { unit: { unitName: '某某科技有限公司', creditCode: null } }),
      expert('sameCode', { unit: { unitName: '乙大学（本部）', creditCode: '91110000000000001H' } }),
      expert('former', { formerUnits: [{ unitName: '乙大学', creditCode: null, until: '2025-06-30' }] }),
      expert('completer', { idNumber: '110105198001011019' }),
      expert('relation', { relations: [{ kind: 'ADVISOR', personName: '孙八' }] }),
      expert('blacklisted', { status: 'BLACKLISTED' }),
      expert('old', { birthYear: 1950 }),
      expert('veto'),
      expert('local', { region: '110000' }),
      expert('a', { region: '310000' }),
      expert('b', { region: '310000' }),
    ];
    const result = assignExperts(input({ declarations: [d], experts, k: 2, alternates: 3, settings: { ...settings, maxAge: 70, outOfRegionOnly: true, vetoes } }));
    expect(assigned(result, '1')).toEqual(['a', 'b']);
    expect(result.declarations[0]!.alternates).toEqual([]);
    const kinds = Object.fromEntries(result.excluded.map((x) => [x.expertId, x.conflicts.map((c) => c.kind)]));
    expect(kinds).toEqual({
      sameUnit: ['SAME_UNIT'],
      sameCode: ['SAME_UNIT'],
      former: ['FORMER_UNIT'],
      completer: ['COMPLETER'],
      relation: ['RELATION'],
      blacklisted: ['STATUS'],
      old: ['AGE'],
      veto: ['VETO'],
      local: ['SAME_REGION'],
    });
    for (const x of result.excluded) for (const c of x.conflicts) expect(c.message).not.toBe('');
  });

  it('asks only for the experts still wanted and skips pairs already held, without calling them excluded', () => {
    const declarations = [declaration('1', { wanted: 1 }), declaration('2')];
    const experts = Array.from({ length: 4 }, (_, i) => expert(`e${i}`));
    const result = assignExperts(input({ declarations, experts, k: 2, taken: new Set(['e0:1', 'e1:1']) }));
    expect(assigned(result, '1')).toHaveLength(1);
    expect(assigned(result, '1')).not.toContain('e0');
    expect(assigned(result, '1')).not.toContain('e1');
    expect(assigned(result, '2')).toHaveLength(2);
    expect(result.underAssigned).toEqual([]);
    expect(result.excluded).toEqual([]);
    const none = assignExperts(input({ declarations: [declaration('3', { wanted: 0 })], experts, k: 2 }));
    expect(none.declarations[0]!.experts).toEqual([]);
    expect(none.underAssigned).toEqual([]);
  });

  it('never exceeds a maximum under many seeds, and reports the shortfall when k cannot be met', () => {
    const declarations = Array.from({ length: 6 }, (_, i) => declaration(String(i)));
    const experts = Array.from({ length: 4 }, (_, i) => expert(`e${i}`, { maxLoad: 2 }));
    for (const seed of [1, 7, 99, 12345]) {
      const result = assignExperts(input({ declarations, experts, k: 2, seed }));
      for (const l of result.loads) expect(l.load).toBeLessThanOrEqual(2);
      const total = result.declarations.reduce((n, d) => n + d.experts.length, 0);
      expect(total).toBe(8);
      expect(result.underAssigned.reduce((n, u) => n + (u.wanted - u.assigned), 0)).toBe(4);
    }
  });
});
