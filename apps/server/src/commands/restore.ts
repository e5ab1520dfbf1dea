import path from 'node:path';
import { loadConfig } from '../config';
import { restoreEmbedded } from '../operations/backup';

/**
 * `npm run restore -- <dir>`: restores a backup of `npm run backup` into DATA_DIR, which must hold
 * no database yet (operations/backup.ts); the app then starts on it.
 */
const source = process.argv[2];
if (!source) {
  console.error('Usage: DATA_DIR=<new directory> npm run restore -- <backup directory>');
  process.exit(2);
}
// npm's own variable, not configuration: `npm run` runs in the repository root, paths are the caller's.
const { INIT_CWD: calledFrom = process.cwd() } = process.env;
const config = loadConfig();
if (config.database.kind !== 'embedded') {
  console.error('npm run restore is for the embedded database: unset DATABASE_URL and name the new DATA_DIR');
  process.exit(2);
}
const manifest = await restoreEmbedded(path.resolve(calledFrom, source), config.database.dataDir);
console.log(
  `Restored the backup of ${manifest.takenAt} into ${config.database.dataDir}; start the app with DATA_DIR=${config.database.dataDir}`,
);
