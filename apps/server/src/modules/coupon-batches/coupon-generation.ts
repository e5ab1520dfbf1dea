import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { isUniqueViolation } from '../../lib/errors';
import { yieldToOthers } from '../../lib/yield';
import { arrayLiteral, type CodeSource, randomCodes } from '../coupons';

/** Rows per statement: big enough to be fast, small enough that other requests interleave. */
export const GENERATION_CHUNK = 50_000;
/** Collisions are ~n²/2⁵⁶ per chunk: a second round is already rare, a twentieth means a broken source. */
const MAX_ROUNDS = 20;

export interface Fill {
  batchId: number;
  firstSerial: number;
  lastSerial: number;
}

export interface FillOptions {
  codes?: CodeSource;
  chunk?: number;
  progress?: (done: number, total: number) => Promise<void>;
}

const runSql = (from: number, batchId: number, codes: string[]) =>
  sql`insert into coupons (serial, code, batch_id)
      select ${from}::bigint + ord - 1, c, ${batchId} from unnest(${arrayLiteral(codes)}::text[]) with ordinality u(c, ord)`;

/**
 * Stores a run of codes; returns how many went in. The plain INSERT is tried first, in its own
 * (sub)transaction: a collision in 2^55 is rare, and ON CONFLICT's speculative insertion costs ~1.7×
 * on every row. A unique violation undoes the whole statement; the run is then stored again with
 * ON CONFLICT DO NOTHING, and the caller tops up what is missing.
 */
async function insertRun(db: Executor, batchId: number, from: number, codes: string[]): Promise<number> {
  try {
    await db.transaction((sp) => sp.execute(runSql(from, batchId, codes)));
    return codes.length;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const result =
    await db.execute(sql`with ins as (${runSql(from, batchId, codes)} on conflict do nothing returning 1)
    select count(*)::int as n from ins`);
  return Number((result.rows[0] as { n: number }).n);
}

async function missingSerials(db: Executor, from: number, to: number): Promise<number[]> {
  const result = await db.execute(sql`
    select g::float8 as s from generate_series(${from}::bigint, ${to}::bigint) g
    where not exists (select 1 from coupons where serial = g)`);
  return result.rows.map((r) => Number((r as { s: number }).s));
}

async function insertSerials(db: Executor, batchId: number, serials: number[], codes: string[]) {
  await db.execute(sql`
    insert into coupons (serial, code, batch_id)
    select s, c, ${batchId} from unnest(${arrayLiteral(serials)}::bigint[], ${arrayLiteral(codes)}::text[]) u(s, c)
    on conflict do nothing`);
}

/**
 * Where an interrupted fill resumes: the chunk holding the highest serial stored so far. Chunks are
 * completed one after another, so every chunk before it is whole.
 */
async function resumeFrom(db: Executor, batch: Fill, chunk: number): Promise<number> {
  const result = await db.execute(sql`
    select max(serial)::float8 as s from coupons where serial between ${batch.firstSerial} and ${batch.lastSerial}`);
  const highest = (result.rows[0] as { s: number | null } | undefined)?.s;
  if (highest === null || highest === undefined) return batch.firstSerial;
  return batch.firstSerial + Math.floor((Number(highest) - batch.firstSerial) / chunk) * chunk;
}

/**
 * Stores codes for every serial of the batch, one chunk per statement. A code that collides with an
 * existing one is skipped by ON CONFLICT DO NOTHING and its serial topped up with a fresh code, so
 * the batch ends complete and duplicate-free. Serials already present are left alone: a task
 * interrupted by a crash resumes at the chunk where it stopped.
 */
export async function fillBatch(db: Executor, batch: Fill, options: FillOptions = {}): Promise<void> {
  const codes = options.codes ?? randomCodes;
  const chunk = options.chunk ?? GENERATION_CHUNK;
  const total = batch.lastSerial - batch.firstSerial + 1;
  const sizeAt = (from: number) => Math.min(from + chunk - 1, batch.lastSerial) - from + 1;
  const start = await resumeFrom(db, batch, chunk);
  if (start > batch.firstSerial) await options.progress?.(start - batch.firstSerial, total);
  // The next chunk's codes are made while the database stores the current one.
  let next = codes(sizeAt(start));
  for (let from = start; from <= batch.lastSerial; from += chunk) {
    const to = Math.min(from + chunk - 1, batch.lastSerial);
    const size = to - from + 1;
    const storing = insertRun(db, batch.batchId, from, next);
    // setImmediate: the statement is on the wire before this thread turns to the next codes.
    const upcoming = await new Promise<string[] | Error>((resolve) =>
      setImmediate(() => {
        try {
          resolve(from + chunk <= batch.lastSerial ? codes(sizeAt(from + chunk)) : []);
        } catch (error) {
          resolve(error as Error);
        }
      }),
    );
    // Never leave a statement running behind a failure: the clean-up must come after it.
    let inserted = await storing;
    if (upcoming instanceof Error) throw upcoming;
    next = upcoming;
    for (let round = 1; inserted < size; round++) {
      if (round > MAX_ROUNDS) throw new Error('Could not find unique codes: the code source repeats itself');
      const missing = await missingSerials(db, from, to);
      if (missing.length === 0) break;
      await insertSerials(db, batch.batchId, missing, codes(missing.length));
      inserted = size - (await missingSerials(db, from, to)).length;
    }
    await options.progress?.(to - batch.firstSerial + 1, total);
    await yieldToOthers();
  }
}

/** Removes whatever a failed attempt stored, a chunk at a time. */
export async function emptyBatch(db: Executor, batch: Fill, chunk = GENERATION_CHUNK): Promise<void> {
  for (let from = batch.firstSerial; from <= batch.lastSerial; from += chunk) {
    const to = Math.min(from + chunk - 1, batch.lastSerial);
    await db.execute(
      sql`delete from coupons where serial between ${from} and ${to} and batch_id = ${batch.batchId}`,
    );
    await yieldToOthers();
  }
}
