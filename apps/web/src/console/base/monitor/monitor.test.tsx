import '../../../test/setup';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeServer, ok } from '../../../test/renderApp';
import { buttonNamed, renderAtRoute } from '../../../test/widgetKit';
import type { MonitorInfo } from './api';
import { formatBytes, formatUptime } from './format';
import { appendSample, HISTORY_MS } from './history';
import MonitorPage, { REFRESH_MS } from './MonitorPage';

const URL = '/rest/monitorService/getMonitorInfo';
const GB = 1024 ** 3;
let reading = 0;

function info(n: number): MonitorInfo {
  return {
    time: new Date(Date.UTC(2026, 2, 1, 2, 30, 0) + n * REFRESH_MS).toISOString(),
    cpu: { model: 'Intel(R) Xeon(R) 测试', cores: 2, usage: 20 + n, processUsage: 5, intervalMs: 5000, loadAverage: [0.42, 0.3, 0.25] },
    memory: { totalBytes: 16 * GB, usedBytes: 6 * GB, freeBytes: 10 * GB, usage: 37.5 },
    system: { hostname: 'host-1', platform: 'Linux 6.1 x64', uptimeSeconds: 3 * 86_400 + 4 * 3_600 },
    node: {
      version: 'v20.20.0',
      pid: 4242,
      uptimeSeconds: 5 * 3_600 + 12 * 60,
      rssBytes: 180 * 1024 ** 2,
      heapUsedBytes: (60 + n) * 1024 ** 2,
      heapTotalBytes: 90 * 1024 ** 2,
      externalBytes: 1024 ** 2,
      eventLoopDelay: { p50Ms: 10.1, p99Ms: 21.4, maxMs: 40, windowSeconds: 42 },
    },
    database: { kind: 'pglite', version: 'PostgreSQL 17.5', sizeBytes: 24 * 1024 ** 2, connections: null, note: '嵌入式数据库（PGlite）在本进程内运行，只有一个连接，没有连接数统计' },
    caches: [{ name: 'session', size: 3, maxEntries: 10_000, hits: 90, misses: 10, hitRate: 90 }],
    logWriters: [{ name: '接口调用日志', buffered: 2, written: 1200, dropped: 0, failedBatches: 0, lastError: null }],
  };
}

function serve() {
  const server = fakeServer({ [URL]: () => ok(info(reading++)) });
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

const setVisibility = (state: 'visible' | 'hidden') => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
};

beforeEach(() => {
  reading = 0;
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setVisibility('visible');
});

describe('/base/monitor/monitorMain', () => {
  it('shows the figures and refreshes them every few seconds, pausing while the tab is hidden or on request', async () => {
    const server = serve();
    renderAtRoute(<MonitorPage />, '/base/monitor/monitorMain', '/base/monitor/monitorMain');
    expect(await screen.findByText('20%')).toBeTruthy();
    expect(screen.getByText('已用 6.0 GB / 共 16.0 GB')).toBeTruthy();
    expect(screen.getByText('5 小时 12 分')).toBeTruthy();
    expect(screen.getByText('p50 10.1 ms · p99 21.4 ms')).toBeTruthy();
    expect(screen.getByText('嵌入式数据库（PGlite）在本进程内运行，只有一个连接，没有连接数统计')).toBeTruthy();
    expect(screen.getByText('90%')).toBeTruthy();
    expect(screen.getByText('每 5 秒刷新')).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(REFRESH_MS));
    expect(await screen.findByText('21%')).toBeTruthy();
    expect(server.callsTo(URL)).toHaveLength(2);

    act(() => setVisibility('hidden'));
    expect(screen.getByText('已暂停（页面在后台）')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(REFRESH_MS * 3));
    expect(server.callsTo(URL)).toHaveLength(2);

    act(() => setVisibility('visible'));
    await act(() => vi.advanceTimersByTimeAsync(REFRESH_MS));
    await waitFor(() => expect(server.callsTo(URL)).toHaveLength(3));

    fireEvent.click(buttonNamed('暂停')!);
    expect(screen.getByText('已暂停')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(REFRESH_MS * 3));
    expect(server.callsTo(URL)).toHaveLength(3);
    fireEvent.click(buttonNamed('刷新')!);
    await waitFor(() => expect(server.callsTo(URL)).toHaveLength(4));
  });

  it('charts the readings it has seen, by server time', async () => {
    serve();
    renderAtRoute(<MonitorPage />, '/base/monitor/monitorMain', '/base/monitor/monitorMain');
    await screen.findByText('20%');
    await act(() => vi.advanceTimersByTimeAsync(REFRESH_MS));
    await screen.findByText('21%');
    const cpu = screen.getByRole('img', { name: '最近几分钟整机和本进程的 CPU 使用率' });
    await waitFor(() => expect(cpu.querySelector('svg')).toBeTruthy(), { timeout: 10_000 });
    await waitFor(() => expect(cpu.textContent).toContain('10:30:05'));
    expect(cpu.textContent).toContain('10:30:00');
  });
});

describe('monitor helpers', () => {
  it('keep five minutes of readings, one per server time', () => {
    let history = appendSample([], info(0));
    history = appendSample(history, info(0));
    expect(history).toHaveLength(1);
    for (let n = 1; n <= 70; n++) history = appendSample(history, info(n));
    expect(history.at(-1)!.at - history[0]!.at).toBeLessThan(HISTORY_MS);
    expect(history.at(-1)).toMatchObject({ cpu: 90, heapUsedMB: 130, rssMB: 180 });
  });

  it('write sizes and durations in Chinese', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(24 * 1024 ** 2)).toBe('24.0 MB');
    expect(formatUptime(42)).toBe('42 秒');
    expect(formatUptime(3 * 86_400 + 4 * 3_600 + 5)).toBe('3 天 4 小时');
  });
});
