import type { syncLedgerEntry, syncMember, syncPayout, syncRedemption } from '@app/contract/integrations';
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { pointsLedger } from '../../db/schema/ledger';
import { members } from '../../db/schema/members';
import { payoutLines } from '../../db/schema/payouts';
import { redemptions } from '../../db/schema/redemptions';
import { fieldError } from '../../lib/errors';
import { isoText } from '../../lib/lists/sql';

/**
 * Incremental reads for a system that keeps a copy: rows changed after an opaque cursor, oldest
 * first, over (updated_at, id). The cursor carries the timestamp as PostgreSQL's microseconds text
 * (a JavaScript Date would round it to milliseconds and skip or repeat rows) and the id.
 */
interface Cursor {
  at: string;
  id: number;
}

const encode = (c: Cursor) => Buffer.from(JSON.stringify([c.at, c.id])).toString('base64url');

function decode(cursor: string | undefined): Cursor | null {
  if (!cursor) return null;
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [unknown, unknown];
    if (typeof at === 'string' && /^\d{4}-\d\d-\d\dT[\d:.]+Z$/.test(at) && Number.isSafeInteger(id))
      return { at, id: id as number };
  } catch {
    // falls through to the field error
  }
  throw fieldError('cursor', 'Not a cursor this API gave: pass back nextCursor as it came');
}

const microText = (col: PgColumn) =>
  sql<string>`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

interface Source {
  table: PgTable;
  id: PgColumn;
  changedAt: PgColumn;
  columns: Record<string, SQL | PgColumn>;
}

/**
 * Rows of `source` after `cursor`, `limit` at most. The same cursor comes back when nothing changed,
 * so a caller can poll with the last one it holds.
 */
async function changedSince<Row>(
  db: Executor,
  source: Source,
  cursor: string | undefined,
  limit: number,
): Promise<{ rows: Row[]; nextCursor: string; hasMore: boolean }> {
  const after = decode(cursor);
  const where = after
    ? sql`where (${source.changedAt}, ${source.id}) > (${after.at}::timestamptz, ${after.id})`
    : sql``;
  const fields = sql.join(
    Object.entries(source.columns).map(([name, expr]) => sql`${expr} as ${sql.identifier(name)}`),
    sql`, `,
  );
  const { rows } = await db.execute(sql`
    select ${fields}, ${microText(source.changedAt)} as "__at", ${source.id} as "__id"
    from ${source.table} ${where}
    order by ${source.changedAt}, ${source.id}
    limit ${limit + 1}`);
  const page = (rows as Record<string, unknown>[]).slice(0, limit);
  const last = page.at(-1);
  const nextCursor = last
    ? encode({ at: String(last.__at), id: Number(last.__id) })
    : (cursor ?? encode({ at: '1970-01-01T00:00:00.000000Z', id: 0 }));
  return {
    rows: page.map(({ __at: _a, __id: _i, ...row }) => row as Row),
    nextCursor,
    hasMore: rows.length > limit,
  };
}

/** Mobile numbers as `XXXXXX1234` unless the caller may see them whole. */
const mobile = (reveal: boolean) =>
  reveal ? sql`${members.mobile}` : sql`'XXXXXX' || right(${members.mobile}, 4)`;

export const membersSince = (db: Executor, cursor: string | undefined, limit: number, reveal: boolean) =>
  changedSince<z.infer<typeof syncMember>>(
    db,
    {
      table: members,
      id: members.id,
      changedAt: members.updatedAt,
      columns: {
        id: sql`${members.id}::int`,
        code: members.code,
        name: members.name,
        mobile: mobile(reveal),
        type: members.type,
        city: members.city,
        district: members.district,
        state: members.state,
        pincode: members.pincode,
        status: members.status,
        kycStatus: members.kycStatus,
        tier: members.tier,
        balance: members.balance,
        createdAt: isoText(members.createdAt),
        updatedAt: isoText(members.updatedAt),
      },
    },
    cursor,
    limit,
  );

export const ledgerSince = (db: Executor, cursor: string | undefined, limit: number) =>
  changedSince<z.infer<typeof syncLedgerEntry>>(
    db,
    {
      table: pointsLedger,
      id: pointsLedger.id,
      // Append-only: an entry never changes after it is written.
      changedAt: pointsLedger.createdAt,
      columns: {
        id: sql`${pointsLedger.id}::int`,
        memberId: pointsLedger.memberId,
        amount: pointsLedger.amount,
        kind: pointsLedger.kind,
        reference: pointsLedger.reference,
        balanceAfter: pointsLedger.balanceAfter,
        createdAt: isoText(pointsLedger.createdAt),
        updatedAt: isoText(pointsLedger.createdAt),
      },
    },
    cursor,
    limit,
  );

export const redemptionsSince = (db: Executor, cursor: string | undefined, limit: number) =>
  changedSince<z.infer<typeof syncRedemption>>(
    db,
    {
      table: redemptions,
      id: redemptions.id,
      changedAt: redemptions.updatedAt,
      columns: {
        id: sql`${redemptions.id}::int`,
        memberId: redemptions.memberId,
        kind: redemptions.kind,
        status: redemptions.status,
        points: redemptions.points,
        createdAt: isoText(redemptions.createdAt),
        updatedAt: isoText(redemptions.updatedAt),
      },
    },
    cursor,
    limit,
  );

export const payoutsSince = (db: Executor, cursor: string | undefined, limit: number) =>
  changedSince<z.infer<typeof syncPayout>>(
    db,
    {
      table: payoutLines,
      id: payoutLines.id,
      changedAt: payoutLines.updatedAt,
      columns: {
        id: sql`${payoutLines.id}::int`,
        batchId: payoutLines.batchId,
        redemptionId: payoutLines.redemptionId,
        mode: payoutLines.mode,
        status: payoutLines.status,
        amountPaise: sql`${payoutLines.amountPaise}::float8`,
        utr: payoutLines.utr,
        updatedAt: isoText(payoutLines.updatedAt),
      },
    },
    cursor,
    limit,
  );
