import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FilePurpose } from '@app/contract/files';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { fileChunks, files } from '../db/schema/files';

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
}

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

/** Where files live. The default keeps them in the database so app instances can come and go. */
export interface FileStore {
  save(meta: NewFile, content: Buffer | AsyncIterable<Buffer | Uint8Array>): Promise<StoredFile>;
  stat(id: number): Promise<StoredFile | undefined>;
  open(id: number): Readable;
  remove(id: number): Promise<void>;
  /** Whether the store answers (the readiness probe, `/api/health/ready`). */
  reachable(): Promise<boolean>;
}

const CHUNK_BYTES = 256 * 1024;

async function* rechunk(content: Buffer | AsyncIterable<Buffer | Uint8Array>): AsyncGenerator<Buffer> {
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

export function databaseFileStore(database: Database): FileStore {
  const { db } = database;
  const statOf = async (id: number) => {
    const [row] = await db
      .select({
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
      })
      .from(files)
      .where(and(eq(files.id, id), eq(files.status, 'ready')));
    return row;
  };
  return {
    async save({ owner, attached, ...meta }, content) {
      const [file] = await db
        .insert(files)
        .values({ ...meta, ...ownerColumns(owner), attachedAt: attached ? new Date() : null })
        .returning({ id: files.id });
      const id = file!.id;
      const hash = createHash('sha256');
      let size = 0;
      let seq = 0;
      try {
        // One chunk per statement and no surrounding transaction: a large file never pins the database.
        for await (const chunk of rechunk(content)) {
          hash.update(chunk);
          size += chunk.length;
          await db.insert(fileChunks).values({ fileId: id, seq: seq++, data: chunk });
        }
      } catch (error) {
        await db.delete(files).where(eq(files.id, id));
        throw error;
      }
      await db
        .update(files)
        .set({ size, sha256: hash.digest('hex'), status: 'ready' })
        .where(eq(files.id, id));
      return (await statOf(id))!;
    },
    stat: statOf,
    reachable: () =>
      db
        .select({ one: sql`1` })
        .from(fileChunks)
        .limit(1)
        .then(
          () => true,
          () => false,
        ),
    open(id) {
      let next = 0;
      return Readable.from(
        (async function* () {
          while (true) {
            const [chunk] = await db
              .select({ seq: fileChunks.seq, data: fileChunks.data })
              .from(fileChunks)
              .where(and(eq(fileChunks.fileId, id), gt(fileChunks.seq, next - 1)))
              .orderBy(asc(fileChunks.seq))
              .limit(1);
            if (!chunk) return;
            next = chunk.seq + 1;
            yield chunk.data;
          }
        })(),
      );
    },
    async remove(id) {
      // Its thumbnail goes with it.
      await db
        .delete(files)
        .where(sql`${files.id} = ${id} or ${files.id} = (select thumbnail_id from files where id = ${id})`);
    },
  };
}
