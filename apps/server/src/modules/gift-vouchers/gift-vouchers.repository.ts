import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  type UsedVoucherRow,
  VOUCHER_STATUSES,
  type VoucherRow,
  type VoucherSummaryRow,
} from '@app/contract/gift-vouchers';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Executor } from '../../db/client';
import { giftVoucherUploads, giftVouchers as v } from '../../db/schema/gift-vouchers';
import { members } from '../../db/schema/members';
import { redemptions } from '../../db/schema/redemptions';
import { staff } from '../../db/schema/staff';
import { type Column, defineList, type Expr } from '../../lib/lists/define';
import {
  custom,
  dayRange,
  INT4_RANGE,
  id,
  istDayRange,
  parseWhole,
  refuse,
  text,
  textOf,
} from '../../lib/lists/filters';
import { isoText } from '../../lib/lists/sql';

/** The day in India: a voucher is good through its expiry day (IST). */
export const TODAY_IST = sql`(now() at time zone 'Asia/Kolkata')::date`;

/** Available and not past its expiry: what can be issued. */
export const isIssuable = sql`${v.status} = 'available' and ${v.expiresOn} >= ${TODAY_IST}`;

/** The status as users see it: an available voucher past its expiry reads expired before the sweep. */
export const effectiveStatus = sql<string>`case when ${v.status} = 'available' and ${v.expiresOn} < ${TODAY_IST}
  then 'expired' else ${v.status} end`;

const statusIs = (status: string): SQL => {
  if (status === 'available') return isIssuable;
  if (status === 'expired')
    return sql`(${v.status} = 'expired' or (${v.status} = 'available' and ${v.expiresOn} < ${TODAY_IST}))`;
  return sql`${v.status} = ${status}`;
};

const pinMasked = sql<
  string | null
>`case when ${v.pinLength} is null then null else repeat('X', ${v.pinLength}) end`;

const columns = {
  id: { sql: v.id, label: 'Voucher', format: 'int', width: 10 },
  brand: { sql: v.brand, label: 'Brand', width: 18 },
  denominationPaise: v.denominationPaise,
  code: { sql: v.code, label: 'Code', width: 24 },
  pinMasked: { sql: pinMasked, label: 'PIN', width: 10 },
  expiresOn: { sql: sql<string>`${v.expiresOn}::text`, label: 'Expiry', format: 'date', width: 12 },
  status: { sql: effectiveStatus, label: 'Status', width: 10 },
  redemptionId: { sql: v.redemptionId, label: 'Redemption', format: 'int', width: 12 },
  issuedAt: { sql: isoText(v.issuedAt), label: 'Issued', format: 'datetime', width: 20 },
  uploadId: { sql: v.uploadId, label: 'Upload', format: 'int', width: 10 },
  statusReason: { sql: v.statusReason, label: 'Reason', width: 24 },
  createdAt: { sql: isoText(v.createdAt), label: 'Added', format: 'datetime', width: 20 },
} satisfies Record<keyof VoucherRow, Column | Expr>;

const denomination = {
  label: 'Denomination (₹)',
  format: 'rupees' as const,
  width: 14,
  cell: (r: { denominationPaise: number }) => r.denominationPaise / 100,
};

/** The Gift Vouchers filters, also the selection of a bulk void/expire by filter. */
export const voucherFilters = {
  q: text(v.code),
  brand: custom((value, key) => sql`lower(${v.brand}) = lower(${textOf(value, key).trim()})`),
  denomination: custom((value, key) => {
    // Compared in paise with a 4-byte column: a larger amount matches no voucher and would overflow it.
    const rupees = parseWhole(value, key, { min: 1, max: Math.floor(INT4_RANGE.max / 100) });
    return sql`${v.denominationPaise} = ${rupees * 100}`;
  }),
  status: custom((value, key) => {
    if (typeof value === 'string' && (VOUCHER_STATUSES as readonly string[]).includes(value))
      return statusIs(value);
    throw refuse(key, `Use one of: ${VOUCHER_STATUSES.join(', ')}`);
  }),
  uploadId: id(v.uploadId),
  ...dayRange(v.expiresOn, { from: 'expiresFrom', to: 'expiresTo' }),
  ...istDayRange(v.createdAt),
};

/** Gift Vouchers: the whole stock, newest first. */
export const voucherList = defineList<VoucherRow>({
  columns,
  computed: { denomination },
  from: (db, fields) => db.select(fields).from(v).$dynamic(),
  filters: voucherFilters,
  sort: { id: v.id, createdAt: v.createdAt, expiresOn: v.expiresOn, denominationPaise: v.denominationPaise },
  defaultSort: 'id',
  id: v.id,
});

/** Used Coupon: issued vouchers with the redemption and member they went to. */
export const usedVoucherList = defineList<UsedVoucherRow>({
  columns: {
    ...columns,
    memberId: redemptions.memberId,
    memberCode: { sql: members.code, label: 'Member code', width: 12 },
    memberName: { sql: members.name, label: 'Member', width: 24 },
  },
  computed: { denomination },
  from: (db, fields) =>
    db
      .select(fields)
      .from(v)
      .leftJoin(redemptions, eq(redemptions.id, v.redemptionId))
      .leftJoin(members, eq(members.id, redemptions.memberId))
      .$dynamic(),
  where: sql`${v.status} = 'issued'`,
  filters: {
    q: text(v.code, members.name, members.code),
    brand: voucherFilters.brand,
    denomination: voucherFilters.denomination,
    redemptionId: id(v.redemptionId),
    ...istDayRange(v.issuedAt),
  },
  sort: { issuedAt: v.issuedAt, id: v.id },
  defaultSort: 'id',
  id: v.id,
});

/** Stock by brand and denomination, each status counted (the page's summary). */
export async function stockSummary(tx: Executor): Promise<VoucherSummaryRow[]> {
  const n = (cond: SQL) => sql<number>`(count(*) filter (where ${cond}))::int`;
  return tx
    .select({
      brand: sql<string>`min(${v.brand})`,
      denominationPaise: v.denominationPaise,
      available: n(statusIs('available')),
      issued: n(statusIs('issued')),
      expired: n(statusIs('expired')),
      void: n(statusIs('void')),
      expiringSoon: n(sql`${isIssuable} and ${v.expiresOn} < ${TODAY_IST} + 30`),
    })
    .from(v)
    .groupBy(sql`lower(${v.brand})`, v.denominationPaise)
    .orderBy(sql`lower(${v.brand})`, v.denominationPaise);
}

/** Every brand in stock, for the filter's choices. */
export async function brands(tx: Executor): Promise<string[]> {
  const rows = await tx
    .select({ brand: sql<string>`min(${v.brand})` })
    .from(v)
    .groupBy(sql`lower(${v.brand})`)
    .orderBy(sql`lower(${v.brand})`);
  return rows.map((r) => r.brand);
}

export async function findVoucher(tx: Executor, id: number): Promise<VoucherRow | undefined> {
  const fields = Object.fromEntries(
    Object.entries(columns).map(([k, c]) => [k, 'sql' in c ? c.sql : c]),
  ) as Record<keyof VoucherRow, Expr>;
  const [row] = await tx.select(fields).from(v).where(eq(v.id, id));
  return row as VoucherRow | undefined;
}

export async function pinCipherOf(tx: Executor, id: number) {
  const [row] = await tx.select({ pinCipher: v.pinCipher, status: v.status }).from(v).where(eq(v.id, id));
  return row;
}

/** The voucher of a brand and code (brands compare without case), if in stock. */
export async function voucherIdByCode(tx: Executor, brand: string, code: string) {
  const [row] = await tx
    .select({ id: v.id })
    .from(v)
    .where(and(sql`lower(${v.brand}) = lower(${brand})`, eq(v.code, code)));
  return row?.id;
}

/** Of the given (brand, code) pairs, those already in stock, keyed `lower(brand)\0code`. */
export async function codesInStock(
  tx: Executor,
  pairs: { brand: string; code: string }[],
): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for (let i = 0; i < pairs.length; i += 20_000) {
    const chunk = pairs.slice(i, i + 20_000);
    const rows = await tx.execute<{ id: number; brand: string; code: string }>(sql`
      select g.id, lower(g.brand) as brand, g.code
      from unnest(${sql.param(chunk.map((p) => p.brand.toLowerCase()))}::text[],
                  ${sql.param(chunk.map((p) => p.code))}::text[]) as f(brand, code)
      join gift_vouchers g on lower(g.brand) = f.brand and g.code = f.code`);
    for (const r of rows.rows) found.set(`${r.brand}\u0000${r.code}`, Number(r.id));
  }
  return found;
}

/** A voucher ready to store: the PIN already encrypted. */
export interface NewVoucher {
  brand: string;
  denominationPaise: number;
  code: string;
  pinCipher: string | null;
  pinLength: number | null;
  expiresOn: string;
}

/** Stores vouchers in chunks of one multi-row statement each (arrays, not one parameter per cell). */
export async function insertVouchers(
  tx: Executor,
  vouchers: NewVoucher[],
  by: { uploadId: number | null; createdBy: number | null },
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < vouchers.length; i += 25_000) {
    const c = vouchers.slice(i, i + 25_000);
    const rows = await tx.execute<{ id: number }>(sql`
      insert into gift_vouchers (brand, denomination_paise, code, pin_cipher, pin_length, expires_on, upload_id, created_by)
      select brand, denomination, code, pin, pin_length, expires_on, ${by.uploadId}::int, ${by.createdBy}::int
      from unnest(${sql.param(c.map((x) => x.brand))}::text[],
                  ${sql.param(c.map((x) => x.denominationPaise))}::int[],
                  ${sql.param(c.map((x) => x.code))}::text[],
                  ${sql.param(c.map((x) => x.pinCipher))}::text[],
                  ${sql.param(c.map((x) => x.pinLength))}::smallint[],
                  ${sql.param(c.map((x) => x.expiresOn))}::date[])
        as t(brand, denomination, code, pin, pin_length, expires_on)
      returning id`);
    for (const r of rows.rows) ids.push(Number(r.id));
  }
  return ids;
}

/** COPY text: a field with its backslashes escaped (tabs and line breaks never reach here), or \N. */
const copyField = (value: string | number | null) =>
  value === null ? '\\N' : typeof value === 'number' ? String(value) : value.replaceAll('\\', '\\\\');

/** A voucher as a line of COPY text, but for the upload and author fields known in the transaction. */
export const copyLine = (x: NewVoucher) =>
  `${copyField(x.brand)}\t${x.denominationPaise}\t${copyField(x.code)}\t${copyField(x.pinCipher)}\t${copyField(x.pinLength)}\t${x.expiresOn}`;

/**
 * The same rows as insertVouchers, as copyLine made before the transaction, through COPY on
 * the transaction's own PostgreSQL connection: a large upload's fastest path.
 */
export async function copyVouchers(
  client: pg.PoolClient,
  lines: string[],
  by: { uploadId: number | null; createdBy: number | null },
): Promise<void> {
  const tail = `\t${copyField(by.uploadId)}\t${copyField(by.createdBy)}\n`;
  const chunks = function* () {
    for (let i = 0; i < lines.length; i += 5_000) yield `${lines.slice(i, i + 5_000).join(tail)}${tail}`;
  };
  await pipeline(
    Readable.from(chunks()),
    client.query(
      copyFrom(
        'copy gift_vouchers (brand, denomination_paise, code, pin_cipher, pin_length, expires_on, upload_id, created_by) from stdin',
      ),
    ),
  );
}

export async function insertUpload(
  tx: Executor,
  values: { fileName: string; rowsApplied: number; uploadedBy: number | null },
) {
  const [row] = await tx.insert(giftVoucherUploads).values(values).returning({ id: giftVoucherUploads.id });
  return row!.id;
}

/** Voucher uploads, newest first (Update Bulk Coupon's history). */
export const uploadList = defineList<{
  id: number;
  fileName: string;
  rowsApplied: number;
  uploadedByName: string | null;
  createdAt: string;
}>({
  columns: {
    id: { sql: giftVoucherUploads.id, label: 'Upload', format: 'int', width: 10 },
    fileName: { sql: giftVoucherUploads.fileName, label: 'File', width: 30 },
    rowsApplied: { sql: giftVoucherUploads.rowsApplied, label: 'Vouchers added', format: 'int', width: 14 },
    uploadedByName: { sql: staff.name, label: 'Uploaded by', width: 20 },
    createdAt: {
      sql: isoText(giftVoucherUploads.createdAt),
      label: 'Uploaded',
      format: 'datetime',
      width: 20,
    },
  },
  from: (db, fields) =>
    db
      .select(fields)
      .from(giftVoucherUploads)
      .leftJoin(staff, eq(staff.id, giftVoucherUploads.uploadedBy))
      .$dynamic(),
  filters: { ...istDayRange(giftVoucherUploads.createdAt) },
  sort: { id: giftVoucherUploads.id },
  defaultSort: 'id',
  id: giftVoucherUploads.id,
});
