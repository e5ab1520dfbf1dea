import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FilePurpose } from '@app/contract/files';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { FilesConfig } from '../config';
import type { Database } from '../db/client';
import { fileChunks, files } from '../db/schema/files';
import type { Bucket } from './s3-bucket';

/** Who a file belongs to: the staff member or member who uploaded it, or the system that made it. */
export type FileOwner = { staffId: number } | { memberId: number } | { employeeId: number } | 'system';

export interface StoredFile {
  id: number;
  name: string;
  contentType: string;
  size: number;
  sha256: string | null;
  purpose: FilePurpose;
  ownerStaffId: number | null;
  ownerMemberId: number | null;
  ownerEmployeeId: number | null;
  thumbnailId: number | null;
  createdAt: Date;
  location: FileLocation;
}

export type FileLocation = 'postgres' | 's3';

export interface NewFile {
  name: string;
  contentType: string;
  purpose: FilePurpose;
  owner: FileOwner;
  /** Files the server makes for a record it already holds (reports, print files) are attached at once. */
  attached?: boolean;
  thumbnailId?: number | null;
}

export const ownerColumns = (owner: FileOwner) => ({
  ownerStaffId: owner !== 'system' && 'staffId' in owner ? owner.staffId : null,
  ownerMemberId: owner !== 'system' && 'memberId' in owner ? owner.memberId : null,
  ownerEmployeeId: owner !== 'system' && 'employeeId' in owner ? owner.employeeId : null,
});

/**
 * Where files live: chunks in the database (the default, so app instances can come and go), or objects
 * in an S3-compatible bucket. Each file records its own location; reads and removals follow it, so
 * files written before a change of FILE_STORAGE (or half-way through `files:move`) stay readable.
 */
export interface FileStore {
  save(meta: NewFile, content: Buffer | AsyncIterable<Buffer | Uint8Array>): Promise<StoredFile>;
  stat(id: number): Promise<StoredFile | undefined>;
  /** The content; given the StoredFile (from `stat`), its location is not looked up again. */
  open(file: number | StoredFile): Readable;
  remove(id: number): Promise<void>;
  /** Whether the store answers: the database, and the bucket when there is one (`/api/health/ready`). */
  reachable(): Promise<boolean>;
  /**
   * The bucket's objects of files whose rows a committed transaction deleted (an erasure removes the
   * rows with the rest of the member's data, all or nothing; the objects can only go after it).
   */
  removeObjects(ids: readonly number[]): Promise<void>;
  /**
   * A short-lived URL the client downloads `file` from straight out of the bucket, for large files
   * whose permission the caller has just checked; null when the file is in the database.
   */
  signedUrl(file: StoredFile, download: { name: string; contentType: string }): Promise<string | null>;
  /** The bucket's origin when there is one: signed downloads come from it. */
  readonly downloadOrigin: string | null;
}

export interface FileStoreOptions {
  /** Where new files go (FILE_STORAGE). */
  writeTo: FileLocation;
  /** The bucket (S3_BUCKET): needed to write there, and to read or remove what is there. */
  bucket: Bucket | null;
}

const CHUNK_BYTES = 256 * 1024;

/** The object of file `id` in the bucket. */
export const objectKey = (id: number) => `files/${id}`;
export const OBJECT_PREFIX = 'files/';

export async function* rechunk(content: Buffer | AsyncIterable<Buffer | Uint8Array>): AsyncGenerator<Buffer> {
  const source = Buffer.isBuffer(content) ? [content] : content;
  let pending: Buffer[] = [];
  let size = 0;
  for await (const piece of source) {
    pending.push(Buffer.from(piece));
    size += piece.length;
    while (size >= CHUNK_BYTES) {
      const all = Buffer.concat(pending);
      yield all.subarray(0, CHUNK_BYTES);
      pending = [all.subarray(CHUNK_BYTES)];
      size = pending[0]!.length;
    }
  }
  if (size > 0) yield Buffer.concat(pending);
}

const storedColumns = {
  id: files.id,
  name: files.name,
  contentType: files.contentType,
  size: files.size,
  sha256: files.sha256,
  purpose: sql<FilePurpose>`${files.purpose}`,
  ownerStaffId: files.ownerStaffId,
  ownerMemberId: files.ownerMemberId,
  ownerEmployeeId: files.ownerEmployeeId,
  thumbnailId: files.thumbnailId,
  createdAt: files.createdAt,
  location: sql<FileLocation>`${files.location}`,
};

/** A file's chunks in order, one query per chunk: a large file never sits in memory whole. */
export async function* databaseChunks(database: Database, id: number): AsyncGenerator<Buffer> {
  let next = 0;
  while (true) {
    const [chunk] = await database.db
      .select({ seq: fileChunks.seq, data: fileChunks.data })
      .from(fileChunks)
      .where(and(eq(fileChunks.fileId, id), gt(fileChunks.seq, next - 1)))
      .orderBy(asc(fileChunks.seq))
      .limit(1);
    if (!chunk) return;
    next = chunk.seq + 1;
    yield chunk.data;
  }
}

/** Writes `content` as file `id`'s chunks, one statement each and no surrounding transaction. */
export async function writeChunks(
  database: Database,
  id: number,
  content: Buffer | AsyncIterable<Buffer | Uint8Array>,
): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  let seq = 0;
  for await (const chunk of rechunk(content)) {
    hash.update(chunk);
    size += chunk.length;
    await database.db.insert(fileChunks).values({ fileId: id, seq: seq++, data: chunk });
  }
  return { size, sha256: hash.digest('hex') };
}

export function fileStore(database: Database, options: FileStoreOptions): FileStore {
  const { db } = database;
  const bucketFor = (what: string): Bucket => {
    if (!options.bucket)
      throw new Error(`${what} is in object storage, but S3_BUCKET is not set: configure the bucket`);
    return options.bucket;
  };
  if (options.writeTo === 's3') bucketFor('FILE_STORAGE=s3');
  const statOf = async (id: number) => {
    const [row] = await db
      .select(storedColumns)
      .from(files)
      .where(and(eq(files.id, id), eq(files.status, 'ready')));
    return row;
  };
  return {
    downloadOrigin: options.bucket?.downloadOrigin ?? null,
    async save({ owner, attached, ...meta }, content) {
      const location = options.writeTo;
      const [file] = await db
        .insert(files)
        .values({ ...meta, ...ownerColumns(owner), location, attachedAt: attached ? new Date() : null })
        .returning({ id: files.id });
      const id = file!.id;
      let written: { size: number; sha256: string };
      try {
        written =
          location === 's3'
            ? await bucketFor('A new file').put(
                objectKey(id),
                Buffer.isBuffer(content) ? content : rechunk(content),
                meta.contentType,
              )
            : await writeChunks(database, id, content);
      } catch (error) {
        await db.delete(files).where(eq(files.id, id));
        if (location === 's3') await options.bucket?.remove([objectKey(id)]).catch(() => {});
        throw error;
      }
      const [ready] = await db
        .update(files)
        .set({ size: written.size, sha256: written.sha256, status: 'ready' })
        .where(eq(files.id, id))
        .returning(storedColumns);
      return ready!;
    },
    stat: statOf,
    reachable: () =>
      Promise.all([db.select({ one: sql`1` }).from(fileChunks).limit(1), options.bucket?.check()]).then(
        () => true,
        () => false,
      ),
    open(file) {
      return Readable.from(
        (async function* () {
          const id = typeof file === 'number' ? file : file.id;
          const location =
            typeof file === 'number'
              ? (
                  await db
                    .select({ location: sql<FileLocation>`${files.location}` })
                    .from(files)
                    .where(eq(files.id, id))
                )[0]?.location
              : file.location;
          if (location === 's3') yield* await bucketFor(`File ${id}`).get(objectKey(id));
          else yield* databaseChunks(database, id);
        })(),
      );
    },
    async remove(id) {
      // Its thumbnail goes with it. The rows go first: an object left by a failure here is swept
      // by `files:move`, while a row without its object would be a file that cannot be read.
      const gone = await db
        .delete(files)
        .where(sql`${files.id} = ${id} or ${files.id} = (select thumbnail_id from files where id = ${id})`)
        .returning({ id: files.id, location: files.location });
      const keys = gone.filter((f) => f.location === 's3').map((f) => objectKey(f.id));
      if (keys.length > 0) await bucketFor(`File ${id}`).remove(keys);
    },
    async removeObjects(ids) {
      if (ids.length > 0) await bucketFor('An erased file').remove(ids.map(objectKey));
    },
    async signedUrl(file, download) {
      if (file.location !== 's3') return null;
      return bucketFor(`File ${file.id}`).signedDownload(objectKey(file.id), download);
    },
  };
}

/** The database-only store (seeds, tests): what FILE_STORAGE=postgres gives. */
export const databaseFileStore = (database: Database): FileStore =>
  fileStore(database, { writeTo: 'postgres', bucket: null });

/**
 * The store FILE_STORAGE asks for. The S3 client is loaded only when a bucket is configured; with
 * FILE_STORAGE=s3 the bucket must answer before the app takes traffic (the error names S3_BUCKET).
 */
export async function openFileStore(config: FilesConfig, database: Database): Promise<FileStore> {
  if (!config.s3) return databaseFileStore(database);
  const { s3Bucket } = await import('./s3-bucket');
  const bucket = s3Bucket(config.s3);
  if (config.storage === 's3') {
    try {
      await bucket.check();
    } catch (error) {
      throw new Error(
        `S3_BUCKET ${config.s3.bucket} cannot be reached (${(error as Error).name}: ${(error as Error).message}); check S3_ENDPOINT, S3_REGION and the credentials`,
      );
    }
  }
  return fileStore(database, { writeTo: config.storage, bucket });
}
