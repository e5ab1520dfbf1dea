/**
 * A background-work instance in a process of its own, so that a test can kill it as a crash would
 * (SIGKILL: no clean-up runs). Opens the PostgreSQL database of DATABASE_URL and prints "ready".
 */
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { createJobs } from '../src/plugins/jobs';
import { databaseFileStore } from '../src/plugins/storage';
import { registerTaskHandlers } from '../src/tasks';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required');
const database = await openDatabase({ kind: 'postgres', url });
// Short recovery times: the test waits for a resumption, not for a minute.
const jobs = createJobs(database, {
  runWorkers: true,
  pollingSeconds: 0.5,
  recovery: { heartbeatSeconds: 1, staleSeconds: 3, sweepSeconds: 1 },
});
const config = { ...loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: url, SEED_DEMO: '1' }), seedDemo: true };
const app = await buildApp({ config, database, jobs, files: databaseFileStore(database), logger: false });
registerTaskHandlers(app);
await jobs.start();
console.log('ready');
