#!/usr/bin/env node
// `npm run bench`: builds what is stale (scripts/build.mjs, run by the npm script), then
// every benchmark, one after the other, and a short summary. The serial-number, log-list,
// declaration, console-list and scale-out benchmarks measure PostgreSQL and run only with DATABASE_URL. Each writes its own
// bench/results/*.json; each can also run alone (node bench/api/run.mjs).
import { runApiBench } from './api/run.mjs';
import { runAssignmentBench } from './assignment/run.mjs';
import { runDeclarationsBench } from './declarations/run.mjs';
import { runBundleBench } from './bundle/run.mjs';
import { runListsBench } from './lists/run.mjs';
import { runLogsBench } from './logs/run.mjs';
import { runPortalBench } from './portal/run.mjs';
import { runRegionSeedBench } from './region-seed/run.mjs';
import { runRichTextEditorBench } from './rich-text-editor/run.mjs';
import { runScaleoutBench } from './scaleout/run.mjs';
import { runSerialBench } from './serial/run.mjs';
import { printTable, round } from './lib/report.mjs';

const outcomes = [];
let api = null;
let bundle = null;

const benches = [
  ['api', runApiBench],
  ['bundle', runBundleBench],
  ['portal', runPortalBench],
  ['rich-text-editor', runRichTextEditorBench],
  ['region-seed', runRegionSeedBench],
  ['assignment', runAssignmentBench],
  ...(process.env.DATABASE_URL ? [
        ['serial', runSerialBench],
        ['logs', runLogsBench],
        ['declarations', runDeclarationsBench],
        ['lists', runListsBench],
        ['scaleout', runScaleoutBench],
      ] : []),
];
for (const [name, run] of benches) {
  console.log(`\n=== ${name} ===`);
  try {
    const r = await run();
    if (name === 'api') api = r;
    else if (name === 'bundle') bundle = r;
    outcomes.push([name, 'ok']);
  } catch (err) {
    console.error(`\n✖ ${name}: ${err.message}`);
    if (name === 'bundle' && err.results) bundle = err.results;
    outcomes.push([name, 'FAILED']);
  }
}

/** Server RSS idle → max under load; embedded mode has targets (issue 19: ≤ 300 MB idle, ≤ 400 MB under the bench). */
function rssFigure(e) {
  const idle = e.rssMB?.idleAfterStart;
  const max = Math.max(e.b.process?.rssMB?.max ?? 0, e.d?.process?.rssMB?.max ?? 0);
  if (e.engine !== 'pglite') return `${idle} → ${max}`;
  const mark = (ok) => (ok ? '✓' : '✗');
  return `${idle} ${mark(idle <= 300)} (≤ 300) → ${max} ${mark(max <= 400)} (≤ 400)`;
}

console.log('\n=== summary ===');
if (api) {
  printTable(
    ['engine', 'healthz req/s', 'console list req/s', 'bare console req/s', 'console/bare (≥ 0.85)', 'portal list req/s (cached)', 'bare portal req/s', 'server RSS idle → max MB'],
    Object.values(api.engines).map((e) => [
      e.engine, e.a.requestsPerSec, e.d?.requestsPerSec, e.e?.requestsPerSec,
      e.ratios ? `${e.ratios.requestsPerSec_d_over_e >= 0.85 ? '✓' : '✗'} ${e.ratios.requestsPerSec_d_over_e}` : null,
      e.b.requestsPerSec, e.c?.requestsPerSec, rssFigure(e),
    ]),
    { title: 'API (bench/results/api.json)' },
  );
}
if (bundle) {
  printTable(
    ['page', 'JS files', 'raw KB', 'gzip KB', 'LCP ms', 'budget'],
    bundle.pages.map((p) => [p.path, p.jsFiles, round(p.rawBytes / 1024, 1), round(p.gzipBytes / 1024, 1), p.lcpMs.median, (p.budget ?? []).map((c) => `${c.figure} ≤ ${c.target} ${c.pass ? '✓' : '✗'}`).join(', ') || null]),
    { title: 'Bundle (bench/results/bundle.json)' },
  );
}
for (const [name, status] of outcomes) console.log(`${name}: ${status}`);
if (outcomes.some(([, s]) => s !== 'ok')) process.exitCode = 1;
