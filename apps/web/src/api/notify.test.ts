import { describe, expect, it } from 'vitest';
import { notify, setErrorNotifier, type Notice } from './notify';

describe('notify', () => {
  it('keeps notices raised before a notifier is installed and hands them over, one per key', () => {
    notify('error', '网络异常', 'net');
    notify('error', '网络异常，请稍后重试', 'net');
    notify('warning', '未授权，请重新登录');
    const shown: Notice[] = [];
    const restore = setErrorNotifier((n) => shown.push(n));
    expect(shown).toEqual([
      { level: 'error', message: '网络异常，请稍后重试', key: 'net' },
      { level: 'warning', message: '未授权，请重新登录', key: '未授权，请重新登录' },
    ]);
    notify('error', '服务器错误');
    expect(shown.map((n) => n.message)).toEqual(['网络异常，请稍后重试', '未授权，请重新登录', '服务器错误']);
    restore();
  });

  it('waits with the latest few notices only', () => {
    for (let i = 0; i < 8; i++) notify('error', `失败 ${i}`);
    const shown: Notice[] = [];
    const restore = setErrorNotifier((n) => shown.push(n));
    expect(shown.map((n) => n.message)).toEqual(['失败 3', '失败 4', '失败 5', '失败 6', '失败 7']);
    restore();
    // handed over once: a later notifier does not see them again
    const later: Notice[] = [];
    setErrorNotifier((n) => later.push(n))();
    expect(later).toEqual([]);
  });
});
