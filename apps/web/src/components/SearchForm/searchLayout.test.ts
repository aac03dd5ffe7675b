import { describe, expect, it } from 'vitest';
import { labelWidthOf, searchGridOf } from './searchLayout';

describe('searchGridOf', () => {
  it('puts as many 280 px cells in a row as the form is wide, one to four', () => {
    expect(searchGridOf(260)).toEqual({ columns: 1, span: 24, rangeSpan: 24 });
    expect(searchGridOf(600)).toEqual({ columns: 2, span: 12, rangeSpan: 24 });
    // Beside a tree panel at 1366 px (about 850 px): three fields, a date range takes two cells.
    expect(searchGridOf(850)).toEqual({ columns: 3, span: 8, rangeSpan: 16 });
    expect(searchGridOf(1500)).toEqual({ columns: 4, span: 6, rangeSpan: 12 });
    expect(searchGridOf(3000).columns).toBe(4);
  });

  it('starts with three columns before the width is known', () => {
    expect(searchGridOf(0).columns).toBe(3);
  });
});

describe('labelWidthOf', () => {
  it('gives every label of a form the width of its longest, within bounds', () => {
    expect(labelWidthOf([{ label: '状态' }, { label: '手机号' }])).toBe(3 * 14 + 22);
    expect(labelWidthOf([{ label: '名' }])).toBe(64);
    // 规则名称/编码 is seven characters: its box starts after it, not under it.
    expect(labelWidthOf([{ label: '规则名称/编码' }, { label: '状态' }])).toBe(7 * 14 + 22);
    expect(labelWidthOf([{ label: '一个非常非常长的查询条件名称' }])).toBe(124);
  });
});
