import path from 'node:path';
import { loadConfig } from '../config';
import { backupEmbedded } from '../operations/backup';

/**
 * `npm run backup -- <dir>`: a base backup of the embedded database (DATA_DIR) into a new directory,
 * taken while the app runs (operations/backup.ts). With DATABASE_URL, backups are the database
 * service's (README, "Backups").
 */
const target = process.argv[2];
if (!target) {
  console.error('Usage: npm run backup -- <new directory>');
  process.exit(2);
}
// npm's own variable, not configuration: `npm run` runs in the repository root, paths are the caller's.
const { INIT_CWD: calledFrom = process.cwd() } = process.env;
const config = loadConfig();
if (config.database.kind !== 'embedded') {
  console.error(
    'npm run backup is for the embedded database; with DATABASE_URL, use the database service\'s snapshots or point-in-time recovery (README, "Backups")',
  );
  process.exit(2);
}
const manifest = await backupEmbedded(config.database.dataDir, path.resolve(calledFrom, target));
console.log(
  `Backed up ${config.database.dataDir} to ${path.resolve(calledFrom, target)} (WAL ${manifest.startLsn} to ${manifest.stopLsn}, PostgreSQL ${manifest.postgresVersion})`,
);
