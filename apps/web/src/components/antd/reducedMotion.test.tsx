import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { AntdProviders } from './AntdProviders';

/** The system's motion setting as the browser reports it, with a way to change it while the page is open. */
function motionSetting(reduce: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    matches: reduce,
    media: '(prefers-reduced-motion: reduce)',
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  const original = window.matchMedia;
  vi.spyOn(window, 'matchMedia').mockImplementation((text: string) => (text === query.media ? (query as unknown as MediaQueryList) : original(text)));
  return {
    change(next: boolean) {
      query.matches = next;
      listeners.forEach((listener) => listener());
    },
  };
}

/** antd's motion token as the components under the providers read it. */
function MotionToken() {
  const { token } = theme.useToken();
  return <output>{token.motion ? '有动画' : '无动画'}</output>;
}

const page = () => (
  <AntdProviders>
    <MotionToken />
  </AntdProviders>
);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('antd motion follows the system setting', () => {
  it('is on by default', () => {
    motionSetting(false);
    render(page());
    expect(screen.getByRole('status').textContent).toBe('有动画');
  });

  it('is off for a user who prefers reduced motion, and follows the setting when it changes', () => {
    const setting = motionSetting(true);
    render(page());
    expect(screen.getByRole('status').textContent).toBe('无动画');
    act(() => setting.change(false));
    expect(screen.getByRole('status').textContent).toBe('有动画');
  });
});
