import '../../../test/setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWidget } from '../../../test/widgetKit';
import { RecordDiff } from './RecordDiff';

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;

describe('<RecordDiff>', () => {
  it('highlights changed, added and removed fields, counts them and folds away the unchanged ones', () => {
    renderWidget(
      <RecordDiff
        before={{ postName: '档案员', sort: 1, fax: '010-1', updateTime: '2026-03-01T02:30:00.000Z' }}
        after={{ postName: '档案管理员', sort: 1, email: 'x@y.cn', updateTime: '2026-03-01T03:00:05.000Z' }}
      />,
    );
    expect(screen.getByText('修改 2 项')).toBeTruthy();
    expect(screen.getByText('新增 1 项')).toBeTruthy();
    expect(screen.getByText('删除 1 项')).toBeTruthy();

    const changed = rowOf('岗位名称');
    expect(changed.className).toContain('dl-log-diff__row--changed');
    expect(changed.querySelector('.dl-log-diff__old')!.textContent).toBe('档案员');
    expect(changed.querySelector('.dl-log-diff__new')!.textContent).toBe('档案管理员');
    expect(rowOf('fax').className).toContain('dl-log-diff__row--removed');
    expect(rowOf('email').className).toContain('dl-log-diff__row--added');
    // Times in China time, to the second.
    expect(rowOf('修改时间').textContent).toContain('2026-03-01 10:30:00');
    expect(rowOf('修改时间').textContent).toContain('2026-03-01 11:00:05');

    expect(screen.queryByText('排序')).toBeNull();
    fireEvent.click(screen.getByRole('switch', { name: '显示未变化的字段' }));
    expect(rowOf('排序').className).toContain('dl-log-diff__row--same');
  });

  it('says so when nothing changed, and when nothing was kept', () => {
    const view = renderWidget(<RecordDiff before={{ a: 1 }} after={{ a: 1 }} />);
    expect(screen.getByText('没有字段发生变化')).toBeTruthy();
    expect(rowOf('a')).toBeTruthy();
    view.unmount();
    renderWidget(<RecordDiff before={null} after={null} />);
    expect(screen.getByText('这条记录没有保存变更前后的内容')).toBeTruthy();
  });
});
