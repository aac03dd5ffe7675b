import { expect } from 'vitest';
import type { DandelionApp } from '../../src/app';
import { post } from './testApp';

/**
 * Every url refuses a caller without a token (401) and `outsider`, a signed-in user holding none of
 * its permission codes (403 with the guard's message).
 */
export async function expectRefusedToOutsiders(app: DandelionApp, urls: readonly string[], outsider: Record<string, string>) {
  for (const url of urls) {
    expect((await post(app, url, {})).status, url).toBe(401);
    const denied = await post(app, url, {}, outsider);
    expect(denied.status, url).toBe(403);
    expect(denied.body.msg).toBe('没有权限执行此操作');
  }
}
