import '../../test/setup';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { useConsoleStore } from '../../api/consoleStore';
import { buttonNamed, renderWidget } from '../../test/widgetKit';
import { EmptyState, type EmptyHint } from '.';

const POSTS: EmptyHint = {
  what: '岗位',
  hint: '岗位标明用户担任的职务，新增后可在用户信息中分配。',
  add: { permission: 'system:post:add', onClick: () => undefined },
};

beforeEach(() => {
  useConsoleStore.setState({ authList: ['system:post:add'] });
});

describe('<EmptyState>', () => {
  it('with nothing stored, says what the list holds and offers the add action', () => {
    const add = vi.fn();
    renderWidget(<EmptyState {...POSTS} add={{ ...POSTS.add, onClick: add }} searched={false} />);
    expect(screen.getByText('还没有岗位')).toBeTruthy();
    expect(screen.getByText('岗位标明用户担任的职务，新增后可在用户信息中分配。')).toBeTruthy();
    fireEvent.click(buttonNamed('新增岗位')!);
    expect(add).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('没有符合条件的记录')).toBeNull();
  });

  it('hides the add action from a user without the permission, and keeps the sentence', () => {
    useConsoleStore.setState({ authList: ['system:post:list'] });
    renderWidget(<EmptyState {...POSTS} searched={false} />);
    expect(screen.getByText('还没有岗位')).toBeTruthy();
    expect(buttonNamed('新增岗位')).toBeNull();
  });

  it('offers no button where records arrive by themselves', () => {
    renderWidget(<EmptyState what="短信记录" hint="平台发出的短信会逐条记录在这里。" searched={false} />);
    expect(screen.getByText('还没有短信记录')).toBeTruthy();
    expect(document.querySelectorAll('button')).toHaveLength(0);
  });

  it('takes its own title and button text where 还没有<what> reads badly', () => {
    renderWidget(<EmptyState {...POSTS} title="该机构下还没有岗位" add={{ ...POSTS.add!, label: '新增' }} searched={false} />);
    expect(screen.getByText('该机构下还没有岗位')).toBeTruthy();
    expect(buttonNamed('新增')).toBeTruthy();
  });

  it('after a search that matched nothing, says so and offers 清空条件 instead of adding', () => {
    const clear = vi.fn();
    renderWidget(<EmptyState {...POSTS} searched onClearSearch={clear} />);
    expect(screen.getByText('没有符合条件的记录')).toBeTruthy();
    expect(screen.queryByText('还没有岗位')).toBeNull();
    expect(buttonNamed('新增岗位')).toBeNull();
    fireEvent.click(buttonNamed('清空条件')!);
    expect(clear).toHaveBeenCalledTimes(1);
  });

  it('says nothing about the list while its rows are on their way', () => {
    renderWidget(<EmptyState {...POSTS} searched={false} loading />);
    expect(screen.getByText('正在加载…')).toBeTruthy();
    expect(screen.queryByText('还没有岗位')).toBeNull();
    expect(buttonNamed('新增岗位')).toBeNull();
  });
});
