import { describe, expect, it } from 'vitest';
import { DISCIPLINES, disciplineFullName, disciplineName, disciplineParentCode, disciplinePath, isListedDiscipline, normalizeDisciplineCode } from './disciplines';

describe('the discipline table (GB/T 13745-2009, two levels)', () => {
  it('lists the 62 first-level disciplines once each, in code order', () => {
    const codes = DISCIPLINES.map((d) => d.code);
    expect(codes).toHaveLength(62);
    expect(new Set(codes).size).toBe(62);
    expect([...codes].sort()).toEqual(codes);
    expect(codes.every((c) => /^\d{3}$/.test(c))).toBe(true);
  });

  it('files every second-level code under its own first three digits, ascending and unique', () => {
    const all = DISCIPLINES.flatMap((d) => d.children.map((c) => c.code));
    expect(new Set(all).size).toBe(all.length);
    for (const d of DISCIPLINES) {
      const codes = d.children.map((c) => c.code);
      expect(codes.every((c) => /^\d{5}$/.test(c) && c.startsWith(d.code)), d.code).toBe(true);
      expect([...codes].sort(), d.code).toEqual(codes);
      expect(d.children.every((c) => c.name.trim() === c.name && c.name.length > 0 && c.children.length === 0)).toBe(true);
    }
  });

  it('closes each group that has one with its 其他学科 under 99', () => {
    for (const d of DISCIPLINES.filter((x) => x.children.some((c) => c.code.endsWith('99')))) {
      expect(d.children.at(-1), d.code).toEqual({ code: `${d.code}99`, name: `${d.name}其他学科`, children: [] });
    }
    expect(DISCIPLINES.every((d) => d.children.length > 0)).toBe(true);
  });

  it('holds the entries the standard is known by', () => {
    expect(disciplineName('110')).toBe('数学');
    expect(disciplineName('11014')).toBe('数理逻辑与数学基础');
    expect(disciplineName('410')).toBe('工程与技术科学基础学科');
    expect(disciplineName('41010')).toBe('工程数学');
    expect(disciplineName('520')).toBe('计算机科学技术');
    expect(disciplineName('52020')).toBe('人工智能');
    expect(disciplineName('630')).toBe('管理学');
    expect(disciplineName('910')).toBe('统计学');
    // 2009 renumberings: 413 and 310 moved by one slot against the 1992 edition.
    expect(disciplineName('41315')).toBe('仿真科学技术');
    expect(disciplineName('31010')).toBe('医学史');
    expect(disciplineName('41640')).toBe('生物工程');
  });
});

describe('the helpers', () => {
  it('read a code with or without the dot after the first level', () => {
    expect(normalizeDisciplineCode(' 520.10 ')).toBe('52010');
    expect(disciplineName('520.20')).toBe('人工智能');
    expect(isListedDiscipline('470.40')).toBe(true);
    expect(isListedDiscipline('999')).toBe(false);
    expect(disciplineName('5202010')).toBeUndefined();
  });

  it('find the parent by prefix: 5 digits → 3, 7 → 5, a first level has none', () => {
    expect(disciplineParentCode('52020')).toBe('520');
    expect(disciplineParentCode('5202010')).toBe('52020');
    expect(disciplineParentCode('520.2010')).toBe('52020');
    expect(disciplineParentCode('520')).toBeUndefined();
    expect(disciplineParentCode('52')).toBeUndefined();
  });

  it('give the path first level first, a third-level code stopping at its listed parents', () => {
    expect(disciplinePath('52020').map((d) => d.code)).toEqual(['520', '52020']);
    expect(disciplinePath('5202010').map((d) => d.code)).toEqual(['520', '52020']);
    expect(disciplinePath('110').map((d) => d.name)).toEqual(['数学']);
    expect(disciplinePath('999')).toEqual([]);
  });

  it('name a code in full for tables, and show an unknown one as itself', () => {
    expect(disciplineFullName('41010')).toBe('410 工程与技术科学基础学科 / 41010 工程数学');
    expect(disciplineFullName('520.20')).toBe('520 计算机科学技术 / 52020 人工智能');
    expect(disciplineFullName('5202010')).toBe('520 计算机科学技术 / 52020 人工智能 / 5202010');
    expect(disciplineFullName('999')).toBe('999');
    expect(disciplineFullName('416')).toBe('416 自然科学相关工程与技术');
    expect(disciplineFullName('53520')).toBe('535 产品应用相关工程与技术 / 53520 兵器科学与技术');
  });
});
