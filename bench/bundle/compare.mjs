#!/usr/bin/env node
// Two (or more) web builds side by side: each served by its own server (WEB_DIST_DIR), one page
// loaded cold from each in turn, so that the load of a shared machine weighs on both alike.
//   node bench/bundle/compare.mjs <dist-a> <dist-b> [--page=/home] [--rounds=7] [--timeline]
// A build may name its own server bundle, `<dist>@<server.js>` (e.g. an older commit's server built beside
// apps/server/dist/main.js), to compare server changes too; otherwise the built server serves each.
// Prints the LCP and FCP samples and medians per build; --timeline also prints, for the first load
// of each build, when each script and call started and ended (ms from navigation).
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { chromium } from 'playwright-core';
import { ADMIN_PASSWORD, childEnv, makeTempDir, removeDir, spawnNode } from '../lib/server.mjs';
import { freePort, waitForHttp200 } from '../lib/net.mjs';
import { serverEntry } from '../lib/paths.mjs';
import { CHROMIUM, CHROMIUM_ARGS, adminSession, loadOnce } from './run.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const builds = args
  .filter((a) => !a.startsWith('--'))
  .map((a) => {
    const [dist, server] = a.split('@');
    return { dist: path.resolve(dist), server: server ? path.resolve(server) : serverEntry };
  });
const dists = builds.map((b) => b.dist);
const pagePath = option('page', '/home');
const rounds = Number(option('rounds', '7'));
const showTimeline = args.includes('--timeline');
const READY = { '/home': '.dl-console-home', '/login': 'form' };

if (dists.length < 1 || dists.some((d) => !fs.existsSync(path.join(d, 'index.html')))) {
  console.error('usage: node bench/bundle/compare.mjs <dist-a> <dist-b> … [--page=/home] [--rounds=7] [--timeline]');
  process.exit(2);
}

async function serve({ dist, server }) {
  const dataDir = makeTempDir('bundle-compare');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = childEnv({ HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', ADMIN_PASSWORD, TWO_FACTOR_REQUIRED_FOR_ADMINS: 'false', WEB_DIST_DIR: dist });
  const proc = spawnNode([server], { env });
  await waitForHttp200(`${url}/healthz`, { timeoutMs: 90_000, isAlive: proc.isRunning });
  return { dist, url, dataDir, proc };
}

const median = (xs) => {
  const v = xs.filter((x) => x != null).sort((a, b) => a - b);
  return v.length ? Math.round(v[Math.floor((v.length - 1) / 2)]) : null;
};

const servers = [];
let browser;
try {
  for (const build of builds) servers.push(await serve(build));
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const signedIn = pagePath === '/home';
  const sessions = await Promise.all(servers.map((s) => (signedIn ? adminSession(s.url) : null)));
  const samples = servers.map(() => []);
  const loadBefore = os.loadavg()[0];
  for (let r = 0; r < rounds + 1; r++) {
    for (let i = 0; i < servers.length; i++) {
      // Alternate which build goes first, so neither always follows the other.
      const k = r % 2 ? servers.length - 1 - i : i;
      const run = await loadOnce(browser, servers[k].url + pagePath, sessions[k], READY[pagePath]);
      if (run.pageErrors.length || run.failed.length) console.warn(`[compare] ${servers[k].dist}: ${[...run.pageErrors, ...run.failed].join(' | ')}`);
      // The first round warms the servers (and the disk cache) and is not counted.
      if (r > 0) samples[k].push(run);
      if (r === 1 && showTimeline) {
        console.log(`\n${servers[k].dist}: LCP ${Math.round(run.timing.lcp)} (${run.timing.lcpElement}), FCP ${Math.round(run.timing.fcp)}, DCL ${Math.round(run.timing.domContentLoaded)}`);
        for (const e of run.timing.resources) console.log(`  ${String(e.start).padStart(5)} → ${String(e.end).padStart(5)}  ${e.name}`);
      }
    }
  }
  console.log(`\n${pagePath}, ${rounds} alternating cold loads per build, load average ${loadBefore.toFixed(1)} → ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} CPUs`);
  servers.forEach((s, k) => {
    const lcp = samples[k].map((x) => x.timing.lcp);
    const fcp = samples[k].map((x) => x.timing.fcp);
    console.log(`${s.dist}\n  LCP median ${median(lcp)} ms  [${lcp.map((x) => Math.round(x)).join(' ')}]  FCP median ${median(fcp)}  element ${samples[k][0]?.timing.lcpElement}`);
  });
} finally {
  if (browser) await browser.close();
  for (const s of servers) {
    await s.proc.stop();
    removeDir(s.dataDir);
  }
}
