import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { maskedAadhaar, maskedAccount, maskedPan } from './masking';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the masking rule', () => {
  it('keeps the last four behind a run of X, in SQL, and leaves a missing number missing', async () => {
    const { rows } = await t.database.db.execute(sql`
      select ${maskedPan(sql`'234F'`)} as pan, ${maskedAccount(sql`'9012'`)} as account,
        ${maskedAadhaar(sql`'1234'`)} as aadhaar, ${maskedPan(sql`null::text`)} as "noPan"`);
    expect(rows[0]).toEqual({
      pan: 'XXXXXX234F',
      account: 'XXXXXXXX9012',
      aadhaar: 'XXXX XXXX 1234',
      noPan: null,
    });
  });
});
