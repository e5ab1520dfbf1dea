import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { postEntry } from '../ledger/ledger.service';
import { applicableSchemes, scansInScheme } from './schemes.repository';

export interface ScanForSchemes {
  memberId: number;
  memberType: string;
  memberState: string;
  productId: number;
  /** The coupon's serial: a code is scanned successfully once, so it names the scan. */
  serial: number;
  basePoints: number;
}

export interface SchemeEffects {
  /** Points posted as `scheme_bonus` entries for this scan. */
  bonus: number;
  /** The member's balance after the last posting, or null when nothing posted. */
  balanceAfter: number | null;
}

/**
 * The schemes' effects on one successful scan, in the scan's transaction (docs/decisions.md):
 * the highest multiplier posts its extra (base × (m − 1), rounded), every fixed bonus posts, and each
 * slab scheme posts its bonus when the member's scans of its SKUs within its dates reach a multiple of
 * N. References make each posting exactly-once: `scheme:<id>:scan:<serial>` and
 * `scheme:<id>:slab:<memberId>:<n>`.
 */
export async function applySchemeEffects(tx: Tx, scan: ScanForSchemes): Promise<SchemeEffects> {
  const applicable = await applicableSchemes(tx, scan);
  if (applicable.length === 0) return { bonus: 0, balanceAfter: null };
  const postings: { schemeId: number; name: string; amount: number; reference: string }[] = [];
  const multipliers = applicable.filter((s) => s.rule === 'multiplier');
  const best = multipliers.reduce<(typeof multipliers)[number] | undefined>(
    (top, s) => (!top || (s.multiplier ?? 0) > (top.multiplier ?? 0) ? s : top),
    undefined,
  );
  if (best) {
    const extra = Math.round(scan.basePoints * ((best.multiplier ?? 1) - 1));
    postings.push({ schemeId: best.id, name: best.name, amount: extra, reference: `scan:${scan.serial}` });
  }
  for (const s of applicable.filter((x) => x.rule === 'fixed_bonus'))
    postings.push({
      schemeId: s.id,
      name: s.name,
      amount: s.bonusPoints ?? 0,
      reference: `scan:${scan.serial}`,
    });
  const slabs = applicable.filter((x) => x.rule === 'slab_bonus');
  if (slabs.length) {
    // The member's lock first (lock order: coupons → member), so concurrent scans count one another.
    await tx.execute(sql`select id from members where id = ${scan.memberId} for update`);
    for (const s of slabs) {
      const scans = (await scansInScheme(tx, scan.memberId, s)) + 1;
      const slab = Math.floor(scans / (s.slabScans ?? Number.POSITIVE_INFINITY));
      if (slab >= 1)
        postings.push({
          schemeId: s.id,
          name: s.name,
          amount: s.bonusPoints ?? 0,
          reference: `slab:${scan.memberId}:${slab}`,
        });
    }
  }
  let bonus = 0;
  let balanceAfter: number | null = null;
  for (const p of postings.filter((x) => x.amount > 0)) {
    const posted = await postEntry(tx, {
      memberId: scan.memberId,
      amount: p.amount,
      kind: 'scheme_bonus',
      reference: `scheme:${p.schemeId}:${p.reference}`,
      note: p.name,
    });
    if (posted.posted) bonus += p.amount;
    balanceAfter = posted.balanceAfter;
  }
  return { bonus, balanceAfter };
}
