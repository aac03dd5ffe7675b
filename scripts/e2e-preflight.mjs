#!/usr/bin/env node
// Before the browser journeys: they need Debian's Chromium and a CJK font (without one, Chinese
// renders as boxes). Install them when this process may (root with apt-get), as .ci/run does;
// otherwise stop at once with the command to run, instead of a wall of browser-launch failures.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function hasCjkFont() {
  try {
    return /Noto Sans CJK/i.test(execFileSync('fc-list', { encoding: 'utf8' }));
  } catch {
    return false;
  }
}

const missing = [];
if (!fs.existsSync(chromium)) missing.push('chromium');
if (!hasCjkFont()) missing.push('fonts-noto-cjk');
if (missing.length === 0) process.exit(0);

const command = `apt-get install -y ${missing.join(' ')}`;
const canInstall = process.getuid?.() === 0 && spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
if (!canInstall) {
  console.error(`[e2e] 浏览器测试需要 ${missing.join(' 和 ')}，请先安装：sudo ${command}`);
  process.exit(1);
}
console.log(`[e2e] 正在安装浏览器测试所需的 ${missing.join('、')}（${command}）…`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
for (const args of [['update', '-qq'], ['install', '-y', '-qq', ...missing]]) {
  // apt and dpkg are chatty; their output is shown only when something goes wrong.
  const result = spawnSync('apt-get', args, { encoding: 'utf8', env, maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) {
    console.error(`${result.stdout ?? ''}${result.stderr ?? ''}`.split('\n').slice(-30).join('\n'));
    console.error(`[e2e] 安装失败，请手动运行：${command}`);
    process.exit(1);
  }
}
console.log('[e2e] 安装完成');
