import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { startS3Server } from '../../test/s3-server';
import { type Bucket, s3Bucket } from '../plugins/s3-bucket';
import { fileStore, OBJECT_PREFIX, objectKey } from '../plugins/storage';
import { moveFiles } from './file-move';

let t: TestApp;
let s3: Awaited<ReturnType<typeof startS3Server>>;
let bucket: Bucket;
beforeAll(async () => {
  s3 = await startS3Server();
  bucket = s3Bucket(s3.config);
  // The app writes to the database and reads wherever each file is, as during a move.
  t = await createTestApp({ files: (database) => fileStore(database, { writeTo: 'postgres', bucket }) });
});
afterAll(async () => {
  await t?.close();
  bucket?.destroy();
  await s3?.close();
});

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
async function bytesOf(stream: AsyncIterable<Buffer | Uint8Array>) {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks);
}
const sql = async (text: string, values: unknown[] = []) => (await t.database.executeSql(text, values)).rows;
const locations = async () =>
  Object.fromEntries(
    (await sql("select location, count(*)::int as n from files where status = 'ready' group by 1")).map(
      (r) => [r.location, r.n],
    ),
  );
async function objects() {
  const keys: string[] = [];
  for await (const key of bucket.keys(OBJECT_PREFIX)) keys.push(key);
  return keys;
}
async function expectAllReadable(contents: Map<number, Buffer>) {
  for (const [id, content] of contents)
    expect((await bytesOf(t.app.files.open(id))).equals(content)).toBe(true);
}

describe('npm run files:move', () => {
  const contents = new Map<number, Buffer>();

  it('moves every file to the bucket, goes on after an interruption, and refuses a copy whose SHA-256 differs', async () => {
    for (let i = 0; i < 6; i++) {
      const content = randomBytes(i === 0 ? 700 * 1024 : 1000 + i);
      const saved = await t.app.files.save(
        { name: `f${i}.bin`, contentType: 'application/octet-stream', purpose: 'report', owner: 'system' },
        content,
      );
      contents.set(saved.id, content);
    }
    const all = (await sql("select count(*)::int as n from files where status = 'ready'"))[0]!.n as number;
    // One file's stored bytes no longer match the SHA-256 recorded when it was stored.
    const [damaged] = [...contents.keys()].slice(-1);
    await sql("update file_chunks set data = 'rot'::bytea where file_id = $1", [damaged]);

    // Cut off after three files, as a killed process would be.
    await expect(
      moveFiles(t.database, bucket, 's3', {
        onMoved: (_id, done) => {
          if (done === 3) throw new Error('interrupted');
        },
      }),
    ).rejects.toThrow('interrupted');
    expect(await locations()).toEqual({ postgres: all - 3, s3: 3 });
    contents.delete(damaged!);
    await expectAllReadable(contents);

    const report = await moveFiles(t.database, bucket, 's3');
    expect(report.moved).toBe(all - 4);
    expect(report.refused).toEqual([{ id: damaged, reason: expect.stringMatching(/^SHA-256 of the copy /) }]);
    expect(await locations()).toEqual({ postgres: 1, s3: all - 1 });
    const [chunks] = await sql(
      "select count(*)::int as n from file_chunks c join files f on f.id = c.file_id where f.location = 's3'",
    );
    expect(chunks!.n).toBe(0);
    expect((await objects()).length).toBe(all - 1);
    expect((await objects()).includes(objectKey(damaged!))).toBe(false);
    await expectAllReadable(contents);
  });

  it('moves them back to PostgreSQL, replacing a half-made copy and sweeping stray objects', async () => {
    const [first, second] = [...contents.keys()];
    // An earlier run stopped half-way: a partial copy of `first` in the database, and an object no file owns.
    await sql("insert into file_chunks (file_id, seq, data) values ($1, 0, 'partial'::bytea)", [first]);
    await bucket.put(
      `${OBJECT_PREFIX}999999999`,
      (async function* () {
        yield Buffer.from('stray');
      })(),
      'text/plain',
    );
    // `second`'s object was changed in the bucket behind the app's back.
    const original = contents.get(second!)!;
    await bucket.put(
      objectKey(second!),
      (async function* () {
        yield Buffer.from('tampered');
      })(),
      'text/plain',
    );

    const all = (await sql("select count(*)::int as n from files where status = 'ready'"))[0]!.n as number;
    const report = await moveFiles(t.database, bucket, 'postgres');
    expect(report.refused).toEqual([{ id: second, reason: expect.stringContaining(sha256(original)) }]);
    expect(report.moved).toBe(all - 2);
    expect(report.swept).toBe(1);
    expect(await locations()).toEqual({ postgres: all - 1, s3: 1 });
    expect(await objects()).toEqual([objectKey(second!)]);
    contents.delete(second!);
    await expectAllReadable(contents);
  });

  it('runs as a command that reports what it did and fails on a refused file', async () => {
    const run = promisify(execFile);
    const root = path.resolve(import.meta.dirname, '../../../..');
    const env = {
      ...process.env,
      DATABASE_URL: t.databaseUrl,
      SEED_DEMO: '1',
      LOG_LEVEL: 'silent',
      S3_BUCKET: s3.config.bucket,
      S3_ENDPOINT: s3.config.endpoint!,
      S3_FORCE_PATH_STYLE: '1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    };
    const command = path.join(root, 'apps/server/src/commands/files-move.ts');
    const tsx = path.join(root, 'node_modules/.bin/tsx');
    // The one file left in the bucket is the tampered one: refused, exit code 1, named on stderr.
    const refused = await run(tsx, [command, '--to', 'postgres'], { env, cwd: root }).catch((e) => e);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toMatch(/0 files moved to PostgreSQL; 0 stray objects deleted; 1 refused/);
    expect(refused.stderr).toMatch(/not moved: SHA-256 of the copy/);
  }, 60_000);
});
