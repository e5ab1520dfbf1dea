import type { TestApp } from '../../../test/harness';
import { activeCodes } from '../coupons/active-codes.test-kit';
import { couponsKit } from '../coupons/coupons.test-kit';
import { scanAs } from '../coupons/scan.test-kit';
import { setFraudRules } from '../fraud-rules/fraud-rules.test-kit';

/**
 * Scans per hour = 1 with the action `hold`: a member's second scan within the hour is held. Returns a
 * function that makes `member` scan one code worth `points` and answers the scan's JSON (with heldPoints).
 */
export async function holdingRules(t: TestApp) {
  await setFraudRules(t, { scansPerHour: 1, scansPerHourAction: 'hold' });
  const kit = couponsKit(t);
  return async (token: string, points: number) => {
    const product = await kit.product(points);
    const [code] = await activeCodes(t, product.id, 1);
    const res = await scanAs(t, token, { code });
    if (res.statusCode !== 200) throw new Error(`scan: ${res.statusCode} ${res.body}`);
    return res.json() as {
      result: string;
      points: number;
      balance: number;
      serial: number;
      heldPoints?: number;
      holdRules?: string[];
      todayCodes?: number | null;
      message: string;
    };
  };
}

/** The hold of a member's latest held scan. */
export async function latestHold(t: TestApp, memberId: number) {
  const { rows } = await t.database.executeSql(
    'select id::int as id, points, status from scan_holds where member_id = $1 order by id desc limit 1',
    [memberId],
  );
  return rows[0] as { id: number; points: number; status: string };
}

/** The member's balance, held points and ledger sum (which must equal the balance). */
export async function pointsOf(t: TestApp, memberId: number) {
  const { rows } = await t.database.executeSql(
    `select m.balance, m.held_points as held,
       (select coalesce(sum(amount), 0)::int from points_ledger where member_id = m.id) as "ledgerSum",
       (select coalesce(sum(remaining), 0)::int from points_lots where member_id = m.id) as "openLots"
     from members m where m.id = $1`,
    [memberId],
  );
  return rows[0] as { balance: number; held: number; ledgerSum: number; openLots: number };
}
