/**
 * Files in an S3-compatible bucket: a 1,000-label PDF and 10,000 KYC-photo-sized files (100 KB each)
 * stored and read back through the product's file store (FILE_STORAGE=s3: a `files` row, the object,
 * its SHA-256, the row made ready; then the row read and the object streamed), vs the raw S3 client
 * doing only the PUT and the GET, on the same local S3 server (s3rver) in the same run.
 *
 *   BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/postgres npx tsx bench/files.ts [PHOTOS]
 *
 * (BENCH_DATABASE_URL names a maintenance database; a fresh one is made and dropped.)
 */
import { randomBytes } from 'node:crypto';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { type Label, renderLabels } from '../apps/server/src/modules/coupon-prints/label-pdf';
import { randomCodes } from '../apps/server/src/modules/coupons/coupon-codes';
import { s3Bucket, s3Client } from '../apps/server/src/plugins/s3-bucket';
import { fileStore } from '../apps/server/src/plugins/storage';
import { prepareDatabase } from '../apps/server/src/prepare';
import { startS3Server } from '../apps/server/test/s3-server';

const PHOTOS = Number(process.argv[2] ?? 10_000);
const PHOTO_BYTES = 100 * 1024;
const CONCURRENCY = 8;
const PDF_ROUNDS = 20;

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
const name = `bench_files_${randomBytes(4).toString('hex')}`;
async function withAdmin(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(sql);
  await client.end();
}
await withAdmin(`create database ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const database = await openDatabase({ kind: 'postgres', url: url.toString() });
await prepareDatabase(database, { seedDemo: false });
const s3 = await startS3Server();
const bucket = s3Bucket(s3.config);
const store = fileStore(database, { writeTo: 's3', bucket });
const raw = s3Client(s3.config);

async function drain(stream: AsyncIterable<Buffer | Uint8Array>) {
  let n = 0;
  for await (const c of stream) n += c.length;
  return n;
}

/** Runs `work(i)` for i < n, CONCURRENCY at a time; answers the seconds taken. */
async function timed(n: number, work: (i: number) => Promise<unknown>) {
  let next = 0;
  const t = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < n) await work(next++);
    }),
  );
  return (performance.now() - t) / 1000;
}

const product = {
  async roundTrip(content: Buffer, contentType: string) {
    const saved = await store.save(
      { name: 'f', contentType, purpose: 'kyc_image', owner: 'system' },
      content,
    );
    const file = (await store.stat(saved.id))!;
    if ((await drain(store.open(file))) !== content.length) throw new Error('short read');
  },
};
let rawKey = 0;
const rawClient = {
  async roundTrip(content: Buffer, contentType: string) {
    const Key = `raw/${rawKey++}`;
    await raw.send(
      new PutObjectCommand({ Bucket: s3.config.bucket, Key, Body: content, ContentType: contentType }),
    );
    const got = await raw.send(new GetObjectCommand({ Bucket: s3.config.bucket, Key }));
    if ((await drain(got.Body as AsyncIterable<Buffer>)) !== content.length) throw new Error('short read');
  },
};

try {
  const codes = randomCodes(1000);
  const labels = (async function* (): AsyncGenerator<Label[]> {
    yield codes.map((code, i) => ({ code, serial: 100_001 + i }));
  })();
  const parts: Buffer[] = [];
  for await (const part of renderLabels(labels, {
    layout: 'a4',
    baseUrl: 'https://scan.example.com',
    copies: 1,
  }))
    parts.push(Buffer.from(part));
  const pdf = Buffer.concat(parts);
  const photos = Array.from({ length: 64 }, () => randomBytes(PHOTO_BYTES));
  const photo = (i: number) => photos[i % photos.length]!;

  console.log(
    `files on a local S3 server (s3rver), ${CONCURRENCY} at a time; product = file store (row + object + SHA-256, then stat + stream), raw = PUT + GET`,
  );
  // Warm both paths (connections, plans) before measuring.
  await timed(50, (i) => product.roundTrip(photo(i), 'image/jpeg'));
  await timed(50, (i) => rawClient.roundTrip(photo(i), 'image/jpeg'));

  // ABBA: raw, product, product, raw, so that drift of a shared machine falls on both sides.
  const pdfRuns = { product: 0, raw: 0 };
  const photoRuns = { product: 0, raw: 0 };
  for (const side of ['raw', 'product', 'product', 'raw'] as const) {
    const runner = side === 'raw' ? rawClient : product;
    pdfRuns[side] += await timed(PDF_ROUNDS / 2, () => runner.roundTrip(pdf, 'application/pdf'));
    photoRuns[side] += await timed(PHOTOS / 2, (i) => runner.roundTrip(photo(i), 'image/jpeg'));
  }
  const line = (what: string, n: number, bytes: number, r: { product: number; raw: number }) =>
    console.log(
      `  ${what}: ${n.toLocaleString('en-IN')} × ${(bytes / 1024).toFixed(0)} KB stored and read back: product ${r.product.toFixed(2)} s (${Math.round(n / r.product).toLocaleString('en-IN')}/s), raw ${r.raw.toFixed(2)} s (${Math.round(n / r.raw).toLocaleString('en-IN')}/s); product / raw = ${(r.product / r.raw).toFixed(2)}×`,
    );
  line('1,000-label PDF', PDF_ROUNDS, pdf.length, pdfRuns);
  line('KYC photos', PHOTOS, PHOTO_BYTES, photoRuns);
} finally {
  raw.destroy();
  bucket.destroy();
  await s3.close();
  await database.close();
  await withAdmin(`drop database ${name} with (force)`);
}
