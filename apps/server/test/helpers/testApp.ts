import type { LightMyRequestResponse } from 'fastify';
import { buildApp, type AppDeps, type DandelionApp } from '../../src/app';
import type { Database } from '../../src/core/db';
import { resetDatabase, testDatabase } from './testDatabase';

export const testConfig: AppDeps['config'] = {
  LOG_LEVEL: (process.env.TEST_LOG_LEVEL as AppDeps['config']['LOG_LEVEL'] | undefined) ?? 'silent',
  BODY_LIMIT_BYTES: 64 * 1024,
  TRUST_PROXY: false,
  WEB_DIST_DIR: undefined,
  PUBLIC_URL: undefined,
  SMS_PROVIDER: 'log',
  SMS_WEBHOOK_URL: undefined,
  SMS_WEBHOOK_SECRET: undefined,
  CAS_SERVER_URL: undefined,
  OIDC_PROVIDERS: [],
};

export interface TestContext {
  app: DandelionApp;
  database: Database;
}

/**
 * A fresh installation (reset + seeded database) and the real app on it.
 * `beforeReady` may register extra routes, e.g. to exercise core plugins.
 */
export async function createTestApp(options: Partial<Pick<AppDeps, 'authenticator' | 'bus' | 'filesDir'>> & { beforeReady?: (app: DandelionApp) => void } = {}): Promise<TestContext> {
  const database = await testDatabase();
  await resetDatabase(database);
  const app = await buildApp({ config: testConfig, database, serveWeb: false, authenticator: options.authenticator, bus: options.bus, filesDir: options.filesDir });
  options.beforeReady?.(app);
  await app.ready();
  return { app, database };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers of every shape; each test asserts the fields it relies on
export interface Answer<T = any> {
  status: number;
  body: T;
  headers: LightMyRequestResponse['headers'];
}

/** POST a JSON body the way the web client does. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers of every shape; each test asserts the fields it relies on
export async function post<T = any>(
  app: DandelionApp,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
  options: { remoteAddress?: string } = {},
): Promise<Answer<T>> {
  const res = await app.inject({
    method: 'POST',
    url,
    remoteAddress: options.remoteAddress,
    headers: { is_ajax_request: 'true', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers of every shape; each test asserts the fields it relies on
export async function get<T = any>(app: DandelionApp, url: string, headers: Record<string, string> = {}): Promise<Answer<T>> {
  const res = await app.inject({ method: 'GET', url, headers });
  const isJson = String(res.headers['content-type'] ?? '').includes('json');
  return { status: res.statusCode, body: (isJson ? res.json() : res.body) as T, headers: res.headers };
}
