import '../../test/setup';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from './toast';

const notices = () => [...document.querySelectorAll('.dl-message__notice')].map((n) => [n.className.split('--')[1], n.textContent]);

afterEach(() => {
  vi.useRealTimers();
  document.querySelector('.dl-message')?.remove();
});

describe('the light toast', () => {
  it('shows one notice per key, the latest, like antd message, and each goes after three seconds', () => {
    vi.useFakeTimers();
    toast('warning', '未授权，请重新登录', 'session');
    toast('error', '网络异常');
    toast('warning', '登录已过期', 'session');
    expect(notices()).toEqual([
      ['warning', '登录已过期'],
      ['error', '网络异常'],
    ]);
    vi.advanceTimersByTime(3_000);
    expect(notices()).toEqual([]);
  });
});
