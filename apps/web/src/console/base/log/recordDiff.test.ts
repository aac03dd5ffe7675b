import { describe, expect, it } from 'vitest';
import { countKinds, diffRecords, fieldLabel } from './recordDiff';

describe('diffRecords', () => {
  it('marks each field changed, added, removed or the same, in the record’s order', () => {
    const rows = diffRecords(
      { postName: '档案员', remark: '初稿', sort: 1, fax: '010-1', tags: ['a'] },
      { postName: '档案管理员', remark: null, sort: 1, email: 'x@y.cn', tags: ['a', 'b'] },
    );
    expect(rows).toEqual([
      { field: 'postName', kind: 'changed', before: '档案员', after: '档案管理员' },
      { field: 'remark', kind: 'changed', before: '初稿', after: null },
      { field: 'sort', kind: 'same', before: 1, after: 1 },
      { field: 'fax', kind: 'removed', before: '010-1', after: undefined },
      { field: 'tags', kind: 'changed', before: ['a'], after: ['a', 'b'] },
      { field: 'email', kind: 'added', before: undefined, after: 'x@y.cn' },
    ]);
    expect(countKinds(rows)).toEqual({ changed: 3, added: 1, removed: 1, same: 1 });
  });

  it('compares nested objects field by field under dotted names', () => {
    expect(diffRecords({ theme: { color: '#111', size: 14 } }, { theme: { color: '#222', size: 14 } })).toEqual([
      { field: 'theme.color', kind: 'changed', before: '#111', after: '#222' },
      { field: 'theme.size', kind: 'same', before: 14, after: 14 },
    ]);
  });

  it('shows a new record as all added and a removed one as all removed', () => {
    expect(diffRecords(null, { a: 1, b: 'x' }).map((r) => r.kind)).toEqual(['added', 'added']);
    expect(diffRecords({ a: 1 }, null).map((r) => r.kind)).toEqual(['removed']);
    expect(diffRecords(null, null)).toEqual([]);
  });

  it('names common fields in Chinese, by the last part of a dotted name too', () => {
    expect(fieldLabel('postName')).toBe('岗位名称');
    expect(fieldLabel('owner.updateTime')).toBe('修改时间');
    expect(fieldLabel('unknownField')).toBeUndefined();
  });
});
