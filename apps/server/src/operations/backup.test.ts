import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client';
import { stopEmbeddedPostgres } from '../db/embedded-postgres';
import { databaseFileStore } from '../plugins/storage';
import { prepareDatabase } from '../prepare';
import { backupEmbedded, restoreEmbedded } from './backup';

/** Starting, seeding and recovering clusters on a loaded machine. */
const SLOW = 300_000;

/** A directory the `postgres` user can enter (mkdtemp's are 0700): the embedded server runs as it under root. */
const scratch = path.join(os.tmpdir(), `at-backup-${process.pid}-${randomBytes(3).toString('hex')}`);
fs.mkdirSync(scratch, { recursive: true, mode: 0o755 });
const original = path.join(scratch, 'original');
const restored = path.join(scratch, 'restored');
const backup = path.join(scratch, 'backup');

afterAll(async () => {
  for (const dir of [original, restored]) await stopEmbeddedPostgres(dir).catch(() => {});
  fs.rmSync(scratch, { recursive: true, force: true });
}, SLOW);

/** One checksum per table of every schema the app owns: its rows as text, in a fixed order. */
async function tableChecksums(database: Database): Promise<Record<string, string>> {
  const tables = await database.executeSql(
    `select format('%I.%I', schemaname, tablename) as name from pg_tables
     where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
  );
  const sums: Record<string, string> = {};
  for (const { name } of tables.rows as { name: string }[]) {
    const { rows } = await database.executeSql(
      `select md5(coalesce(string_agg(t::text, e'\\n' order by t::text), '')) as sum, count(*)::int as n from ${name} t`,
    );
    sums[name] = `${rows[0]!.n}:${rows[0]!.sum}`;
  }
  return sums;
}

describe('npm run backup / npm run restore (embedded profile)', () => {
  it(
    'backs up a running demo database with its files and restores it into a fresh directory, every table equal',
    async () => {
      const source = await openDatabase({ kind: 'embedded', dataDir: original });
      let before: Record<string, string>;
      const content = randomBytes(600 * 1024);
      let fileId: number;
      try {
        await prepareDatabase(source, { seedDemo: true });
        fileId = (
          await databaseFileStore(source).save(
            { name: 'kyc.jpg', contentType: 'image/jpeg', purpose: 'kyc_image', owner: 'system' },
            content,
          )
        ).id;
        // Taken while the server runs, as beside the app.
        const manifest = await backupEmbedded(original, backup);
        expect(manifest.stopLsn).toMatch(/^[0-9A-F]+\/[0-9A-F]+$/);
        before = await tableChecksums(source);
        // What happens after the backup is not in it.
        await source.executeSql("update staff set name = 'after the backup'");
      } finally {
        await source.close();
      }
      expect(Object.keys(before).length).toBeGreaterThan(50);
      expect(before['public.file_chunks']).not.toMatch(/^0:/);

      await expect(restoreEmbedded(backup, original)).rejects.toThrow(/already holds a database/);
      await restoreEmbedded(backup, restored);
      const copy = await openDatabase({ kind: 'embedded', dataDir: restored });
      try {
        expect(await tableChecksums(copy)).toEqual(before);
        const chunks: Buffer[] = [];
        for await (const c of databaseFileStore(copy).open(fileId)) chunks.push(Buffer.from(c));
        expect(Buffer.concat(chunks).equals(content)).toBe(true);
      } finally {
        await copy.close();
      }
    },
    SLOW,
  );
});
