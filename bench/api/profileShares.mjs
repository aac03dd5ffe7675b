#!/usr/bin/env node
// Shares of a server's busy time in a CPU profile (node --cpu-prof, e.g. from overhead.mjs --prof):
// each sample's own frame grouped by where its code lives — a package in node_modules, Node's own
// modules, or the module of our bundle (the `// apps/server/src/…` markers esbuild writes) — and the
// heaviest functions. Idle, the garbage collector and "(program)" are listed apart.
// Usage: node bench/api/profileShares.mjs file.cpuprofile [--top 40] [--by function|module] [--skip seconds]
import fs from 'node:fs';

const [file, ...rest] = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = rest.indexOf(`--${name}`);
  return i >= 0 ? rest[i + 1] : dflt;
};
const top = Number(opt('top', 40));
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));

const bundles = new Map();
/** The module of our bundle a line falls in, from the markers esbuild writes before each module. */
function bundleModule(url, line) {
  if (!bundles.has(url)) {
    const markers = [];
    try {
      const text = fs.readFileSync(new URL(url), 'utf8').split('\n');
      text.forEach((l, i) => {
        const m = /^\/\/ ((?:\.\.\/)*(?:main\/)?(?:apps|packages)\/.+)$/.exec(l);
        if (m) markers.push([i, m[1].replace(/^(\.\.\/)+main\//, '')]);
      });
    } catch {
      /* not a file: no markers */
    }
    bundles.set(url, markers);
  }
  const markers = bundles.get(url);
  let found = '(bundle)';
  for (const [at, name] of markers) {
    if (at > line) break;
    found = name;
  }
  return found;
}

function groupOf(frame) {
  const { url, functionName, lineNumber } = frame;
  if (!url) return functionName.startsWith('(') ? functionName : `(native) ${functionName || 'anonymous'}`;
  if (url.startsWith('node:')) return url;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  if (/dist\/main[^/]*\.js$/.test(url)) return bundleModule(url, lineNumber);
  return url;
}

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
// --skip S: samples of the first S seconds (start-up) are left out.
const skipUs = Number(opt('skip', 0)) * 1e6;
const self = new Map();
let at = 0;
profile.samples.forEach((id, i) => {
  at += profile.timeDeltas[i] ?? 0;
  if (at >= skipUs) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});

const groups = new Map();
const functions = new Map();
let busy = 0;
for (const [id, us] of self) {
  const node = byId.get(id);
  const group = groupOf(node.callFrame);
  groups.set(group, (groups.get(group) ?? 0) + us);
  const fn = `${node.callFrame.functionName || '(anonymous)'} ${group}:${node.callFrame.lineNumber + 1}`;
  functions.set(fn, (functions.get(fn) ?? 0) + us);
  if (group !== '(idle)') busy += us;
}
const print = (title, map) => {
  console.log(`\n${title} (share of busy time, ${Math.round(busy / 1000)} ms busy)`);
  for (const [name, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    if (name === '(idle)') continue;
    console.log(`${((us / busy) * 100).toFixed(1).padStart(5)} %  ${name}`);
  }
};
print(opt('by', 'module') === 'function' ? 'functions' : 'where', opt('by', 'module') === 'function' ? functions : groups);
if (opt('by', 'module') !== 'function') print('functions', functions);
