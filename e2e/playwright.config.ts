import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { serverLog } from './server-log';

const PORT = Number(process.env.E2E_PORT ?? 3100);
/** The second app, on its own embedded database, for the second half of the specs that change data. */
const SECOND_PORT = PORT + 100;
// One name for the run, inherited by the workers: the saved sign-ins of helpers.ts live under it.
process.env.E2E_RUN ??= `${process.pid}-${Date.now()}`;
/** A fresh embedded database per run: the demo profile seeds it on start. */
const dataDir = (port: number) => path.join(os.tmpdir(), `at-e2e-${process.env.E2E_RUN}-${port}`);

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

/**
 * Specs that change data run one at a time per app, so they are split over two apps with a database
 * each: these run on the second app, every other one (a new spec too) on the first. The halves were
 * balanced by the specs' durations in CI.
 */
const ON_SECOND_APP = [
  'member-phone',
  'console',
  'fraud-cluster',
  'reports',
  'update-password',
  'members',
  'locator',
  'roles',
  'projects-feedback',
  'field',
  'caps-limits',
  'sign-in',
  'scheme-points-upload',
  'schemes',
  'messaging',
  // It reads the demo's Hindi terms, which content.spec (on the first app) replaces.
  'member-i18n',
].map((name) => `${name}.spec.ts`);

const app = (port: number) => ({
  command: `npm run start -w apps/server > "${serverLog(port)}"`,
  cwd: '..',
  url: `http://localhost:${port}/api/health`,
  timeout: 300_000,
  reuseExistingServer: false,
  // SIGTERM lets the server stop its embedded PostgreSQL (a SIGKILL would leave it running).
  gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 60_000 },
  // Browser tests sign in dozens of times a minute from one address; the limit has its own server test.
  env: { PORT: String(port), DATA_DIR: dataDir(port), LOG_LEVEL: 'info', LOGIN_RATE_LIMIT: '10000' },
});

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // The read-only specs share the first app on several workers; each app then takes one data-changing spec at a time.
  workers: Number(process.env.E2E_WORKERS ?? 3),
  projects: [
    { name: 'read-only', testMatch: READ_ONLY, fullyParallel: true },
    {
      name: 'changes-data',
      testIgnore: [...READ_ONLY, ...ON_SECOND_APP],
      dependencies: ['read-only'],
      workers: 1,
    },
    {
      name: 'changes-data-second-app',
      testMatch: ON_SECOND_APP,
      dependencies: ['read-only'],
      workers: 1,
      use: { baseURL: `http://localhost:${SECOND_PORT}` },
    },
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
  webServer: [app(PORT), app(SECOND_PORT)],
});
