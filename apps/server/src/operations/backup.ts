import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { acquireDataDirLock } from '../db/data-dir-lock';
import { runAsUser, runningServerUrl, startEmbeddedPostgres } from '../db/embedded-postgres';

/**
 * Backups of the embedded database by PostgreSQL's low-level base backup API ("Making a Base Backup
 * Using the Low Level API" in its manual): `pg_backup_start`, a file copy of the cluster,
 * `pg_backup_stop`, then the WAL written meanwhile; the bundled binaries have no pg_dump or
 * pg_basebackup. The copy is taken while the app runs and is consistent as of the stop. Files kept
 * in the database (FILE_STORAGE=postgres) are in it like every other table.
 *
 * A backup directory:
 *   postgres/        the cluster's files, its backup_label, and pg_wal/ with the WAL to replay
 *   postgres.secret  the cluster's superuser password
 *   backup.json      when, from which LSN to which, of which PostgreSQL version
 */

export interface BackupManifest {
  label: string;
  takenAt: string;
  startLsn: string;
  stopLsn: string;
  postgresVersion: string;
}

/** What the manual says to leave out of the copy: rebuilt or meaningless on a restored server. */
const SKIPPED_FILES = new Set([
  'postmaster.pid',
  'postmaster.opts',
  'backup_label',
  'tablespace_map',
  'pg_internal.init',
]);
const EMPTIED_DIRECTORIES = new Set([
  'pg_wal',
  'pg_replslot',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
]);
const WAL_SEGMENT = /^[0-9A-F]{24}$/;

/** Copies a cluster's files; a file removed while copying is not needed (the WAL says so). */
function copyTree(from: string, to: string, top = true) {
  fs.mkdirSync(to, { recursive: true, mode: 0o700 });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const name = entry.name;
    // The server's Unix socket and its lock file live in the cluster's directory.
    if (SKIPPED_FILES.has(name) || name.startsWith('.s.PGSQL.') || name.startsWith('pgsql_tmp')) continue;
    const source = path.join(from, name);
    const target = path.join(to, name);
    if (entry.isDirectory()) {
      if (top && EMPTIED_DIRECTORIES.has(name)) fs.mkdirSync(target, { mode: 0o700 });
      else copyTree(source, target, false);
    } else if (entry.isFile()) {
      try {
        fs.copyFileSync(source, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
  }
}

function refuseNonEmpty(dir: string, what: string) {
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0)
    throw new Error(`${dir} is not empty: ${what} goes into a new or empty directory`);
}

/**
 * Backs up the embedded cluster of `dataDir` into `target`, through the server that runs on it (the
 * app's), or one started for the purpose when none runs.
 */
export async function backupEmbedded(dataDir: string, target: string): Promise<BackupManifest> {
  const cluster = path.join(dataDir, 'postgres');
  if (!fs.existsSync(path.join(cluster, 'PG_VERSION')))
    throw new Error(`${dataDir} holds no embedded database`);
  refuseNonEmpty(target, 'a backup');
  let url = runningServerUrl(dataDir);
  let stop = async () => {};
  if (!url) {
    const release = acquireDataDirLock(dataDir);
    const server = await startEmbeddedPostgres(dataDir).catch((error) => {
      release();
      throw error;
    });
    url = server.url;
    stop = async () => {
      await server.stop();
      release();
    };
  }
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const label = `backup-${new Date().toISOString()}`;
    // A temporary slot keeps the WAL from here on until this session ends, whatever checkpoints run
    // during the copy (what pg_basebackup does too).
    await client.query('select pg_create_physical_replication_slot($1, true, true)', [
      `backup_${randomBytes(6).toString('hex')}`,
    ]);
    const started = await client.query<{ lsn: string }>('select pg_backup_start($1, true)::text as lsn', [
      label,
    ]);
    const copy = path.join(target, 'postgres');
    copyTree(cluster, copy);
    const stopped = await client.query<{ lsn: string; labelfile: string; spcmapfile: string }>(
      'select lsn::text, labelfile, spcmapfile from pg_backup_stop(false)',
    );
    const { lsn: stopLsn, labelfile, spcmapfile } = stopped.rows[0]!;
    fs.writeFileSync(path.join(copy, 'backup_label'), labelfile);
    if (spcmapfile) fs.writeFileSync(path.join(copy, 'tablespace_map'), spcmapfile);
    // pg_backup_stop has switched to a new segment: the WAL up to stopLsn is in the segments now present.
    fs.mkdirSync(path.join(copy, 'pg_wal', 'archive_status'), { recursive: true, mode: 0o700 });
    for (const name of fs.readdirSync(path.join(cluster, 'pg_wal')))
      if (WAL_SEGMENT.test(name) || name.endsWith('.history'))
        fs.copyFileSync(path.join(cluster, 'pg_wal', name), path.join(copy, 'pg_wal', name));
    fs.copyFileSync(path.join(dataDir, 'postgres.secret'), path.join(target, 'postgres.secret'));
    const version = await client.query<{ v: string }>('show server_version');
    const manifest: BackupManifest = {
      label,
      takenAt: new Date().toISOString(),
      startLsn: started.rows[0]!.lsn,
      stopLsn,
      postgresVersion: version.rows[0]!.v,
    };
    fs.writeFileSync(path.join(target, 'backup.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    return manifest;
  } finally {
    await client.end().catch(() => {});
    await stop();
  }
}

/**
 * Restores a backup into `dataDir`, which must hold no database yet, and starts it once: PostgreSQL
 * replays the backup's WAL up to its stop point (the backup_label says from where), then stops.
 * The app then starts on that DATA_DIR as on any other (with the ENCRYPTION_KEY it had).
 */
export async function restoreEmbedded(source: string, dataDir: string): Promise<BackupManifest> {
  const manifestFile = path.join(source, 'backup.json');
  if (!fs.existsSync(manifestFile) || !fs.existsSync(path.join(source, 'postgres', 'backup_label')))
    throw new Error(`${source} is not a backup made by npm run backup (no backup.json or backup_label)`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as BackupManifest;
  if (fs.existsSync(path.join(dataDir, 'postgres', 'PG_VERSION')))
    throw new Error(
      `${dataDir} already holds a database: restore into a new DATA_DIR (or move this one aside first)`,
    );
  fs.mkdirSync(dataDir, { recursive: true });
  const release = acquireDataDirLock(dataDir);
  try {
    const cluster = path.join(dataDir, 'postgres');
    fs.rmSync(cluster, { recursive: true, force: true });
    copyTree(path.join(source, 'postgres'), cluster);
    // copyTree leaves what it empties: the backup's own pg_wal is what recovery needs.
    fs.cpSync(path.join(source, 'postgres', 'pg_wal'), path.join(cluster, 'pg_wal'), { recursive: true });
    fs.copyFileSync(path.join(source, 'postgres.secret'), path.join(dataDir, 'postgres.secret'));
    fs.chmodSync(path.join(dataDir, 'postgres.secret'), 0o600);
    fs.copyFileSync(path.join(source, 'postgres', 'backup_label'), path.join(cluster, 'backup_label'));
    const tablespaceMap = path.join(source, 'postgres', 'tablespace_map');
    if (fs.existsSync(tablespaceMap)) fs.copyFileSync(tablespaceMap, path.join(cluster, 'tablespace_map'));
    const user = await runAsUser();
    if (user.uid !== undefined) chownTree(cluster, user.uid, user.gid!);
    fs.chmodSync(cluster, 0o700);
    const server = await startEmbeddedPostgres(dataDir);
    await server.stop();
    return manifest;
  } finally {
    release();
  }
}

function chownTree(dir: string, uid: number, gid: number) {
  fs.chownSync(dir, uid, gid);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) chownTree(p, uid, gid);
    else fs.chownSync(p, uid, gid);
  }
}
