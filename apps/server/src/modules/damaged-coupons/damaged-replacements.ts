import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { Actor } from '../../lib/audit';
import { addToLine, insertAllocation } from '../coupon-allocations';
import { fillBatch, insertBatch, reserveSerials } from '../coupon-batches';
import { arrayLiteral, countNewBatch, type Moved, moveCoupons } from '../coupons';

const groupBy = <T, K>(items: T[], key: (t: T) => K) => {
  const out = new Map<K, T[]>();
  for (const item of items) out.set(key(item), [...(out.get(key(item)) ?? []), item]);
  return out;
};

/** Takes voided active coupons off their invoice lines' live counts. */
export async function releaseFromLines(tx: Executor, voided: Moved[]): Promise<void> {
  const lines = await linesOfAllocations(tx, voided);
  for (const [lineId, list] of groupBy(
    voided.filter((m) => m.old === 'active'),
    (m) => lines.get(m.allocationId!)!,
  ))
    await addToLine(tx, lineId, -list.length);
}

async function linesOfAllocations(tx: Executor, coupons: Moved[]): Promise<Map<number, number>> {
  const ids = [...new Set(coupons.filter((m) => m.allocationId != null).map((m) => m.allocationId!))];
  if (ids.length === 0) return new Map();
  const result = await tx.execute(
    sql`select id, invoice_line_id from coupon_allocations where id = any(${arrayLiteral(ids)}::bigint[])`,
  );
  return new Map(result.rows.map((r) => [Number(r.id), Number(r.invoice_line_id)]));
}

/**
 * One replacement per voided coupon, in a small batch per original batch (same SKU and expiry),
 * each linked to the coupon it replaces. A replacement of a live coupon is allocated at once to the
 * same invoice line; the others start as generated and are printed like any code.
 */
export async function issueReplacements(
  tx: Executor,
  actor: Actor,
  reportId: number,
  voided: Moved[],
): Promise<number> {
  const lines = await linesOfAllocations(tx, voided);
  for (const [originalBatch, originals] of groupBy(voided, (m) => m.batchId)) {
    const k = originals.length;
    const firstSerial = await reserveSerials(tx, k);
    const lastSerial = firstSerial + k - 1;
    const [source] = (
      await tx.execute(
        sql`select product_id, expires_on::text as expires_on from coupon_batches where id = ${originalBatch}`,
      )
    ).rows as { product_id: number; expires_on: string }[];
    const batchId = await insertBatch(tx, {
      productId: Number(source!.product_id),
      quantity: k,
      expiresOn: source!.expires_on,
      note: `Replacements for damaged report #${reportId}`,
      status: 'ready',
      firstSerial,
      lastSerial,
      damagedReportId: reportId,
      createdBy: actor.id,
      readyAt: new Date(),
    });
    await fillBatch(tx, { batchId, firstSerial, lastSerial });
    await countNewBatch(tx, batchId, k);
    const replacementOf = new Map(originals.map((o, i) => [o.serial, firstSerial + i]));
    await tx.execute(sql`
      update coupons c set replaces_serial = u.o
      from unnest(${arrayLiteral([...replacementOf.values()])}::bigint[], ${arrayLiteral([...replacementOf.keys()])}::bigint[]) u(n, o)
      where c.serial = u.n`);
    const live = originals.filter((o) => o.old === 'active' && o.allocationId != null);
    for (const [lineId, list] of groupBy(live, (o) => lines.get(o.allocationId!)!)) {
      const serials = list.map((o) => replacementOf.get(o.serial)!);
      const allocationId = await insertAllocation(tx, {
        invoiceLineId: lineId,
        mode: 'replacement',
        fromSerial: Math.min(...serials),
        toSerial: Math.max(...serials),
        quantity: serials.length,
        createdBy: actor.id,
      });
      await moveCoupons(tx, {
        where: sql`serial = any(${arrayLiteral(serials)}::bigint[])`,
        from: ['generated'],
        to: 'active',
        set: sql`allocation_id = ${allocationId}`,
      });
      await addToLine(tx, lineId, serials.length);
    }
  }
  return voided.length;
}
