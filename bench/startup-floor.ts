/**
 * The floor of a start (bench/startup.ts): the product's own configuration and database opening
 * (embedded PostgreSQL started, or the pool's first connection), then a bare Fastify server answering
 * /api/health. Bundled and run as plain JavaScript, as the product is.
 */
import Fastify from 'fastify';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';

const config = loadConfig();
const database = await openDatabase(config.database);
const app = Fastify();
app.get('/api/health', async () => ({ status: 'ok' }));
process.on('SIGTERM', async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
await app.listen({ port: config.port, host: config.host });
