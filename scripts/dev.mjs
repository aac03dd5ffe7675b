#!/usr/bin/env node
// `npm run dev`: the server in watch mode (tsx) and the Vite dev server with hot
// reload, which proxies API calls to the server.
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = { NODE_ENV: 'development', LOG_LEVEL: 'debug', ...process.env };
const children = [
  spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'watch', 'src/main.ts'], { cwd: path.join(root, 'apps/server'), env, stdio: 'inherit' }),
  spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js')], { cwd: path.join(root, 'apps/web'), env, stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) => c.on('exit', (code) => { if (code) { stop(); process.exitCode = code; } }));
