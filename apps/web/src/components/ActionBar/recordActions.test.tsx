import '../../test/setup';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useConsoleStore } from '../../api/consoleStore';
import { ApiError } from '../../api/http';
import { buttonNamed, renderWidget } from '../../test/widgetKit';
import { ActionBar, useRecordActions, type DeleteOptions, type ToggleStatusOptions } from '.';

/** One row's 启用/停用 and 删除, as a list page builds them. */
function Row({ toggle, remove }: { toggle?: ToggleStatusOptions; remove?: DeleteOptions }) {
  const actions = useRecordActions();
  return <ActionBar variant="row" actions={[...(toggle ? [actions.toggleStatus(toggle)] : []), ...(remove ? [actions.remove(remove)] : [])]} />;
}

const stale = () => new ApiError('409', '数据已被他人修改，请刷新后重试', 409);

beforeEach(() => {
  useConsoleStore.setState({ authList: ['system:post:enable'] });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('useRecordActions().toggleStatus', () => {
  it('停用 an enabled record: sends DISABLED, says 已停用, then refreshes', async () => {
    const change = vi.fn(async () => null);
    const after = vi.fn();
    renderWidget(<Row toggle={{ status: 'NORMAL', change, after }} />);
    fireEvent.click(buttonNamed('停用')!);
    expect(await screen.findByText('已停用')).toBeTruthy();
    expect(change).toHaveBeenCalledWith('DISABLED');
    expect(after).toHaveBeenCalledTimes(1);
  });

  it('启用 a disabled record: sends NORMAL and says 已启用', async () => {
    const change = vi.fn(async () => null);
    renderWidget(<Row toggle={{ status: 'DISABLED', change }} />);
    fireEvent.click(buttonNamed('启用')!);
    expect(await screen.findByText('已启用')).toBeTruthy();
    expect(change).toHaveBeenCalledWith('NORMAL');
  });

  it('is shown only to those holding its code', () => {
    renderWidget(<Row toggle={{ status: 'NORMAL', permission: 'system:post:del', change: async () => null }} />);
    expect(buttonNamed('停用')).toBeNull();
  });

  it('refreshes the list after a stale-version refusal, without announcing success', async () => {
    const after = vi.fn();
    const change = vi.fn(() => Promise.reject(stale()));
    renderWidget(<Row toggle={{ status: 'NORMAL', change, after }} />);
    fireEvent.click(buttonNamed('停用')!);
    await waitFor(() => expect(after).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('已停用')).toBeNull();
    // The request layer toasted the refusal; the bar does not log it as a bug.
    expect(console.error).not.toHaveBeenCalled();
  });

  it('leaves the list alone after any other refusal', async () => {
    const after = vi.fn();
    const change = vi.fn(() => Promise.reject(new ApiError('403', '没有权限', 403)));
    renderWidget(<Row toggle={{ status: 'NORMAL', change, after }} />);
    fireEvent.click(buttonNamed('停用')!);
    await waitFor(() => expect(change).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(buttonNamed('停用')!.querySelector('.ant-btn-loading-icon')).toBeNull());
    expect(after).not.toHaveBeenCalled();
  });
});

describe('useRecordActions().remove', () => {
  it('asks with the record’s kind and name, and deletes only after 确定', async () => {
    const remove = vi.fn(async () => null);
    const after = vi.fn();
    renderWidget(<Row remove={{ entity: '岗位', name: '财务经理', description: '仍有用户在岗的岗位不能删除。', remove, after }} />);
    fireEvent.click(buttonNamed('删除')!);
    expect(await screen.findByText('确定删除岗位「财务经理」吗？')).toBeTruthy();
    expect(screen.getByText('仍有用户在岗的岗位不能删除。')).toBeTruthy();
    expect(remove).not.toHaveBeenCalled();
    fireEvent.click(buttonNamed('确定')!);
    expect(await screen.findByText('删除成功')).toBeTruthy();
    expect(remove).toHaveBeenCalledTimes(1);
    expect(after).toHaveBeenCalledTimes(1);
  });

  it('refreshes the list when the record was already gone', async () => {
    const after = vi.fn();
    const remove = vi.fn(() => Promise.reject(new ApiError('404', '岗位不存在', 404)));
    renderWidget(<Row remove={{ entity: '岗位', name: '财务经理', remove, after }} />);
    fireEvent.click(buttonNamed('删除')!);
    fireEvent.click((await waitFor(() => buttonNamed('确定')))!);
    await waitFor(() => expect(after).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('删除成功')).toBeNull();
  });

  it('collapses with 启用/停用 into 更多 (both are secondary by default), asking in a dialog', async () => {
    const remove = vi.fn(async () => null);
    renderWidget(<Row toggle={{ status: 'NORMAL', change: async () => null }} remove={{ entity: '岗位', name: '财务经理', remove }} />);
    expect(buttonNamed('停用')).toBeNull();
    fireEvent.click(buttonNamed('更多')!);
    fireEvent.click(await screen.findByText('删除'));
    // antd's confirm dialog writes its title twice (the modal's title and the confirm's own).
    await waitFor(() => expect(document.querySelector('.ant-modal-confirm-title')?.textContent).toBe('确定删除岗位「财务经理」吗？'));
    fireEvent.click(buttonNamed('确定')!);
    await waitFor(() => expect(remove).toHaveBeenCalledTimes(1));
  });
});
