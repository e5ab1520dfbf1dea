import { createHash } from 'node:crypto';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { fileChunks, files } from '../db/schema/files';
import type { Bucket } from '../plugins/s3-bucket';
import { databaseChunks, type FileLocation, OBJECT_PREFIX, objectKey, writeChunks } from '../plugins/storage';

export interface MoveReport {
  moved: number;
  /** Files whose copy did not match their SHA-256: left where they were, the copy removed. */
  refused: { id: number; reason: string }[];
  /** Objects in the bucket that no file in it owns (left by an interrupted run or removal), deleted. */
  swept: number;
}

export interface MoveOptions {
  /** Told after each file is moved (the command prints progress). */
  onMoved?: (id: number, done: number) => void | Promise<void>;
  batch?: number;
}

async function sha256Of(content: AsyncIterable<Buffer | Uint8Array>): Promise<string> {
  const hash = createHash('sha256');
  for await (const piece of content) hash.update(piece);
  return hash.digest('hex');
}

/**
 * Moves every ready file to `to`, one at a time: copy, read the copy back and compare its SHA-256
 * with the one recorded when the file was stored, and only then switch the file's location and
 * remove the source. Stopped at any point, the files not yet switched are still whole where they
 * were, so running it again goes on from there; a half-made copy is overwritten or swept.
 */
export async function moveFiles(
  database: Database,
  bucket: Bucket,
  to: FileLocation,
  options: MoveOptions = {},
): Promise<MoveReport> {
  const { db } = database;
  const from: FileLocation = to === 's3' ? 'postgres' : 's3';
  const report: MoveReport = { moved: 0, refused: [], swept: 0 };
  let after = 0;
  while (true) {
    const batch = await db
      .select({ id: files.id, sha256: files.sha256, contentType: files.contentType })
      .from(files)
      .where(and(eq(files.location, from), eq(files.status, 'ready'), gt(files.id, after)))
      .orderBy(asc(files.id))
      .limit(options.batch ?? 100);
    if (batch.length === 0) break;
    for (const file of batch) {
      after = file.id;
      const copied =
        to === 's3' ? await toBucket(database, bucket, file) : await toDatabase(database, bucket, file);
      if (copied === 'moved') {
        report.moved += 1;
        await options.onMoved?.(file.id, report.moved);
      } else if (copied !== 'gone') report.refused.push({ id: file.id, reason: copied.refused });
    }
  }
  report.swept = await sweep(database, bucket);
  return report;
}

type Outcome = 'moved' | 'gone' | { refused: string };

const mismatch = (expected: string | null, found: string) =>
  `SHA-256 of the copy ${found} differs from the stored file's ${expected ?? '(none recorded)'}`;

async function toBucket(
  database: Database,
  bucket: Bucket,
  file: { id: number; sha256: string | null; contentType: string },
): Promise<Outcome> {
  const key = objectKey(file.id);
  await bucket.put(key, databaseChunks(database, file.id), file.contentType);
  const found = await sha256Of(await bucket.get(key));
  if (found !== file.sha256) {
    await bucket.remove([key]);
    return { refused: mismatch(file.sha256, found) };
  }
  // The switch and the removal of the chunks commit together: no moment where neither holds it.
  const switched = await database.db.transaction(async (tx) => {
    const [row] = await tx
      .update(files)
      .set({ location: 's3' })
      .where(and(eq(files.id, file.id), eq(files.location, 'postgres')))
      .returning({ id: files.id });
    if (row) await tx.delete(fileChunks).where(eq(fileChunks.fileId, file.id));
    return Boolean(row);
  });
  if (!switched) await bucket.remove([key]);
  return switched ? 'moved' : 'gone';
}

async function toDatabase(
  database: Database,
  bucket: Bucket,
  file: { id: number; sha256: string | null },
): Promise<Outcome> {
  const { db } = database;
  // Chunks of a file still in the bucket are an interrupted run's partial copy.
  await db.delete(fileChunks).where(eq(fileChunks.fileId, file.id));
  await writeChunks(database, file.id, await bucket.get(objectKey(file.id)));
  const found = await sha256Of(databaseChunks(database, file.id));
  if (found !== file.sha256) {
    await db.delete(fileChunks).where(eq(fileChunks.fileId, file.id));
    return { refused: mismatch(file.sha256, found) };
  }
  const [row] = await db
    .update(files)
    .set({ location: 'postgres' })
    .where(and(eq(files.id, file.id), eq(files.location, 's3')))
    .returning({ id: files.id });
  if (!row) {
    await db.delete(fileChunks).where(eq(fileChunks.fileId, file.id));
    return 'gone';
  }
  // Stopped before this line, the object stays behind: the sweep removes it.
  await bucket.remove([objectKey(file.id)]);
  return 'moved';
}

/** Deletes the objects under `files/` whose file is not (or no longer) in the bucket. */
async function sweep(database: Database, bucket: Bucket): Promise<number> {
  let swept = 0;
  let page: string[] = [];
  const flush = async () => {
    const ids = page.map((key) => Number(key.slice(OBJECT_PREFIX.length))).filter(Number.isSafeInteger);
    const owned = new Set(
      ids.length === 0
        ? []
        : (
            await database.db
              .select({ id: files.id })
              .from(files)
              .where(and(inArray(files.id, ids), sql`${files.location} = 's3'`))
          ).map((f) => f.id),
    );
    const orphans = page.filter((key) => !owned.has(Number(key.slice(OBJECT_PREFIX.length))));
    if (orphans.length > 0) await bucket.remove(orphans);
    swept += orphans.length;
    page = [];
  };
  for await (const key of bucket.keys(OBJECT_PREFIX)) {
    page.push(key);
    if (page.length === 1000) await flush();
  }
  await flush();
  return swept;
}
