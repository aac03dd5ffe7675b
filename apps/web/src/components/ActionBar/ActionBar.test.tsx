import '../../test/setup';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useConsoleStore } from '../../api/consoleStore';
import { buttonNamed, renderWidget } from '../../test/widgetKit';
import { ActionBar, arrangeActions, visibleActions, type ActionButton } from '.';

const action = (key: string, extra: Partial<ActionButton> = {}): ActionButton => ({
  key,
  label: key,
  onClick: () => undefined,
  ...extra,
});

beforeEach(() => {
  useConsoleStore.setState({ authList: [] });
});

describe('visibleActions and arrangeActions', () => {
  it('keeps buttons without a permission and those whose code (or any of whose codes) the user holds', () => {
    const actions = [
      action('open'),
      action('add', { permission: 'system:user:add' }),
      action('del', { permission: 'system:user:del' }),
      action('either', { permission: ['x:y:z', 'system:user:del'] }),
      action('hidden', { hidden: true }),
    ];
    expect(visibleActions(actions, ['system:user:del']).map((a) => a.key)).toEqual(['open', 'del', 'either']);
  });

  it('puts two or more overflow buttons into 更多 and keeps a single one inline', () => {
    const one = arrangeActions([action('a', { overflow: true }), action('b')]);
    expect(one.inline.map((a) => a.key)).toEqual(['b', 'a']);
    expect(one.more).toEqual([]);

    const two = arrangeActions([action('a', { overflow: true }), action('b'), action('c', { overflow: true })]);
    expect(two.inline.map((a) => a.key)).toEqual(['b']);
    expect(two.more.map((a) => a.key)).toEqual(['a', 'c']);
  });
});

describe('<ActionBar>', () => {
  it('shows only the buttons the user may use, and nothing at all when none is left', () => {
    useConsoleStore.setState({ authList: ['message:sms:list'] });
    const { container, rerender } = renderWidget(
      <ActionBar
        actions={[
          action('list', { label: '查看', permission: 'message:sms:list' }),
          action('del', { label: '删除', permission: 'message:sms:del' }),
        ]}
      />,
    );
    expect(buttonNamed('查看')).not.toBeNull();
    expect(buttonNamed('删除')).toBeNull();

    rerender(<ActionBar actions={[action('del', { label: '删除', permission: 'message:sms:del' })]} />);
    expect(container.querySelector('.ant-space')).toBeNull();
  });

  it('reacts to a permission list loaded after the first render', async () => {
    renderWidget(<ActionBar actions={[action('del', { label: '删除', permission: 'message:sms:del' })]} />);
    expect(buttonNamed('删除')).toBeNull();
    useConsoleStore.setState({ authList: ['message:sms:del'] });
    await waitFor(() => expect(buttonNamed('删除')).not.toBeNull());
  });

  it('runs an unconfirmed button at once', () => {
    const onClick = vi.fn();
    renderWidget(<ActionBar actions={[action('add', { label: '新增', onClick })]} />);
    fireEvent.click(buttonNamed('新增')!);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('asks before running a confirmed button, and not at all when cancelled', async () => {
    const onClick = vi.fn();
    renderWidget(
      <ActionBar actions={[action('del', { label: '删除', danger: true, confirm: { title: '确定删除这条记录吗？' }, onClick })]} />,
    );
    fireEvent.click(buttonNamed('删除')!);
    expect(await screen.findByText('确定删除这条记录吗？')).toBeTruthy();
    expect(onClick).not.toHaveBeenCalled();

    fireEvent.click(buttonNamed('取消')!);
    expect(onClick).not.toHaveBeenCalled();

    fireEvent.click(buttonNamed('删除')!);
    fireEvent.click(buttonNamed('确定')!);
    await waitFor(() => expect(onClick).toHaveBeenCalledTimes(1));
  });

  it('offers several overflow buttons under 更多, confirming there too', async () => {
    const lock = vi.fn();
    const reset = vi.fn();
    renderWidget(
      <ActionBar
        variant="row"
        actions={[
          action('upd', { label: '修改' }),
          action('lock', { label: '锁定', overflow: true, onClick: lock }),
          action('reset', { label: '重置密码', overflow: true, confirm: { title: '确定重置该用户的密码吗？' }, onClick: reset }),
        ]}
      />,
    );
    expect(buttonNamed('修改')).not.toBeNull();
    expect(buttonNamed('锁定')).toBeNull();

    fireEvent.click(buttonNamed('更多')!);
    fireEvent.click(await screen.findByText('锁定'));
    await waitFor(() => expect(lock).toHaveBeenCalledTimes(1));

    fireEvent.click(buttonNamed('更多')!);
    fireEvent.click(await screen.findByText('重置密码'));
    expect((await screen.findAllByText('确定重置该用户的密码吗？')).length).toBeGreaterThan(0);
    expect(reset).not.toHaveBeenCalled();
    fireEvent.click(buttonNamed('确定')!);
    await waitFor(() => expect(reset).toHaveBeenCalledTimes(1));
  });

  it('shows a single overflow button inline, and 更多 disappears when the permission hides its partner', () => {
    useConsoleStore.setState({ authList: ['system:user:lock'] });
    renderWidget(
      <ActionBar
        actions={[
          action('lock', { label: '锁定', overflow: true, permission: 'system:user:lock' }),
          action('reset', { label: '重置密码', overflow: true, permission: 'system:user:reset' }),
        ]}
      />,
    );
    expect(buttonNamed('锁定')).not.toBeNull();
    expect(buttonNamed('更多')).toBeNull();
  });

  it('disables the running button until its promise settles', async () => {
    let finish: () => void = () => undefined;
    const onClick = () => new Promise<void>((resolve) => (finish = resolve));
    renderWidget(<ActionBar actions={[action('export', { label: '导出', onClick })]} />);
    fireEvent.click(buttonNamed('导出')!);
    await waitFor(() => expect(buttonNamed('导出')!.disabled).toBe(true));
    finish();
    await waitFor(() => expect(buttonNamed('导出')!.disabled).toBe(false));
  });
});
