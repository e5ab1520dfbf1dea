import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { prepareDatabase } from '../../src/prepare';
import { withDatabase } from '../global-setup';
import { onPostgres } from '../harness';

const serverDir = path.resolve(import.meta.dirname, '../..');

describe('embedded database directory', () => {
  it('refuses a second opener of the same directory with a clear error, and frees it on close', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'at-lock-'));
    const dataDir = path.join(dir, 'data');
    const first = await openDatabase({ kind: 'pglite', dataDir });
    await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toThrow(/already in use by process/);
    await first.close();
    const again = await openDatabase({ kind: 'pglite', dataDir });
    await again.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('starts the server, then exits cleanly on SIGTERM and releases the directory', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'at-srv-'));
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        PORT: '0',
        DATA_DIR: path.join(dir, 'data'),
        LOG_LEVEL: 'warn',
        TEST_DATABASE_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    await expect.poll(() => out, { timeout: 60_000, interval: 200 }).toContain('Demo accounts');
    expect(out).toContain('almond-team@demo.local');
    expect(fs.existsSync(path.join(dir, 'data.lock'))).toBe(true);
    child.kill('SIGTERM');
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(0);
    expect(fs.existsSync(path.join(dir, 'data.lock'))).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  }, 90_000);
});

describe.runIf(onPostgres)('migrations on PostgreSQL (needs TEST_DATABASE_URL)', () => {
  it('run exactly once when several instances start together', async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `at_migrate_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    const instances = await Promise.all(
      Array.from({ length: 4 }, () => openDatabase({ kind: 'postgres', url: withDatabase(url, name) })),
    );
    await Promise.all(instances.map((db) => prepareDatabase(db, { seedDemo: false })));
    const db = instances[0]!;
    const migrations = await db.executeSql('select count(*)::int as n from drizzle.__drizzle_migrations');
    const roles = await db.executeSql('select count(*)::int as n from roles');
    const staff = await db.executeSql('select count(*)::int as n from staff');
    expect(migrations.rows[0]!.n).toBe(
      fs.readdirSync(path.join(serverDir, 'src/db/migrations')).filter((f) => f.endsWith('.sql')).length,
    );
    expect(roles.rows[0]!.n).toBe(11);
    // Production profile: no demo accounts.
    expect(staff.rows[0]!.n).toBe(0);
    await Promise.all(instances.map((i) => i.close()));
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });
});
