import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { startS3Server } from '../../../test/s3-server';
import { loadConfig } from '../../config';
import { type Bucket, s3Bucket } from '../../plugins/s3-bucket';
import { fileStore, objectKey } from '../../plugins/storage';
import { readPdf } from '../coupon-prints/pdf-reading.test-kit';
import { couponsKit, printAndWait } from '../coupons/coupons.test-kit';

let t: TestApp;
let s3: Awaited<ReturnType<typeof startS3Server>>;
let bucket: Bucket;
beforeAll(async () => {
  s3 = await startS3Server();
  bucket = s3Bucket(s3.config);
  t = await createTestApp({ files: (database) => fileStore(database, { writeTo: 's3', bucket }) });
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

describe('files in an S3-compatible bucket (FILE_STORAGE=s3)', () => {
  it('stores a file as an object, not in the database, and reads the same bytes back with its SHA-256', async () => {
    // Past the 8 MiB part size: a multipart upload.
    const content = randomBytes(9 * 1024 * 1024 + 17);
    const saved = await t.app.files.save(
      { name: 'big.bin', contentType: 'application/octet-stream', purpose: 'report', owner: 'system' },
      content,
    );
    expect(saved).toMatchObject({ location: 's3', size: content.length, sha256: sha256(content) });
    const [row] = await couponsKit(t).sql(
      'select location, (select count(*)::int from file_chunks where file_id = $1) as chunks from files where id = $1',
      [saved.id],
    );
    expect(row).toEqual({ location: 's3', chunks: 0 });
    expect(sha256(await bytesOf(await bucket.get(objectKey(saved.id))))).toBe(saved.sha256);
    expect((await bytesOf(t.app.files.open(saved.id))).equals(content)).toBe(true);

    await t.app.files.remove(saved.id);
    expect(await t.app.files.stat(saved.id)).toBeUndefined();
    await expect(bucket.get(objectKey(saved.id))).rejects.toThrow();
  });

  it('serves a label PDF by a redirect to a signed URL after the permission check; the URL expires', async () => {
    const kit = couponsKit(t);
    const batch = await kit.batch(3);
    const print = await printAndWait(t, { batchId: batch.id, layout: 'a4' });
    const url = `/api/admin/coupon-prints/${print.id}/file`;

    expect((await t.as('finance', { method: 'GET', url })).statusCode).toBe(403);

    const answer = await t.as('printing', { method: 'GET', url });
    expect(answer.statusCode).toBe(303);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    const signed = String(answer.headers.location);
    expect(new URL(signed).origin).toBe(t.app.files.downloadOrigin);
    const download = await fetch(signed);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="punch-/);
    expect(readPdf(Buffer.from(await download.arrayBuffer())).pages).toBe(1);

    // A URL signed longer ago than its lifetime is refused by the store.
    const [row] = await kit.sql('select file_id from coupon_prints where id = $1', [print.id]);
    const file = (await t.app.files.stat(Number(row!.file_id)))!;
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - (s3.config.signedUrlSeconds + 5) * 1000 });
    const old = await t.app.files.signedUrl(file, { name: file.name, contentType: 'application/pdf' });
    vi.useRealTimers();
    expect((await fetch(old!)).status).toBe(403);
  });

  it('lets the pages fetch from the bucket (CSP connect-src) and keeps database files streamed', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(String(page.headers['content-security-policy'])).toContain(
      `connect-src 'self' ${t.app.files.downloadOrigin}`,
    );
    const inDatabase = await t.app.files.save(
      { name: 'x.bin', contentType: 'application/octet-stream', purpose: 'report', owner: 'system' },
      Buffer.from('x'),
    );
    await couponsKit(t).sql("update files set location = 'postgres' where id = $1", [inDatabase.id]);
    expect(
      await t.app.files.signedUrl({ ...inDatabase, location: 'postgres' }, { name: 'x', contentType: 'x' }),
    ).toBeNull();
  });
});

describe('configuration of the bucket', () => {
  const production = {
    DATABASE_URL: 'postgres://db.example/prod',
    ENCRYPTION_KEY: 'ef'.repeat(32),
    SCAN_BASE_URL: 'https://q.example',
    SMS_SENDER: 'twilio',
    TWILIO_ACCOUNT_SID: 'AC1',
    TWILIO_AUTH_TOKEN: 't',
    TWILIO_FROM: '+15005550006',
  };
  it('refuses to start production on s3 without the bucket, region or keys, naming the variable', () => {
    expect(() => loadConfig({ ...production, FILE_STORAGE: 's3' })).toThrow(/S3_BUCKET is required/);
    expect(() => loadConfig({ ...production, FILE_STORAGE: 's3', S3_BUCKET: 'b' })).toThrow(
      /S3_REGION is required/,
    );
    expect(() =>
      loadConfig({
        ...production,
        FILE_STORAGE: 's3',
        S3_BUCKET: 'b',
        S3_REGION: 'ap-south-1',
        S3_ACCESS_KEY_ID: 'k',
      }),
    ).toThrow(/S3_SECRET_ACCESS_KEY is required/);
    const files = loadConfig({
      ...production,
      FILE_STORAGE: 's3',
      S3_BUCKET: 'b',
      S3_REGION: 'ap-south-1',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
      S3_ENDPOINT: 'http://minio.lan:9000/',
      S3_FORCE_PATH_STYLE: '1',
    }).files;
    expect(files).toMatchObject({
      storage: 's3',
      s3: { bucket: 'b', endpoint: 'http://minio.lan:9000', forcePathStyle: true },
    });
    expect(loadConfig({}).files).toEqual({ storage: 'postgres', s3: null });
  });
});
