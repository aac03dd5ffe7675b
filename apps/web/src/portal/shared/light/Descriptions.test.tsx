import '../../../test/setup';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { PortalDescriptions, rowsOf } from './Descriptions';

const items = [
  { key: 'edition', label: '届次', children: '2026年度' },
  { key: 'prize', label: '奖种', children: '科技进步奖' },
  { key: 'kind', label: '公示类型', children: '提名公示' },
  { key: 'window', label: '公示期', children: '2026-05-01 至 2026-05-07' },
  { key: 'note', label: '公示说明', span: 2, children: '请于公示期内提出' },
];

describe('PortalDescriptions', () => {
  it('lays items out in rows of the column count, the last item of a row filling it', () => {
    const spansOf = (rows: ReturnType<typeof rowsOf>) => rows.map((row) => row.map((item) => `${item.label}:${item.span}`));
    expect(spansOf(rowsOf(items, 2))).toEqual([['届次:1', '奖种:1'], ['公示类型:1', '公示期:1'], ['公示说明:2']]);
    expect(spansOf(rowsOf(items.slice(0, 3), 2))).toEqual([['届次:1', '奖种:1'], ['公示类型:2']]);
    // An item wider than what its row has left takes what is left (antd does the same).
    expect(spansOf(rowsOf([items[0]!, items[4]!], 2))).toEqual([['届次:1', '公示说明:1']]);
    expect(rowsOf(items, 1).map((row) => row.map((item) => item.span))).toEqual([[1], [1], [1], [1], [1]]);
  });

  it('shows, bordered, each label as a row header beside its value, and leaves out absent items', () => {
    render(<PortalDescriptions bordered size="small" column={2} items={[...items.slice(0, 3), false, null]} />);
    const rows = screen.getAllByRole('row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('rowheader', { name: '届次' })).toBeTruthy();
    expect(within(rows[0]!).getByRole('cell', { name: '科技进步奖' })).toBeTruthy();
    // A row's last value stretches over what is left: 公示类型 alone takes both columns (label + 3 cells).
    expect(within(rows[1]!).getByRole('cell', { name: '提名公示' }).getAttribute('colspan')).toBe('3');
  });

  it('shows, plain, each label with its value in one cell', () => {
    render(<PortalDescriptions column={{ xs: 1, sm: 2 }} items={items.slice(0, 2)} />);
    const cell = screen.getByText('届次').closest('td')!;
    expect(cell.textContent).toBe('届次2026年度');
    expect(screen.queryAllByRole('rowheader')).toHaveLength(0);
  });
});
