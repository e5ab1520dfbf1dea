import { todayInIndia } from '@app/contract/format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import type { ReportRow } from '../../lib/xlsx-writer';
import { activeCodes } from '../coupons/active-codes.test-kit';
import { couponsKit } from '../coupons/coupons.test-kit';
import { memberWithToken, scanAs } from '../coupons/scan.test-kit';
import { holdingRules, latestHold } from '../scan-holds/scan-holds.test-kit';
import { fraudDecisionsReportSource } from './fraud-decisions.report';
import { setFraudRules } from './fraud-rules.test-kit';

let t: TestApp;
let kit: ReturnType<typeof couponsKit>;
beforeAll(async () => {
  t = await createTestApp();
  kit = couponsKit(t);
});
afterAll(() => t?.close());

const scanTwo = async (token: string) => {
  const product = await kit.product(10);
  const codes = await activeCodes(t, product.id, 2);
  const results = [];
  for (const code of codes) results.push((await scanAs(t, token, { code })).json());
  return results;
};

describe('the Fraud decisions report', () => {
  it('lists flagged, held (with the outcome) and refused scans and KYC matches; 403 without the page', async () => {
    // Flagged: the second scan in the hour is credited and flagged.
    await setFraudRules(t, { scansPerHour: 1, scansPerHourAction: 'flag' });
    const flagged = await memberWithToken(t);
    await scanTwo(flagged.token);
    // Held, then cleared by a reviewer.
    const scan = await holdingRules(t);
    const held = await memberWithToken(t);
    await scan(held.token, 10);
    await scan(held.token, 10);
    const hold = await latestHold(t, held.id);
    expect(
      (await t.as('cs', { method: 'POST', url: `/api/admin/scan-holds/${hold.id}/claim` })).statusCode,
    ).toBe(200);
    expect(
      (await t.as('cs', { method: 'POST', url: `/api/admin/scan-holds/${hold.id}/clear` })).statusCode,
    ).toBe(200);
    // Refused.
    await setFraudRules(t, { scansPerHour: 1, scansPerHourAction: 'refuse' });
    const refused = await memberWithToken(t);
    expect((await scanTwo(refused.token)).map((r) => r.result)).toEqual(['success', 'too_many_scans']);
    // A KYC approval that went ahead with a flagged match, as the KYC approval audits it.
    await kit.sql(
      `insert into audit_log (actor_id, action, entity, entity_id, after)
       values ((select id from staff order by id limit 1), 'kyc.approved', 'member', $1, $2::jsonb)`,
      [
        String(flagged.id),
        JSON.stringify({
          kycStatus: 'approved',
          submission: 77,
          flagged: [
            {
              field: 'pan',
              memberId: refused.id,
              memberCode: 'M-OTHER',
              memberName: 'Other',
              action: 'flag',
            },
          ],
        }),
      ],
    );

    const range = {
      from: new Date(Date.now() - 3_600_000).toISOString(),
      to: new Date(Date.now() + 3_600_000).toISOString(),
    };
    const db = t.database.db;
    const rows: ReportRow[] = [];
    for await (const batch of fraudDecisionsReportSource.batches(db, range, 2)) rows.push(...batch);
    expect(await fraudDecisionsReportSource.count(db, range)).toBe(rows.length);
    const codes = (await kit.sql('select id, code from members where id = any($1)', [
      [flagged.id, held.id, refused.id],
    ])) as { id: number; code: string }[];
    const codeOf = (id: number) => codes.find((c) => c.id === id)!.code;
    const mine = (id: number) => rows.filter((r) => r.memberCode === codeOf(id));
    expect(mine(flagged.id).map((r) => [r.kind, r.rule, r.outcome])).toEqual([
      ['Flagged scan', 'too_many_per_hour', 'flagged'],
      ['KYC match', 'Same PAN (flag)', 'approved, flagged'],
    ]);
    expect(mine(flagged.id)[1]).toMatchObject({ subject: 'KYC #77', otherMember: 'Other (M-OTHER)' });
    expect(mine(held.id)).toEqual([
      expect.objectContaining({
        kind: 'Held scan',
        outcome: 'cleared',
        points: 10,
        decidedBy: expect.any(String),
      }),
    ]);
    expect(mine(held.id)[0]!.decidedAt).toBeInstanceOf(Date);
    expect(mine(refused.id).map((r) => [r.kind, r.rule, r.outcome])).toEqual([
      ['Refused scan', 'too_many_scans', 'refused'],
    ]);

    const payload = { reportType: 'fraud_decisions', startDate: todayInIndia(), endDate: todayInIndia() };
    const ok = await t.as('admin', { method: 'POST', url: '/api/admin/downloadReports', payload });
    expect(ok.statusCode).toBe(200);
    const denied = await t.as('finance', { method: 'POST', url: '/api/admin/downloadReports', payload });
    expect(denied.statusCode).toBe(403);
  });
});
