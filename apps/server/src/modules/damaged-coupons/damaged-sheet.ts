import { readSheet } from '../../lib/sheets';

export interface ListedCoupon {
  row: number;
  code: string | null;
  serial: number | null;
}

/** The first sheet's "Code" and/or "Serial" column, one coupon per row. */
export async function readCouponList(content: Buffer): Promise<ListedCoupon[]> {
  const rows = await readSheet(content, ['Code', 'Serial'], { anyOf: true });
  return rows.map(({ row, values }) => ({
    row,
    code: values.Code || null,
    serial: values.Serial ? Number(values.Serial) : null,
  }));
}
