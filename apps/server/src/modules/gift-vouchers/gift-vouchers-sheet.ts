import { shiftDay, todayInIndia } from '@app/contract/format';
import { MAX_VOUCHER_UPLOAD_ROWS, VOUCHER_UPLOAD_COLUMNS } from '@app/contract/gift-vouchers';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rewards } from '../../db/schema/redemptions';
import { type SheetChunk, streamSheet, templateWorkbook } from '../../lib/sheets';

/**
 * Reads the first sheet of a voucher upload, handing its rows over a chunk at a time (cells in
 * template column order, PINs also sealed with `key`); the header row must name the template's columns.
 */
export const readVoucherSheet = (content: Buffer, key: Buffer, onChunk: (chunk: SheetChunk) => void) =>
  streamSheet(
    content,
    VOUCHER_UPLOAD_COLUMNS,
    { maxRows: MAX_VOUCHER_UPLOAD_ROWS, seal: { column: 'PIN', key } },
    onChunk,
  );

/** The example row's brand and denomination when the catalogue has no e-voucher (the demo catalogue's). */
export const TEMPLATE_EXAMPLE = { brand: 'Amazon', denominationPaise: 50_000 };

/**
 * The e-voucher the template's example names: the catalogue's first active one, so the example brand
 * is spelled as the catalogue spells it (a voucher is issued to a redemption by brand and denomination).
 */
export async function templateExample(tx: Executor): Promise<typeof TEMPLATE_EXAMPLE> {
  const [row] = await tx
    .select({ brand: rewards.brand, denominationPaise: rewards.denominationPaise })
    .from(rewards)
    .where(
      and(
        eq(rewards.type, 'e_voucher'),
        eq(rewards.active, true),
        isNotNull(rewards.brand),
        isNotNull(rewards.denominationPaise),
      ),
    )
    .orderBy(asc(rewards.id))
    .limit(1);
  return row?.brand && row.denominationPaise
    ? { brand: row.brand, denominationPaise: row.denominationPaise }
    : TEMPLATE_EXAMPLE;
}

/** The upload template: the header, one example row (replace it), and the rules. */
export const voucherTemplate = (example = TEMPLATE_EXAMPLE) =>
  templateWorkbook({
    sheet: 'Gift vouchers',
    columns: VOUCHER_UPLOAD_COLUMNS,
    formats: { Expiry: 'dd/mm/yyyy', Code: '@', PIN: '@' },
    examples: [
      [
        example.brand,
        example.denominationPaise / 100,
        'EXAMPLE-CODE-0001',
        '123456',
        new Date(`${shiftDay(todayInIndia(), 365)}T00:00:00Z`),
      ],
    ],
    instructions: [
      'One row per voucher, at most 1,00,000 rows per file.',
      `Brand: as the catalogue names it (e.g. ${example.brand}), at most 60 characters; capitals do not matter.`,
      'Denomination: the face value in rupees, e.g. 500 or 499.50 (₹1 to ₹1,00,000).',
      'Code: 4 to 64 letters, digits or dashes; a code may appear once per brand, in the file and in stock.',
      'PIN: optional, up to 32 letters or digits; it is stored encrypted and shown masked.',
      'Expiry: the last day the voucher can be used, today or later, as DD/MM/YYYY or an Excel date.',
      'A file with errors applies nothing unless you choose "Apply valid rows". Replace the example row.',
    ],
  });
