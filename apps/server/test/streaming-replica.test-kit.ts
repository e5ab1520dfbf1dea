import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/** The machine's PostgreSQL 15 (Debian's postgresql-15): the replica needs pg_basebackup, which the embedded binaries lack. */
export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/** PostgreSQL refuses to run as root: as root, its binaries run as the `postgres` system user. */
async function asUser(): Promise<{ uid?: number; gid?: number }> {
  if (process.getuid?.() !== 0) return {};
  return {
    uid: Number((await run('id', ['-u', 'postgres'])).stdout),
    gid: Number((await run('id', ['-g', 'postgres'])).stdout),
  };
}

export interface StreamingPair {
  primaryUrl: string;
  replicaUrl: string;
  /** Runs SQL on the replica as its superuser (pause or resume replay, look at what it holds). */
  onReplica(text: string): Promise<Record<string, unknown>[]>;
  /** Waits until the replica has replayed everything the primary has written so far. */
  caughtUp(): Promise<void>;
  stopReplica(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A primary of its own (wal_level=replica) and a streaming replica made from it by
 * `pg_basebackup -R`, each on a free loopback port, in one temporary directory; `stop` ends both
 * and removes it.
 */
export async function startStreamingPair(): Promise<StreamingPair> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'replica-test-'));
  const user = await asUser();
  if (user.uid !== undefined) fs.chownSync(dir, user.uid, user.gid!);
  const bin = (name: string) => path.join(PG_BIN, name);
  const as = (file: string, args: string[]) =>
    run(bin(file), args, { ...user, cwd: dir, env: { ...process.env, LC_ALL: 'C' } });
  const primary = path.join(dir, 'primary');
  const replica = path.join(dir, 'replica');
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const settings = (port: number) =>
    `-c port=${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories='' -c fsync=off -c wal_level=replica -c max_wal_senders=4 -c hot_standby=on`;
  const started: string[] = [];
  const stopCluster = (data: string) =>
    as('pg_ctl', ['stop', '-w', '-t', '60', '-m', 'immediate', '-D', data]).catch(() => {});
  const stop = async () => {
    for (const data of started.splice(0).reverse()) await stopCluster(data);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await as('initdb', ['-D', primary, '-U', 'root', '--auth=trust', '--no-sync', '-E', 'UTF8']);
    await as('pg_ctl', [
      'start',
      '-w',
      '-t',
      '120',
      '-D',
      primary,
      '-l',
      `${primary}.log`,
      '-o',
      settings(primaryPort),
    ]);
    started.push(primary);
    await as('pg_basebackup', [
      '-D',
      replica,
      '-R',
      '-X',
      'stream',
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'root',
    ]);
    await as('pg_ctl', [
      'start',
      '-w',
      '-t',
      '120',
      '-D',
      replica,
      '-l',
      `${replica}.log`,
      '-o',
      settings(replicaPort),
    ]);
    started.push(replica);
  } catch (error) {
    await stop();
    throw error;
  }
  const primaryUrl = `postgres://root@127.0.0.1:${primaryPort}/postgres`;
  const replicaUrl = `postgres://root@127.0.0.1:${replicaPort}/postgres`;
  const query = async (url: string, text: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(text)).rows as Record<string, unknown>[];
    } finally {
      await client.end();
    }
  };
  return {
    primaryUrl,
    replicaUrl,
    onReplica: (text) => query(replicaUrl, text),
    async caughtUp() {
      const [{ lsn }] = (await query(primaryUrl, 'select pg_current_wal_lsn()::text as lsn')) as [
        { lsn: string },
      ];
      for (let i = 0; i < 600; i++) {
        const [row] = await query(replicaUrl, `select pg_last_wal_replay_lsn() >= '${lsn}'::pg_lsn as done`);
        if (row!.done) return;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('the replica did not catch up within a minute');
    },
    async stopReplica() {
      const i = started.indexOf(replica);
      if (i >= 0) started.splice(i, 1);
      await stopCluster(replica);
    },
    stop,
  };
}
