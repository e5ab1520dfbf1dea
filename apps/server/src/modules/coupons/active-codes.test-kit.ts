import type { TestApp } from '../../../test/harness';
import { couponsKit, invoiceLine, printedBatch } from './coupons.test-kit';

/** `n` active (allocated) codes of a product, ready for a member to scan. */
export async function activeCodes(t: TestApp, productId: number, n: number): Promise<string[]> {
  const kit = couponsKit(t);
  const batch = await printedBatch(t, n, productId);
  const line = await invoiceLine(t, productId, n);
  await kit.ok(
    await t.as('distribution', {
      method: 'POST',
      url: '/api/admin/coupon-allocations',
      payload: {
        invoiceLineId: line,
        mode: 'range',
        fromSerial: batch.firstSerial,
        toSerial: batch.lastSerial,
      },
    }),
  );
  const rows = await kit.sql('select code from coupons where batch_id = $1 order by serial', [batch.id]);
  return rows.map((r) => String(r.code));
}
