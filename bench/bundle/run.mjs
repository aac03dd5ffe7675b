#!/usr/bin/env node
// Bundle benchmark: what the browser downloads to show `/` (portal home), `/login` and, signed in as
// the administrator, the console home `/home` (menu loaded from the server), and how soon.
// For each page, in a fresh browser context, every JavaScript response until network idle:
// number of files, raw bytes, gzip -9 bytes (compressed here, whatever the server sent), and the
// largest-contentful-paint time. Writes bench/results/bundle.json, then fails (non-zero exit) when a
// page is over its budget (BUDGETS below; issue 19: a third of ant-design-pro's welcome page).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { machineInfo, waitForQuiet, warnIfBusy } from '../lib/machine.mjs';
import { sleep } from '../lib/net.mjs';
import { isMain, repoRoot, webIndex } from '../lib/paths.mjs';
import { printTable, round, writeResult } from '../lib/report.mjs';
import { ADMIN_PASSWORD, makeTempDir, removeDir, startServer } from '../lib/server.mjs';

export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
/**
 * `signedIn`: the page opens with the administrator's session already stored, as after a reload.
 * `ready`: an element the page shows once rendered; on a busy machine network idle can come before
 * the console has even asked for its menu, so the load is counted until this shows and the network
 * is idle again.
 */
const PAGES = [{ path: '/' }, { path: '/login', ready: 'form' }, { path: '/home', signedIn: true, ready: '.dl-console-home' }];
/**
 * What each page may cost: gzip KB of all JavaScript of a cold load, and the median LCP. The portal's
 * JS budget (`/` ≤ 200 KB, any portal page ≤ 250 KB) is held by bench/portal; here `/` keeps the LCP one.
 */
export const BUDGETS = {
  '/': { lcpMs: 1000 },
  '/login': { gzipKB: 230, lcpMs: 1000 },
  '/home': { gzipKB: 330, lcpMs: 1000 },
};
// Cold loads per page: the JS figures are the same every time, LCP is the median.
const RUNS = 3;
const VIEWPORT = { width: 1366, height: 768 };

async function waitForChromium(maxWaitS = 600) {
  for (let waited = 0; !fs.existsSync(CHROMIUM); waited += 5) {
    if (waited >= maxWaitS) throw new Error(`${CHROMIUM} is not installed (waited ${maxWaitS} s)`);
    if (waited === 0) console.log(`[bundle] waiting for ${CHROMIUM} to be installed …`);
    await sleep(5_000);
  }
}

// Runs in the page before any of its scripts: keeps the latest LCP candidate.
function observeLcp() {
  window.__bench = { lcp: null, lcpElement: null, lcpSize: null };
  try {
    new PerformanceObserver((list) => {
      const e = list.getEntries().at(-1);
      window.__bench.lcp = e.startTime;
      window.__bench.lcpSize = e.size;
      const el = e.element;
      window.__bench.lcpElement = el ? `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\s+/)[0] : ''}` : null;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  } catch {
    // a browser without LCP entries: the figure is reported as missing
  }
}

/** One cold load of `url` in a fresh context: JS responses, paint timings, errors. */
export async function loadOnce(browser, url, session, ready) {
  const context = await browser.newContext({ viewport: VIEWPORT, serviceWorkers: 'block' });
  try {
    await context.addInitScript(observeLcp);
    if (session) await context.addInitScript((value) => localStorage.setItem('dandelion__session', value), JSON.stringify(session));
    const page = await context.newPage();
    const bodies = new Map();
    const failed = [];
    const consoleErrors = [];
    const pageErrors = [];
    page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text().slice(0, 300)));
    page.on('pageerror', (e) => pageErrors.push(String(e.message ?? e).slice(0, 300)));
    page.on('requestfailed', (r) => failed.push(`${r.url()} ${r.failure()?.errorText ?? ''}`));
    page.on('response', (res) => {
      if (res.status() >= 400) failed.push(`${res.url()} HTTP ${res.status()}`);
      const type = res.request().resourceType();
      const contentType = res.headers()['content-type'] ?? '';
      if ((type === 'script' || /javascript/.test(contentType)) && !bodies.has(res.url())) {
        bodies.set(res.url(), res.body().then((b) => b, (err) => ({ error: err.message })));
      }
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
    js.sort((a, b) => b.rawBytes - a.rawBytes);
    const timing = await page.evaluate(async () => {
      // Observer callbacks are delivered late on a busy machine: ask once more for the buffered entries.
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
      const nav = performance.getEntriesByType('navigation')[0];
      return {
        lcp: Math.max(window.__bench?.lcp ?? -1, buffered ?? -1) >= 0 ? Math.max(window.__bench?.lcp ?? -1, buffered ?? -1) : null,
        lcpElement: window.__bench?.lcpElement ?? null,
        lcpSize: window.__bench?.lcpSize ?? null,
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        domContentLoaded: nav?.domContentLoadedEventEnd ?? null,
        load: nav?.loadEventEnd ?? null,
        title: document.title,
        // What was fetched when (ms from navigation): compare.mjs --timeline prints it.
        resources: performance.getEntriesByType('resource').map((e) => ({
          name: e.name.replace(location.origin, ''),
          start: Math.round(e.startTime),
          end: Math.round(e.responseEnd),
        })),
      };
    });
    return { js, timing, consoleErrors, pageErrors, failed };
  } finally {
    await context.close();
  }
}

const median = (xs) => {
  const v = xs.filter((x) => x != null).sort((a, b) => a - b);
  return v.length ? round(v[Math.floor((v.length - 1) / 2)], 1) : null;
};

/** The administrator's stored session (what the login page writes), from the account sign-in call. */
export async function adminSession(baseUrl) {
  const res = await fetch(`${baseUrl}/callback?client_name=myform_client`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  const body = await res.json();
  if (body.code !== '0000') throw new Error(`admin sign-in failed: ${body.msg}`);
  return { token: body.data.token, userInfo: body.data.userInfo, expiresAt: Date.now() + 3_600_000, method: 'password' };
}

async function measurePage(browser, baseUrl, { path: pagePath, signedIn, ready }) {
  const session = signedIn ? await adminSession(baseUrl) : null;
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await loadOnce(browser, baseUrl + pagePath, session, ready));
  const first = runs[0];
  const sum = (k) => first.js.reduce((a, f) => a + f[k], 0);
  const fileSets = new Set(runs.map((r) => r.js.map((f) => f.path).sort().join()));
  return {
    path: pagePath,
    runs: RUNS,
    jsFiles: first.js.length,
    rawBytes: sum('rawBytes'),
    gzipBytes: sum('gzipBytes'),
    sameFilesEveryRun: fileSets.size === 1,
    lcpMs: { median: median(runs.map((r) => r.timing.lcp)), samples: runs.map((r) => round(r.timing.lcp, 1)) },
    lcpElement: first.timing.lcpElement,
    fcpMs: median(runs.map((r) => r.timing.fcp)),
    domContentLoadedMs: median(runs.map((r) => r.timing.domContentLoaded)),
    loadMs: median(runs.map((r) => r.timing.load)),
    title: first.timing.title,
    files: first.js,
    consoleErrors: [...new Set(runs.flatMap((r) => r.consoleErrors))],
    pageErrors: [...new Set(runs.flatMap((r) => r.pageErrors))],
    failedRequests: [...new Set(runs.flatMap((r) => r.failed))],
  };
}

/** Each figure of a page against its budget: `{ figure, value, target, pass }`. A missing LCP fails. */
export function budgetChecks(page) {
  const budget = BUDGETS[page.path] ?? {};
  const checks = [];
  if (budget.gzipKB != null) {
    const value = round(page.gzipBytes / 1024, 1);
    checks.push({ figure: 'gzip KB', value, target: budget.gzipKB, pass: value <= budget.gzipKB });
  }
  if (budget.lcpMs != null) {
    const value = page.lcpMs.median;
    checks.push({ figure: 'LCP ms', value, target: budget.lcpMs, pass: value != null && value <= budget.lcpMs });
  }
  return checks;
}

const verdict = (check) => (check ? `${check.value ?? '—'} ${check.pass ? '✓' : '✗'} (≤ ${check.target})` : '—');

function printBundleTable(results) {
  const kb = (n) => round(n / 1024, 1);
  printTable(
    ['page', 'JS files', 'raw KB', 'gzip KB vs budget', 'LCP ms (median) vs budget', 'LCP samples', 'FCP ms', 'errors'],
    results.pages.map((p) => {
      const checks = p.budget ?? [];
      const gzip = checks.find((c) => c.figure === 'gzip KB');
      return [p.path, p.jsFiles, kb(p.rawBytes), gzip ? verdict(gzip) : kb(p.gzipBytes), verdict(checks.find((c) => c.figure === 'LCP ms')), p.lcpMs.samples.map((x) => x ?? '—').join(' / '), p.fcpMs, p.consoleErrors.length + p.pageErrors.length + p.failedRequests.length];
    }),
    { title: `Bundle benchmark — headless Chromium ${results.browserVersion}, ${RUNS} cold loads per page, ${VIEWPORT.width}×${VIEWPORT.height}, no throttling` },
  );
}

export async function runBundleBench() {
  if (!fs.existsSync(webIndex)) {
    throw new Error(`${path.relative(repoRoot, webIndex)} is missing: run \`node scripts/build.mjs\` first (npm run bench does it).`);
  }
  await waitForChromium();
  const indexHtml = fs.readFileSync(webIndex, 'utf8');
  const results = {
    benchmark: 'bundle',
    date: new Date().toISOString(),
    machine: machineInfo(),
    // Which build was measured: the entry script named in index.html and when that file was written.
    webBuild: { entry: /<script[^>]+src="([^"]+)"/.exec(indexHtml)?.[1] ?? null, builtAt: fs.statSync(webIndex).mtime.toISOString() },
    budgets: BUDGETS,
    pages: [],
    problems: [],
    overBudget: [],
  };
  results.machine.busyAtStart = warnIfBusy('bundle');
  const dataDir = makeTempDir('bundle');
  let server = null;
  let browser = null;
  try {
    results.machineBefore = await waitForQuiet('bundle');
    console.log('[bundle] starting the server on a fresh DATA_DIR …');
    server = await startServer({ dataDir });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    results.browserVersion = browser.version();
    for (const page of PAGES) {
      const p = page.path;
      console.log(`[bundle] loading ${p}${page.signedIn ? ' (signed in)' : ''} ×${RUNS} …`);
      const m = await measurePage(browser, server.url, page);
      m.signedIn = !!page.signedIn;
      m.budget = budgetChecks(m);
      results.pages.push(m);
      if (m.pageErrors.length) results.problems.push(`${p}: uncaught errors in the page: ${m.pageErrors.join(' | ')}`);
      if (m.failedRequests.length) results.problems.push(`${p}: failed requests: ${m.failedRequests.join(' | ')}`);
      if (m.lcpMs.median == null) results.problems.push(`${p}: no largest-contentful-paint entry (did the page render?)`);
    }
  } finally {
    if (browser) await browser.close();
    if (server) results.serverShutdown = await server.stop();
    removeDir(dataDir);
  }
  for (const p of results.pages) {
    for (const c of p.budget) if (!c.pass) results.overBudget.push(`${p.path}: ${c.figure} ${c.value ?? 'missing'} > ${c.target}`);
  }
  const file = writeResult('bundle.json', results);
  printBundleTable(results);
  for (const p of results.problems) console.warn(`[bundle] ⚠ ${p}`);
  console.log(`[bundle] wrote ${path.relative(process.cwd(), file)}`);
  if (results.overBudget.length) {
    const error = new Error(`bundle benchmark over budget:\n  ${results.overBudget.join('\n  ')}`);
    // The summary of `npm run bench` still shows the figures of a failed run.
    error.results = results;
    throw error;
  }
  return results;
}

if (isMain(import.meta.url)) {
  runBundleBench().catch((err) => {
    console.error(`\n✖ ${err.message}`);
    process.exitCode = 1;
  });
}
