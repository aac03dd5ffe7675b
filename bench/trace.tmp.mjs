import { chromium } from 'playwright';
import fs from 'node:fs';
import { startServer, makeTempDir } from './lib/server.mjs';
import { adminSession } from './bundle/run.mjs';
const srv = await startServer({ dataDir: makeTempDir('tr'), env: process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {} });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const session = await adminSession(srv.url);
for (let round = 0; round < Number(process.env.ROUNDS ?? 2); round++) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, serviceWorkers: 'block' });
  await context.addInitScript((value) => localStorage.setItem('dandelion__session', value), JSON.stringify(session));
  const page = await context.newPage();
  await browser.startTracing(page, { categories: ['devtools.timeline', 'v8.execute', 'disabled-by-default-devtools.timeline', 'loading', 'blink.user_timing', 'v8'] });
  await page.goto(srv.url + '/home');
  await page.waitForSelector('.dl-console-home');
  await page.waitForLoadState('networkidle');
  const buf = await browser.stopTracing();
  fs.writeFileSync(`/tmp/trace${round}.json`, buf);
  await context.close();
}
await browser.close();
await srv.stop();
