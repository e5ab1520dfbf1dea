import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { serverLog } from './server-log';

const PORT = Number(process.env.E2E_PORT ?? 3100);
// One name for the run, inherited by the workers: the saved sign-ins of helpers.ts live under it.
process.env.E2E_RUN ??= `${process.pid}-${Date.now()}`;
/** A fresh embedded database per run: the demo profile seeds it on start. */
const dataDir = path.join(os.tmpdir(), `at-e2e-${process.env.E2E_RUN}`);

/**
 * Specs that change nothing another spec could see: they run first, on several workers at once. The rest
 * change data (records, roles, passwords, sessions) and then run one at a time, as every spec once did.
 */
const READ_ONLY = [
  'pages',
  'sidebar',
  'not-allowed',
  'charts',
  'invoices',
  'list-empty',
  'route-loader',
  'offline',
  'punch-history',
  'shell',
].map((name) => `${name}.spec.ts`);

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // One app on one embedded database for every worker; only the read-only project uses more than one.
  workers: Number(process.env.E2E_WORKERS ?? 3),
  projects: [
    { name: 'read-only', testMatch: READ_ONLY, fullyParallel: true },
    { name: 'changes-data', testIgnore: READ_ONLY, dependencies: ['read-only'], workers: 1 },
  ],
  retries: 0,
  reporter: process.env.TEST_REPORT_DIR
    ? [
        ['list'],
        ['json', { outputFile: path.join(process.env.TEST_REPORT_DIR, 'playwright.json') }],
        ['./count-assertions.ts'],
      ]
    : [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    acceptDownloads: true,
    trace: 'off',
  },
  webServer: {
    command: `npm run start -w apps/server > "${serverLog(PORT)}"`,
    cwd: '..',
    url: `http://localhost:${PORT}/api/health`,
    timeout: 300_000,
    reuseExistingServer: false,
    // SIGTERM lets the server stop its embedded PostgreSQL (a SIGKILL would leave it running).
    gracefulShutdown: { signal: 'SIGTERM', timeout: 60_000 },
    // Browser tests sign in dozens of times a minute from one address; the limit has its own server test.
    env: { PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'info', LOGIN_RATE_LIMIT: '10000' },
  },
});
