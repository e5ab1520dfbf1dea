/**
 * Generating and storing N coupon codes (default 1,000,000) the way the generation task does,
 * against its ceiling: a raw COPY of N equivalent, pre-made rows into an identical keyed table
 * (same columns, keys and indexes: `like coupons including all`). PostgreSQL only.
 *
 *   npx tsx bench/coupon-generation.ts [N]
 *   BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/at_ci (maintenance database; a fresh one is made)
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
// Type-only: brings the app's Fastify augmentations (app.database …) into this program.
import type {} from '../apps/server/src/app';
import { openDatabase } from '../apps/server/src/db/client';
import { products } from '../apps/server/src/db/schema/products';
import {
  insertBatch,
  reserveSerials,
} from '../apps/server/src/modules/coupon-batches/coupon-batches.repository';
import { generateBatch } from '../apps/server/src/modules/coupon-batches/coupon-batches.service';
import { randomCodes } from '../apps/server/src/modules/coupons/coupon-codes';
import { prepareDatabase } from '../apps/server/src/prepare';

const N = Number(process.argv[2] ?? 1_000_000);
const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/at_ci';
const name = `bench_coupons_${process.pid}`;
const urlOf = (db: string) => Object.assign(new URL(admin), { pathname: `/${db}` }).toString();
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function withAdmin(sql: string) {
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(sql);
  await c.end();
}

await withAdmin(`create database ${name}`);
const database = await openDatabase({ kind: 'postgres', url: urlOf(name) });
try {
  await prepareDatabase(database, { seedDemo: false });
  const { db } = database;
  const [product] = await db
    .insert(products)
    .values({ sku: 'BENCH', name: 'Bench', category: 'Bench', unit: 'unit', basePoints: 1 })
    .returning({ id: products.id });
  const batchId = await db.transaction(async (tx) => {
    const firstSerial = await reserveSerials(tx, N);
    return insertBatch(tx, {
      productId: product!.id,
      quantity: N,
      expiresOn: '2099-12-31',
      firstSerial,
      lastSerial: firstSerial + N - 1,
    });
  });
  const app = { database } as unknown as FastifyInstance;

  let t = performance.now();
  await generateBatch(app, batchId);
  const product_ms = performance.now() - t;
  const [stored] = (
    await database.executeSql('select count(*)::int as n, count(distinct code)::int as d from coupons')
  ).rows;

  await database.executeSql('create table coupons_ceiling (like coupons including all)');
  const codes = randomCodes(N);
  const chunks = function* () {
    for (let i = 0; i < N; i += 50_000) {
      let text = '';
      for (let j = i; j < Math.min(N, i + 50_000); j++) text += `${j + 1}\t${codes[j]}\t1\tgenerated\n`;
      yield text;
    }
  };
  const client = await database.pool!.connect();
  t = performance.now();
  await pipeline(
    Readable.from(chunks()),
    client.query(copyFrom('copy coupons_ceiling (serial, code, batch_id, status) from stdin')),
  );
  const ceiling_ms = performance.now() - t;
  client.release();

  console.log(
    `coupon generation, N = ${N.toLocaleString('en-IN')} (stored ${stored!.n}, distinct ${stored!.d})`,
  );
  console.log(
    `  product  (generate task: crypto codes, chunked INSERT, ON CONFLICT only on collision): ${seconds(product_ms)}  ${Math.round(N / (product_ms / 1000)).toLocaleString('en-IN')} codes/s`,
  );
  console.log(
    `  ceiling  (raw COPY of pre-made rows into an identical keyed table):            ${seconds(ceiling_ms)}`,
  );
  console.log(`  product / ceiling = ${(product_ms / ceiling_ms).toFixed(2)}×`);
} finally {
  await database.close();
  await withAdmin(`drop database if exists ${name} with (force)`);
}
