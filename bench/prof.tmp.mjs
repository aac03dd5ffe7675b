import { chromium } from 'playwright';
import fs from 'node:fs';
import { startServer, makeTempDir } from './lib/server.mjs';
import { adminSession } from './bundle/run.mjs';
const srv = await startServer({ dataDir: makeTempDir('tr') });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const session = await adminSession(srv.url);
for (let round = 0; round < Number(process.env.ROUNDS ?? 2); round++) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, serviceWorkers: 'block' });
  await context.addInitScript((value) => localStorage.setItem('dandelion__session', value), JSON.stringify(session));
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const t0 = Date.now();
  await page.goto(srv.url + '/home');
  await page.waitForSelector('.dl-console-home');
  const lcp = await page.evaluate(() => new Promise((r) => new PerformanceObserver((l) => { const e = l.getEntries(); r(e[e.length - 1].startTime); }).observe({ type: 'largest-contentful-paint', buffered: true })));
  const { profile } = await cdp.send('Profiler.stop');
  fs.writeFileSync(`/tmp/prof${round}.cpuprofile`, JSON.stringify(profile));
  console.log('round', round, 'lcp', lcp);
  await context.close();
}
await browser.close();
await srv.stop();
