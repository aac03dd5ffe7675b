#!/usr/bin/env node
// Portal benchmark: what the browser downloads to show the portal's pages (home, a column list, search,
// /query, /show, /declare, the notices, an article, the prize detail pages and an applicant's /center), how soon the largest element paints, and that no console
// code is among the downloads (the portal never loads the back office). Each page is loaded cold in a fresh
// context, RUNS times; JS bytes are gzip -9 of every script response until network idle.
// Budgets (issue 19): `/` ≤ 200 KB gzip JS, every other page ≤ 250 KB, LCP (median) ≤ 1 000 ms. Each figure is
// printed against its target with ✓/✗; writes bench/results/portal.json, then exits 1 when one is missed.
//   node bench/portal/run.mjs                  # starts the built server on a fresh DATA_DIR
//   BASE_URL=http://127.0.0.1:18431 node bench/portal/run.mjs   # measures a server already running
//   SEED=1 BASE_URL=… node bench/portal/run.mjs   # adds the prize data (prizeWorld.mjs) to that server first
// On a fresh DATA_DIR the bench seeds the prize data itself, so every detail page is measured.
import fs from 'node:fs';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { machineInfo, warnIfBusy } from '../lib/machine.mjs';
import { isMain, webIndex } from '../lib/paths.mjs';
import { printTable, round, writeResult } from '../lib/report.mjs';
import { makeTempDir, removeDir, startServer } from '../lib/server.mjs';
import { applicantSession } from './applicant.mjs';
import { seedPrizeWorld } from './prizeWorld.mjs';

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
// /query (publicities and award results) and /show (awarded achievements) are the prize business's public pages.
// `ready`: an element only the rendered route shows. On a busy machine the network can go quiet before the route's
// own chunks are requested; the load waits for it, then for network idle again (as bench/bundle does).
const PORTAL_PAGE = '.dl-portal-page';
const PAGES = [
  { path: '/', ready: '.dl-home-grid' },
  { path: '/policy', ready: PORTAL_PAGE },
  { path: '/search?keyword=%E5%A5%96%E5%8A%B1', ready: PORTAL_PAGE },
  { path: '/query', ready: PORTAL_PAGE },
  { path: '/show', ready: PORTAL_PAGE },
  { path: '/declare', ready: '.dl-entry-band' },
  { path: '/notification', ready: PORTAL_PAGE },
];
/** Measured signed in as an applicant (申报人): 个人中心 opens on 我的申报. */
const SIGNED_IN_PAGES = [{ path: '/center', ready: '.dl-center', signedIn: true }];
/**
 * Detail pages, each at the first record its list links to: an article (the seed publishes some), the fund and
 * national lookups (seeded), an open edition's guide, a publicity and an awarded achievement (prizeWorld.mjs, or
 * the data of the server at BASE_URL). `ready` is the loaded record, not its skeleton.
 */
const DETAIL_PAGES = [
  { list: '/policy', link: 'a[href^="/policyDetail/"]', ready: '.dl-article, .dl-portal-page__main' },
  { list: '/fund', link: 'a[href^="/fundDetail/"]', ready: '.dl-prize-detail' },
  { list: '/national', link: 'a[href^="/nationalDetail/"]', ready: '.dl-prize-detail' },
  { list: '/apply', link: 'a[href^="/applyDetail/"]', ready: '.dl-prize-detail' },
  { list: '/query', link: 'a[href^="/queryDetail/"]', ready: '.dl-query-window' },
  { list: '/show', link: 'a[href^="/showDetail/"]', ready: '.dl-prize-detail' },
];
const KB = 1024;
/** Gzip initial JS: the home page's budget, and every other page's. */
const HOME_JS_BUDGET = 200 * KB;
const PAGE_JS_BUDGET = 250 * KB;
const LCP_BUDGET_MS = 1_000;
const jsBudgetOf = (pagePath) => (pagePath === '/' ? HOME_JS_BUDGET : PAGE_JS_BUDGET);
const RUNS = 3;
const VIEWPORTS = { desktop: { width: 1366, height: 768 }, phone: { width: 375, height: 740 } };
/** A script whose file name says it belongs to the back office. */
const CONSOLE_CHUNK = /(^|\/)(console|Console)[\w-]*\.js$|ConsoleLayout|console-layout/;

// Runs in the page before its scripts: keeps the latest largest-contentful-paint candidate.
function observeLcp() {
  window.__lcp = { time: null, element: null };
  try {
    new PerformanceObserver((list) => {
      const entry = list.getEntries().at(-1);
      const el = entry.element;
      window.__lcp = { time: entry.startTime, element: el ? `${el.tagName.toLowerCase()}${typeof el.className === 'string' && el.className ? '.' + el.className.trim().split(/\s+/)[0] : ''}` : null };
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  } catch {
    // a browser without LCP entries: the figure is reported as missing
  }
}

async function loadOnce(browser, url, viewport, session, ready) {
  const context = await browser.newContext({ viewport, serviceWorkers: 'block' });
  try {
    await context.addInitScript(observeLcp);
    // As after a reload: the session the login page stores.
    if (session) await context.addInitScript((value) => localStorage.setItem('dandelion__session', value), JSON.stringify(session));
    const page = await context.newPage();
    const bodies = new Map();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e.message ?? e).slice(0, 300)));
    page.on('response', (res) => {
      if (res.status() >= 400) errors.push(`${res.url()} HTTP ${res.status()}`);
      const isScript = res.request().resourceType() === 'script' || /javascript/.test(res.headers()['content-type'] ?? '');
      if (isScript && !bodies.has(res.url())) bodies.set(res.url(), res.body().catch((err) => ({ error: err.message })));
    });
    await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
    if (ready) {
      await page.waitForSelector(ready, { timeout: 60_000 });
      await page.waitForLoadState('networkidle', { timeout: 60_000 });
    }
    const js = [];
    for (const [u, pending] of bodies) {
      const body = await pending;
      if (body.error) throw new Error(`could not read ${u}: ${body.error}`);
      js.push({ path: new URL(u).pathname, rawBytes: body.length, gzipBytes: zlib.gzipSync(body, { level: 9 }).length });
    }
    js.sort((a, b) => b.gzipBytes - a.gzipBytes);
    // Observer callbacks can arrive late on a busy machine: ask once more for the buffered entry.
    const timing = await page.evaluate(async () => {
      const buffered = await new Promise((resolve) => {
        const timer = setTimeout(() => resolve(null), 3_000);
        try {
          new PerformanceObserver((list, po) => {
            clearTimeout(timer);
            po.disconnect();
            resolve(list.getEntries().at(-1)?.startTime ?? null);
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        } catch {
          resolve(null);
        }
      });
      const lcp = Math.max(window.__lcp?.time ?? -1, buffered ?? -1);
      return {
        lcp: lcp >= 0 ? lcp : null,
        lcpElement: window.__lcp?.element ?? null,
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        title: document.title,
        overflowX: document.documentElement.scrollWidth > window.innerWidth,
      };
    });
    return { js, timing, errors };
  } finally {
    await context.close();
  }
}

/** The address of the first record a list links to, or null. */
async function findDetail(browser, baseUrl, { list, link: selector }) {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await page.goto(baseUrl + list, { waitUntil: 'networkidle', timeout: 60_000 });
    const link = page.locator(selector).first();
    // The list renders after its request: on a busy machine that can be after network idle.
    await link.waitFor({ timeout: 15_000 }).catch(() => undefined);
    return (await link.count()) > 0 ? await link.getAttribute('href') : null;
  } finally {
    await context.close();
  }
}

const median = (xs) => {
  const v = xs.filter((x) => x != null).sort((a, b) => a - b);
  return v.length ? round(v[Math.floor((v.length - 1) / 2)], 1) : null;
};

async function measure(browser, baseUrl, pagePath, viewportName, session, ready) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await loadOnce(browser, baseUrl + pagePath, VIEWPORTS[viewportName], session, ready));
  // Every cold load fetches the same files once the route is drawn (`ready`); the load that fetched the most is
  // kept in case a late chunk (a lazily shown piece) came after the second network idle in one of them.
  const bytesOf = (run) => run.js.reduce((sum, f) => sum + f.gzipBytes, 0);
  const first = runs.reduce((most, run) => (bytesOf(run) > bytesOf(most) ? run : most));
  const total = (key) => first.js.reduce((sum, f) => sum + f[key], 0);
  return {
    path: pagePath,
    viewport: viewportName,
    signedIn: session ? 'applicant' : null,
    jsFiles: first.js.length,
    rawBytes: total('rawBytes'),
    gzipBytes: total('gzipBytes'),
    lcpMs: { median: median(runs.map((r) => r.timing.lcp)), samples: runs.map((r) => round(r.timing.lcp, 1)) },
    lcpElement: first.timing.lcpElement,
    fcpMs: median(runs.map((r) => r.timing.fcp)),
    title: first.timing.title,
    horizontalOverflow: runs.some((r) => r.timing.overflowX),
    consoleChunks: first.js.filter((f) => CONSOLE_CHUNK.test(f.path)).map((f) => f.path),
    files: first.js,
    errors: [...new Set(runs.flatMap((r) => r.errors))],
  };
}

export async function runPortalBench() {
  if (!process.env.BASE_URL && !fs.existsSync(webIndex)) throw new Error('apps/web/dist is missing: run `node scripts/build.mjs` first.');
  const results = { benchmark: 'portal', date: new Date().toISOString(), machine: machineInfo(), pages: [], problems: [] };
  results.machine.busyAtStart = warnIfBusy('portal');
  const dataDir = process.env.BASE_URL ? null : makeTempDir('portal');
  let server = null;
  let browser = null;
  try {
    if (!process.env.BASE_URL) {
      console.log('[portal] starting the server on a fresh DATA_DIR …');
      server = await startServer({ dataDir });
    }
    const baseUrl = process.env.BASE_URL ?? server.url;
    results.baseUrl = process.env.BASE_URL ? baseUrl : 'built server on a fresh DATA_DIR';
    let prizeWorld = null;
    if (!process.env.BASE_URL || process.env.SEED === '1') {
      console.log('[portal] seeding the prize data (an awarded edition, an open publicity, an open guide, an expert invitation) …');
      prizeWorld = await seedPrizeWorld(baseUrl);
    }
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    results.browserVersion = browser.version();
    const details = [];
    for (const detail of DETAIL_PAGES) {
      const path = await findDetail(browser, baseUrl, detail);
      if (path) details.push({ path, ready: detail.ready });
      else results.notMeasured = [...(results.notMeasured ?? []), `no record linked from ${detail.list}`];
    }
    if (results.notMeasured) console.warn(`[portal] not measured: ${results.notMeasured.join('; ')}`);
    if (!details.some((d) => d.path.startsWith('/policyDetail/'))) results.problems.push('no article linked from /policy: its detail page is not measured');
    const applicant = await applicantSession(baseUrl);
    const invitation = prizeWorld ? [{ path: prizeWorld.invitationPath, ready: '.dl-expert-invitation .dl-expert-invitation__hint', label: '/expert/invitation' }] : [];
    const pages = [...PAGES, ...details, ...invitation, ...SIGNED_IN_PAGES];
    for (const viewportName of Object.keys(VIEWPORTS)) {
      for (const { path: p, ready, signedIn, label } of pages) {
        const session = signedIn ? applicant : null;
        console.log(`[portal] ${viewportName} ${label ?? p}${session ? ' (applicant)' : ''} ×${RUNS} …`);
        const m = await measure(browser, baseUrl, p, viewportName, session, ready);
        // A token in the address is a secret of the seeded invitation: the report names the route.
        if (label) m.path = label;
        results.pages.push(m);
        if (m.consoleChunks.length) results.problems.push(`${viewportName} ${p}: console code loaded: ${m.consoleChunks.join(', ')}`);
        if (m.horizontalOverflow) results.problems.push(`${viewportName} ${p}: the page scrolls sideways`);
        if (m.errors.length) results.problems.push(`${viewportName} ${p}: ${m.errors.join(' | ')}`);
        if (m.lcpMs.median == null) results.problems.push(`${viewportName} ${p}: no largest-contentful-paint entry`);
      }
    }
  } finally {
    if (browser) await browser.close();
    if (server) results.serverShutdown = await server.stop();
    if (dataDir) removeDir(dataDir);
  }
  const home = results.pages.find((p) => p.path === '/' && p.viewport === 'desktop');
  results.home = home ? { jsFiles: home.jsFiles, gzipBytes: home.gzipBytes, lcpMsMedian: home.lcpMs.median } : null;
  // What every measured page loads (the app shell: React, router, providers, the request layer, the portal layout)
  // against what the page adds (its own chunks): the two halves of each figure, owned by different code.
  const everywhere = results.pages.map((p) => new Set(p.files.map((f) => f.path))).reduce((a, b) => new Set([...a].filter((x) => b.has(x))));
  for (const p of results.pages) {
    p.sharedGzipBytes = p.files.filter((f) => everywhere.has(f.path)).reduce((sum, f) => sum + f.gzipBytes, 0);
    p.ownGzipBytes = p.gzipBytes - p.sharedGzipBytes;
  }
  results.sharedFiles = [...everywhere].sort();
  const kb = (n) => round(n / KB, 1);
  const mark = (ok) => (ok ? '✓' : '✗');
  results.budgets = { homeJsGzipBytes: HOME_JS_BUDGET, pageJsGzipBytes: PAGE_JS_BUDGET, lcpMs: LCP_BUDGET_MS };
  for (const p of results.pages) {
    p.budget = { jsGzipBytes: jsBudgetOf(p.path), lcpMs: LCP_BUDGET_MS };
    p.withinBudget = { js: p.gzipBytes <= p.budget.jsGzipBytes, lcp: p.lcpMs.median != null && p.lcpMs.median <= LCP_BUDGET_MS };
    if (!p.withinBudget.js) results.problems.push(`${p.viewport} ${p.path}: ${kb(p.gzipBytes)} KB gzip JS, budget ${kb(p.budget.jsGzipBytes)} KB`);
    if (!p.withinBudget.lcp) results.problems.push(`${p.viewport} ${p.path}: LCP ${p.lcpMs.median ?? '—'} ms, budget ${LCP_BUDGET_MS} ms`);
  }
  printTable(
    ['page', 'viewport', 'JS files', 'raw KB', 'gzip KB', 'shared KB', 'own KB', 'target KB', 'JS', 'LCP ms (median)', 'target ms', 'LCP', 'LCP element', 'problems'],
    results.pages.map((p) => [
      p.path + (p.signedIn ? ` (${p.signedIn})` : ''), p.viewport, p.jsFiles, kb(p.rawBytes), kb(p.gzipBytes), kb(p.sharedGzipBytes), kb(p.ownGzipBytes), `≤ ${kb(p.budget.jsGzipBytes)}`, mark(p.withinBudget.js),
      p.lcpMs.median, `≤ ${LCP_BUDGET_MS}`, mark(p.withinBudget.lcp), p.lcpElement, p.consoleChunks.length + p.errors.length + (p.horizontalOverflow ? 1 : 0),
    ]),
    { title: `Portal benchmark — headless Chromium ${results.browserVersion}, ${RUNS} cold loads per page, no throttling` },
  );
  results.passed = results.problems.length === 0;
  writeResult('portal.json', results);
  if (results.problems.length) {
    console.error(results.problems.join('\n'));
    process.exitCode = 1;
  }
  return results;
}

if (isMain(import.meta.url)) await runPortalBench();
