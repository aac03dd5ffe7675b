#!/usr/bin/env node
// `npm start`: build what is stale, then run the server in this same process
// (so Ctrl-C and SIGTERM reach it directly and it can shut down cleanly).
import path from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { buildAll } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
try {
  await buildAll();
} catch (err) {
  console.error(`[start] ${err.message}`);
  process.exit(1);
}
await import(pathToFileURL(path.join(root, 'apps/server/dist/main.js')).href);
