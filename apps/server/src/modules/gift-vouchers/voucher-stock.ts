import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { decryptText, type Keys } from '../../lib/field-crypto';
import { TODAY_IST } from './gift-vouchers.repository';

/**
 * SQL (boolean): whether a voucher of this brand (any case) and denomination is there for one more
 * redemption: more issuable vouchers (available, unexpired) than voucher redemptions already waiting
 * for one (requested, or approved without a voucher) — only those before `beforeId` when given, for a
 * redemption that is itself waiting. Counts the vouchers no further than it needs to (`limit`).
 */
export function voucherInStock(brand: SQL, denominationPaise: SQL, beforeId?: SQL): SQL<boolean> {
  return sql<boolean>`(select (select count(*) from (select 1 from gift_vouchers gv
      where gv.status = 'available' and lower(gv.brand) = lower(${brand})
        and gv.denomination_paise = ${denominationPaise} and gv.expires_on >= ${TODAY_IST}
      limit waiting.n + 1) issuable) > waiting.n
    from (select count(*) as n from redemptions wr join rewards ww on ww.id = wr.reward_id
      where wr.kind = 'voucher' and wr.status in ('requested', 'approved') and wr.voucher_id is null
        and lower(ww.brand) = lower(${brand}) and ww.denomination_paise = ${denominationPaise}
        ${beforeId ? sql`and wr.id < ${beforeId}` : sql``}) waiting)`;
}

/** A voucher issued to a redemption. */
export type IssuedVoucher = {
  id: number;
  brand: string;
  denominationPaise: number;
  code: string;
  expiresOn: string;
};

/**
 * Issues the oldest-expiring available, unexpired voucher of the brand (any case) and denomination
 * to the redemption, in the caller's transaction, or answers null when none is in stock. Rows other
 * transactions are taking are skipped (`SKIP LOCKED`), so concurrent calls never wait on each other
 * nor take the same voucher; `redemption_id` is unique, so a redemption never holds two. A
 * redemption that already holds one gets that one back.
 */
export async function takeVoucher(
  tx: Executor,
  want: { brand: string; denominationPaise: number; redemptionId: number },
): Promise<IssuedVoucher | null> {
  const fields = sql`id, brand, denomination_paise as "denominationPaise", code, expires_on::text as "expiresOn"`;
  const held = await tx.execute<IssuedVoucher>(
    sql`select ${fields} from gift_vouchers where redemption_id = ${want.redemptionId}`,
  );
  if (held.rows[0]) return { ...held.rows[0], id: Number(held.rows[0].id) };
  const taken = await tx.execute<IssuedVoucher>(sql`
    update gift_vouchers set status = 'issued', redemption_id = ${want.redemptionId}, issued_at = now()
    where id = (
      select id from gift_vouchers
      where status = 'available' and lower(brand) = lower(${want.brand})
        and denomination_paise = ${want.denominationPaise} and expires_on >= ${TODAY_IST}
      order by expires_on, id
      limit 1
      for update skip locked
    )
    returning ${fields}`);
  const row = taken.rows[0];
  return row ? { ...row, id: Number(row.id) } : null;
}

/** The voucher a redemption holds, PIN decrypted (for the member who redeemed, and staff who fulfil). */
export async function voucherOfRedemption(
  tx: Executor,
  key: Keys,
  redemptionId: number,
): Promise<(IssuedVoucher & { pin: string | null }) | null> {
  const rows = await tx.execute<IssuedVoucher & { pinCipher: string | null }>(sql`
    select id, brand, denomination_paise as "denominationPaise", code, expires_on::text as "expiresOn",
      pin_cipher as "pinCipher"
    from gift_vouchers where redemption_id = ${redemptionId}`);
  const row = rows.rows[0];
  if (!row) return null;
  const { pinCipher, ...voucher } = row;
  return { ...voucher, id: Number(voucher.id), pin: pinCipher ? decryptText(key, pinCipher) : null };
}
