import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * Browser journeys in Debian's Chromium (nothing downloads a browser), against
 * the built server on a free port with a fresh data directory.
 */
const port =
  process.env.E2E_PORT ??
  execFileSync(process.execPath, ['-e', "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"])
    .toString()
    .trim();
process.env.E2E_PORT = port; // workers re-read this config; keep one server
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'dandelion-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
export const E2E_ADMIN_PASSWORD = 'Admin@2026!';

export default defineConfig({
  testDir: './e2e',
  outputDir: './e2e/artifacts/results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    // The journeys are a user who prefers reduced motion: dialogs, drawers, menus and dropdowns appear at once
    // (components/antd/reducedMotion.ts), so a click never meets an element that is still zooming or sliding
    // into place. console.spec keeps the motion on and waits for it where it clicks.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    command: 'node apps/server/dist/main.js',
    url: `http://127.0.0.1:${port}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    // Two-factor is required of administrators by default; the journeys sign the seeded admin in with a password
    // (e2e/two-factor.spec.ts enrols an administrator of its own).
    env: { PORT: port, HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_PASSWORD: E2E_ADMIN_PASSWORD, LOG_LEVEL: 'warn', TWO_FACTOR_REQUIRED_FOR_ADMINS: 'false' },
    // The server logs at warn and above here: a 5xx in a journey leaves its error and stack in the CI log.
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
