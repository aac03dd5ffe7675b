#!/usr/bin/env node
// Builds what is not built (or is older than its sources): the web app with Vite
// and the server bundle with esbuild. `--force` rebuilds both.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rel = (...p) => path.join(root, ...p);

function newestMtime(paths) {
  let newest = 0;
  const walk = (p) => {
    if (!fs.existsSync(p)) return;
    const st = fs.statSync(p);
    if (st.isDirectory()) {
      for (const entry of fs.readdirSync(p)) if (entry !== 'node_modules' && entry !== 'dist') walk(path.join(p, entry));
    } else newest = Math.max(newest, st.mtimeMs);
  };
  paths.forEach(walk);
  return newest;
}

function isStale(stampFile, sources) {
  if (!fs.existsSync(stampFile)) return true;
  return newestMtime(sources) > fs.statSync(stampFile).mtimeMs;
}

export async function buildWeb({ force = false } = {}) {
  const stamp = rel('apps/web/dist/index.html');
  const sources = [rel('apps/web/src'), rel('apps/web/index.html'), rel('apps/web/vite.config.ts'), rel('apps/web/public'), rel('packages/shared/src')];
  if (!force && !isStale(stamp, sources)) return false;
  console.log('[build] 正在构建前端 (vite) …');
  const res = spawnSync(process.execPath, [rel('node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: rel('apps/web'), stdio: 'inherit' });
  if (res.status !== 0) throw new Error('前端构建失败');
  return true;
}

export async function buildServer({ force = false } = {}) {
  const out = rel('apps/server/dist/main.js');
  const sources = [rel('apps/server/src'), rel('packages/shared/src')];
  if (!force && !isStale(out, sources)) return false;
  console.log('[build] 正在构建服务端 (esbuild) …');
  const { build } = await import('esbuild');
  const manifest = JSON.parse(fs.readFileSync(rel('apps/server/package.json'), 'utf8'));
  // Registry packages stay in node_modules; our own workspace source is bundled.
  const external = Object.keys({ ...manifest.dependencies, zod: '' })
    .filter((name) => !name.startsWith('@dandelion/'))
    .flatMap((name) => [name, `${name}/*`]);
  await build({
    entryPoints: [rel('apps/server/src/main.ts')],
    outfile: out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    external,
    logLevel: 'warning',
  });
  return true;
}

export async function buildAll({ force = false } = {}) {
  await buildWeb({ force });
  await buildServer({ force });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  try {
    await buildAll({ force: process.argv.includes('--force') });
  } catch (err) {
    console.error(`[build] ${err.message}`);
    process.exit(1);
  }
}
