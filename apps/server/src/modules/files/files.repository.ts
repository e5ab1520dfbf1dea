import type { FilePurpose } from '@app/contract/files';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { files } from '../../db/schema/files';
import { type FileOwner, ownerColumns } from '../../plugins/storage';

/**
 * Marks a file as attached, only when it is ready, stored for `purpose` by `owner`, and attached
 * nowhere yet; one statement, so two records racing for one file cannot both have it.
 */
export async function markAttached(tx: Executor, id: number, purpose: FilePurpose, owner: FileOwner) {
  const { ownerStaffId, ownerMemberId, ownerEmployeeId } = ownerColumns(owner);
  const [row] = await tx
    .update(files)
    .set({ attachedAt: sql`now()` })
    .where(
      and(
        eq(files.id, id),
        eq(files.status, 'ready'),
        eq(files.purpose, purpose),
        ownerStaffId === null ? isNull(files.ownerStaffId) : eq(files.ownerStaffId, ownerStaffId),
        ownerMemberId === null ? isNull(files.ownerMemberId) : eq(files.ownerMemberId, ownerMemberId),
        ownerEmployeeId === null ? isNull(files.ownerEmployeeId) : eq(files.ownerEmployeeId, ownerEmployeeId),
        isNull(files.attachedAt),
      ),
    )
    .returning({ id: files.id, contentType: files.contentType });
  return row;
}
