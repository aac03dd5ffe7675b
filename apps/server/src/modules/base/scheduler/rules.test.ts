import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TASK_MESSAGES } from '@dandelion/shared/base/scheduler';
import { formatChinaTime, parseCron } from './cron';
import { HTTP_MESSAGES, httpCallJob } from './httpJob';
import { createJobRegistry, UNKNOWN_HANDLER_MESSAGE } from './registry';
import { backoffMs, clipMessage, isAbandoned, MESSAGE_LIMIT, runBudgetMs } from './runPolicy';

describe('cron with seconds', () => {
  it('accepts six fields and answers the next fire times in China time', () => {
    const parsed = parseCron('  0  30 9 * *   1-5 ');
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.schedule.expression).toBe('0 30 9 * * 1-5');
    // Thursday 2026-01-01 00:00 UTC is 08:00 in Shanghai: 09:30 that day, then Friday, then Monday.
    const times = parsed.schedule.next(3, new Date('2026-01-01T00:00:00Z')).map(formatChinaTime);
    expect(times).toEqual(['2026-01-01 09:30:00', '2026-01-02 09:30:00', '2026-01-05 09:30:00']);
  });

  it('fires every second strictly after the given instant', () => {
    const parsed = parseCron('* * * * * *');
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.schedule.nextAfter(new Date('2026-01-01T00:00:01.000Z'))!.toISOString()).toBe('2026-01-01T00:00:02.000Z');
    expect(parsed.schedule.nextAfter(new Date('2026-01-01T00:00:01.400Z'))!.toISOString()).toBe('2026-01-01T00:00:02.000Z');
  });

  it('refuses other forms with a Chinese message', () => {
    const cases: Array<[string, string]> = [
      ['', TASK_MESSAGES.cronRequired],
      ['* * * * *', TASK_MESSAGES.cronFields],
      ['0 * * * * * 2026', TASK_MESSAGES.cronFields],
      ['@daily', TASK_MESSAGES.cronFields],
      ['61 * * * * *', TASK_MESSAGES.cronInvalid],
      ['*/0 * * * * *', TASK_MESSAGES.cronInvalid],
      ['0 0 25 * * *', TASK_MESSAGES.cronInvalid],
      ['a b c d e f', TASK_MESSAGES.cronInvalid],
      ['0 0 0 30 2 *', TASK_MESSAGES.cronNever],
    ];
    for (const [cron, message] of cases) expect(parseCron(cron), cron).toEqual({ ok: false, message });
  });
});

describe('run policy', () => {
  const limits = { timeoutSeconds: 10, maxRetries: 3, retryBackoffSeconds: 5 };

  it('doubles the back-off for each retry', () => {
    expect([1, 2, 3].map((retry) => backoffMs(limits, retry))).toEqual([5_000, 10_000, 20_000]);
  });

  it('budgets every attempt timing out plus every back-off wait', () => {
    expect(runBudgetMs(limits)).toBe(4 * 10_000 + 5_000 + 10_000 + 20_000);
    expect(runBudgetMs({ timeoutSeconds: 60, maxRetries: 0, retryBackoffSeconds: 5 })).toBe(60_000);
  });

  it('counts a RUNNING row as abandoned only past its budget plus the margin', () => {
    const start = new Date('2026-01-01T00:00:00Z');
    const budget = runBudgetMs(limits);
    expect(isAbandoned(start, limits, new Date(start.getTime() + budget + 60_000))).toBe(false);
    expect(isAbandoned(start, limits, new Date(start.getTime() + budget + 60_001))).toBe(true);
    expect(isAbandoned(start, limits, new Date(start.getTime() + budget + 1), 0)).toBe(true);
  });

  it('keeps the start and the end of an over-long message', () => {
    expect(clipMessage('短消息')).toBe('短消息');
    const long = `${'头'.repeat(MESSAGE_LIMIT)}${'尾'.repeat(100)}`;
    const clipped = clipMessage(long);
    expect(clipped.length).toBeLessThan(MESSAGE_LIMIT + 100);
    expect(clipped.startsWith('头')).toBe(true);
    expect(clipped.endsWith('尾')).toBe(true);
    expect(clipped).toContain('省略 100 个字符');
  });
});

describe('job registry', () => {
  const echo = {
    handler: 'test.echo',
    title: '回显',
    description: '回显参数',
    params: z.strictObject({ word: z.string({ error: '请输入 word' }).min(1, '请输入 word'), times: z.number().int().min(1, '次数至少为 1').default(1) }),
    example: { word: '你好' },
    run: async ({ word, times }: { word: string; times: number }) => word.repeat(times),
  };

  it('checks parameters with the job schema and names the parameter', () => {
    const registry = createJobRegistry();
    registry.register(echo);
    expect(registry.checkParams('test.echo', { word: '好' })).toEqual({ ok: true, value: { word: '好', times: 1 } });
    expect(registry.checkParams('test.echo', { word: '', times: 0 })).toEqual({
      ok: false,
      message: '任务参数 word：请输入 word',
      errors: [
        { path: 'word', message: '请输入 word' },
        { path: 'times', message: '次数至少为 1' },
      ],
    });
    expect(registry.checkParams('test.nothing', {})).toMatchObject({ ok: false, message: UNKNOWN_HANDLER_MESSAGE });
  });

  it('refuses a second job under the same key, a malformed key and an example its own schema refuses', () => {
    const registry = createJobRegistry();
    registry.register(echo);
    expect(() => registry.register(echo)).toThrow('任务处理器重复注册：test.echo');
    expect(() => registry.register({ ...echo, handler: 'echo' })).toThrow('任务处理器的键不合规范');
    expect(() => registry.register({ ...echo, handler: 'test.bad', example: { word: '' } })).toThrow('示例参数不符合');
    expect(registry.list().map((job) => job.handler)).toEqual(['test.echo']);
  });
});

describe('HTTP job parameters', () => {
  const check = (params: unknown) => {
    const registry = createJobRegistry();
    registry.register(httpCallJob);
    return registry.checkParams('base.httpCall', params);
  };

  it('takes an http(s) address with defaults', () => {
    expect(check({ url: 'http://127.0.0.1:3000/healthz' })).toEqual({ ok: true, value: { url: 'http://127.0.0.1:3000/healthz', method: 'GET', timeoutSeconds: 30 } });
    expect(check({ url: 'https://example.com/hook', method: 'POST', body: { a: [1, 2] }, headers: { 'X-Key': 'k' } }).ok).toBe(true);
  });

  it('refuses other schemes and bad fields with messages naming the parameter', () => {
    const cases: Array<[unknown, string]> = [
      [{}, `任务参数 url：${HTTP_MESSAGES.urlRequired}`],
      [{ url: 'ftp://example.com/file' }, `任务参数 url：${HTTP_MESSAGES.urlScheme}`],
      [{ url: 'file:///etc/passwd' }, `任务参数 url：${HTTP_MESSAGES.urlScheme}`],
      [{ url: 'javascript:alert(1)' }, `任务参数 url：${HTTP_MESSAGES.urlScheme}`],
      [{ url: '不是地址' }, `任务参数 url：${HTTP_MESSAGES.urlInvalid}`],
      [{ url: 'https://user:pw@example.com/' }, `任务参数 url：${HTTP_MESSAGES.urlCredentials}`],
      [{ url: 'https://example.com', method: 'TRACE' }, `任务参数 method：${HTTP_MESSAGES.method}`],
      [{ url: 'https://example.com', body: { a: 1 } }, `任务参数 body：${HTTP_MESSAGES.bodyNotAllowed}`],
      [{ url: 'https://example.com', timeoutSeconds: 301 }, `任务参数 timeoutSeconds：${HTTP_MESSAGES.timeout}`],
      [{ url: 'https://example.com', headers: { Host: 'evil' } }, `任务参数 headers.Host：${HTTP_MESSAGES.headerReserved}`],
      [{ url: 'https://example.com', headers: { 'X-A': 1 } }, `任务参数 headers.X-A：${HTTP_MESSAGES.headerValue}`],
      [{ url: 'https://example.com', script: 'rm -rf /' }, '任务参数不正确：不支持的参数：script'],
    ];
    for (const [params, message] of cases) expect(check(params), JSON.stringify(params)).toMatchObject({ ok: false, message });
  });
});
