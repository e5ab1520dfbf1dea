import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { createJobs } from './plugins/jobs';
import { databaseFileStore } from './plugins/storage';
import { prepareDatabase, prepareOptions } from './prepare';
import { DEMO_PASSWORD, demoAccounts } from './seed/staff';
import { registerTaskHandlers } from './tasks';

const config = loadConfig();
const database = await openDatabase(config.database);
await prepareDatabase(database, prepareOptions(config));
const jobs = createJobs(database, { runWorkers: config.runJobs });
const files = databaseFileStore(database);
const app = await buildApp({ config, database, jobs, files });
registerTaskHandlers(app);
await jobs.start();

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await jobs.stop();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const url = `http://localhost:${config.port}`;
console.log(`\nAction Tesa back-office: ${url}  (database: ${database.kind}, API docs: ${url}/api/docs)`);
if (config.seedDemo) {
  console.log(`Demo accounts (password ${DEMO_PASSWORD}):`);
  for (const { role, email } of demoAccounts()) console.log(`  ${role.padEnd(13)} ${email}`);
}
