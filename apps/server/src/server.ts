import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { createJobs, type Jobs } from './plugins/jobs';
import { openFileStore } from './plugins/storage';
import { prepareDatabase, prepareOptions } from './prepare';
import { DEMO_PASSWORD, demoAccounts } from './seed/staff';
import { registerTaskHandlers } from './tasks';

const config = loadConfig();
const database = await openDatabase(config.database, config.operations.readReplica);
let running: { app: FastifyInstance; jobs: Jobs } | null = null;

let stopping = false;
/**
 * Signals are heard from the moment the database is open: the embedded server is stopped either way.
 * Behind a balancer: readiness turns 503 at once, the listener closes (new connections are refused,
 * a new request on a kept-alive connection is answered 503 and the connection closed), requests in
 * flight finish, running jobs get the same grace and what is left is handed back to the other instances.
 * Past SHUTDOWN_GRACE_SECONDS the connections still open are cut.
 */
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  const grace = config.operations.shutdownGraceSeconds;
  if (running) {
    const { app, jobs } = running;
    app.lifecycle.draining = true;
    app.log.info({ signal, graceSeconds: grace }, 'shutting down');
    const cut = setTimeout(() => app.server.closeAllConnections(), grace * 1000);
    cut.unref();
    await Promise.all([app.close(), jobs.stop(grace)]);
    clearTimeout(cut);
  }
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await prepareDatabase(database, prepareOptions(config));
  const jobs = createJobs(database, { runWorkers: config.runJobs });
  const files = await openFileStore(config.files, database);
  const app = await buildApp({ config, database, jobs, files });
  registerTaskHandlers(app);
  await jobs.start();
  await app.listen({ port: config.port, host: config.host });
  running = { app, jobs };
} catch (error) {
  // The embedded server is a daemon of its own: a start that fails stops it too.
  await database.close().catch(() => {});
  throw error;
}
const { app } = running;
const { port } = app.server.address() as AddressInfo;
const url = `http://localhost:${port}`;
console.log(`\nAction Tesa back-office: ${url}  (database: ${database.kind}, API docs: ${url}/api/docs)`);
if (config.seedDemo) {
  console.log(`Demo accounts (password ${DEMO_PASSWORD}):`);
  for (const { role, email } of demoAccounts()) console.log(`  ${role.padEnd(13)} ${email}`);
}
