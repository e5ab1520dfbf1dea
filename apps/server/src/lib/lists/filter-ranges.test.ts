import { MAX_ID } from '@app/contract/input';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { callerFor } from '../../../test/request-samples';
import { memberWithToken } from '../../modules/coupons/scan.test-kit';
import { createBde } from '../../modules/employees/employees.test-kit';
import { INT4_RANGE, parseId, parseSerial, parseWhole } from './filters';
import { fieldsOf } from './filters.test-kit';

/** Every id and whole-number filter key the lists declare (`id(…)`, `intRange(…)`). */
const INTEGER_KEYS = [
  'actorId',
  'batchId',
  'bdeId',
  'createdBy',
  'dealerId',
  'decidedBy',
  'distributorId',
  'eventId',
  'gameId',
  'invoiceId',
  'invoiceLineId',
  'managerId',
  'memberId',
  'productId',
  'redemptionId',
  'reportedBy',
  'requestedBy',
  'roleId',
  'staffId',
  'uploadId',
  'balanceMin',
  'balanceMax',
];
/** Just beyond a 4-byte integer column, as JSON numbers and as the strings a URL may carry. */
const BEYOND = [MAX_ID + 1, String(MAX_ID + 1), INT4_RANGE.min - 1, 9_007_199_254_740_991];

describe('integer filter values', () => {
  it('are refused beyond the column type, naming the filter', () => {
    expect(parseId(MAX_ID, 'memberId')).toBe(MAX_ID);
    expect(fieldsOf(() => parseId(MAX_ID + 1, 'memberId'))).toEqual({ 'filter.memberId': 'Not an id' });
    expect(parseWhole(INT4_RANGE.min, 'balanceMin')).toBe(INT4_RANGE.min);
    for (const bad of [MAX_ID + 1, INT4_RANGE.min - 1, '2147483648'])
      expect(fieldsOf(() => parseWhole(bad, 'balanceMin'))).toEqual({
        'filter.balanceMin': 'Use a whole number from -2147483648 to 2147483647',
      });
    // Serials live in 8-byte columns: beyond an id's range is still a serial.
    expect(parseSerial(String(MAX_ID + 1), 'serial')).toBe(MAX_ID + 1);
  });
});

let t: TestApp;
let memberToken: string;
let fieldToken: string;
beforeAll(async () => {
  t = await createTestApp();
  memberToken = (await memberWithToken(t)).token;
  fieldToken = (await createBde(t)).token;
});
afterAll(() => t.close());

describe('every list', () => {
  it('answers an id or whole number beyond its column with 400 naming the filter, page and export', async () => {
    const exports = new Set(t.app.accessTable.filter((r) => r.method === 'GET').map((r) => r.url));
    const routes = t.app.accessTable.filter(
      (r) =>
        r.method === 'GET' &&
        r.access !== 'public' &&
        r.url.startsWith('/api/') &&
        exports.has(`${r.url}/export`),
    );
    expect(routes.length).toBeGreaterThan(40);
    const probed: string[] = [];
    const failures: string[] = [];
    for (const route of routes) {
      const call = callerFor(t, route.access, memberToken, fieldToken);
      const url = route.url.replace(/:[A-Za-z]+/g, '1');
      const get = (path: string, key: string, value: unknown) =>
        call({
          method: 'GET',
          url: `${path}?filter=${encodeURIComponent(JSON.stringify({ [key]: value }))}`,
        });
      for (const key of INTEGER_KEYS) {
        const known = await get(url, key, 1);
        if (known.statusCode === 400 && known.json().fields?.[`filter.${key}`] === 'Unknown filter') continue;
        if (known.statusCode !== 200) continue; // a list under a record that does not exist
        probed.push(`${route.url} ${key}`);
        for (const value of BEYOND)
          for (const path of [url, `${url}/export`]) {
            // An export that starts its file and then fails is a connection cut mid-download.
            const res = await get(path, key, value).catch((error: Error) => ({
              statusCode: 0,
              body: `cut off: ${error.message}`,
              json: () => ({}) as { fields?: Record<string, string> },
            }));
            if (res.statusCode !== 400 || !res.json().fields?.[`filter.${key}`])
              failures.push(
                `${path} ${key}=${JSON.stringify(value)}: ${res.statusCode} ${res.body.slice(0, 80)}`,
              );
          }
      }
    }
    expect(failures).toEqual([]);
    // The pairs the issue named, among some forty.
    expect(probed).toEqual(
      expect.arrayContaining([
        '/api/admin/users balanceMin',
        '/api/admin/users balanceMax',
        '/api/admin/users bdeId',
        '/api/admin/users dealerId',
      ]),
    );
    expect(probed.length).toBeGreaterThanOrEqual(30);
  }, 300_000);
});
