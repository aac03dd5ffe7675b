// Screenshots of the portal at desktop (1366 px) and phone (375 px) width, with a check that no
// page scrolls sideways. Usage: node bench/portal/screens.mjs http://127.0.0.1:PORT OUT_DIR [path …]
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const [base = 'http://127.0.0.1:3000', out = 'screens', ...paths] = process.argv.slice(2);
const pages = paths.length > 0 ? paths : ['/', '/policy', '/search?keyword=%E5%A5%96%E5%8A%B1'];
const widths = { desktop: { width: 1366, height: 900 }, phone: { width: 375, height: 740 } };
fs.mkdirSync(out, { recursive: true });

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const problems = [];
try {
  for (const [label, viewport] of Object.entries(widths)) {
    const context = await browser.newContext({ viewport, deviceScaleFactor: 1, locale: 'zh-CN' });
    const page = await context.newPage();
    page.on('pageerror', (e) => problems.push(`${label} pageerror: ${e.message}`));
    for (const p of pages) {
      await page.goto(base + p, { waitUntil: 'networkidle' });
      await page.waitForTimeout(400);
      const { scrollWidth, innerWidth, title } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
        title: document.title,
      }));
      if (scrollWidth > innerWidth) problems.push(`${label} ${p}: scrollWidth ${scrollWidth} > ${innerWidth}`);
      const name = `${label}-${p.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}.png`;
      await page.screenshot({ path: path.join(out, name), fullPage: true });
      console.log(`${name}  title="${title}"`);
    }
    await context.close();
  }
} finally {
  await browser.close();
}
if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exitCode = 1;
}
