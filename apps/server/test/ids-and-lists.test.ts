import { GAME_MESSAGES } from '@app/contract/games';
import { INPUT_MESSAGES, MAX_ID } from '@app/contract/input';
import { INVOICE_MESSAGES } from '@app/contract/invoices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberWithToken } from '../src/modules/coupons/scan.test-kit';
import { createBde } from '../src/modules/employees/employees.test-kit';
import { createTestApp, type TestApp } from './harness';
import { arrayPaths, callerFor, jsonWriteRoutes, sampleOf, withValue } from './request-samples';

/** The tests that walk every route send hundreds of requests. */
const EVERY_ROUTE_TIMEOUT = 180_000;

let t: TestApp;
let memberToken: string;
let fieldToken: string;
beforeAll(async () => {
  t = await createTestApp();
  memberToken = (await memberWithToken(t)).token;
  fieldToken = (await createBde(t)).token;
});
afterAll(() => t.close());

/** Each was once read as a valid id: `0x10` as 16, `1e1` as 10, ` 1` and `01` as 1. */
const BAD_IDS = ['0x10', '1e1', '%201', '01', '-1', '0', '1.0', String(MAX_ID + 1)];

describe('ids in paths', () => {
  const routes = () =>
    t.app.accessTable.filter((r) => r.method !== 'HEAD' && /:(id|productId)\b/.test(r.url));

  it.each(BAD_IDS)(
    '%s answers 400 naming the parameter on every route that takes an id',
    async (bad) => {
      expect(routes().length).toBeGreaterThan(40);
      const failures: string[] = [];
      for (const r of routes()) {
        const param = /:(id|productId)\b/.exec(r.url)![1]!;
        const url = r.url.replace(`:${param}`, bad).replace(':doc', 'pan');
        const res = await callerFor(
          t,
          r.access,
          memberToken,
          fieldToken,
        )({
          method: r.method as 'GET',
          url,
          payload: r.method === 'GET' || r.method === 'DELETE' ? undefined : {},
        });
        if (res.statusCode !== 400 || !res.json().fields?.[param])
          failures.push(`${r.method} ${url}: ${res.statusCode} ${res.body.slice(0, 100)}`);
      }
      expect(failures).toEqual([]);
    },
    EVERY_ROUTE_TIMEOUT,
  );

  it('reads a plain decimal id as itself', async () => {
    const res = await t.as('almond team', { method: 'GET', url: '/api/admin/products/1' });
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(1);
  });

  it('refuses a body id beyond the database range with 400 naming it', async () => {
    const res = await t.as('almond team', {
      method: 'POST',
      url: '/api/admin/coupon-batches',
      payload: { productId: MAX_ID + 1, quantity: 1, expiresOn: '2099-01-01' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.productId).toBeDefined();
  });
});

/** Items that pass their own rule, where the generic sample would not (so a repeat is the only fault). */
const ITEM_SAMPLES: Record<string, unknown> = { permissions: '/dashboard' };
/** Invoice lines: the service names a repeated SKU on its line, beside unknown and inactive ones. */
const REPEAT_REPORTED_AT: Record<string, [string, string]> = {
  'POST /api/admin/invoices lines': ['lines.1.productId', INVOICE_MESSAGES.productRepeated],
  'POST /api/admin/games prizes': ['prizes.1.label', GAME_MESSAGES.labelRepeated],
  'PUT /api/admin/games/:id prizes': ['prizes.1.label', GAME_MESSAGES.labelRepeated],
};

describe('arrays in request bodies', () => {
  const cases = () =>
    jsonWriteRoutes(t.app).flatMap((route) =>
      arrayPaths(route.body).map((array) => ({
        route,
        ...array,
        name: `${route.method} ${route.url} ${array.path}`,
      })),
    );

  it('are all probed', () => {
    expect(cases().map((c) => c.path)).toEqual(
      expect.arrayContaining(['memberTypes', 'states', 'productIds', 'permissions', 'ids', 'lines']),
    );
  });

  it(
    'refuse the same item twice with 400 naming the field',
    async () => {
      const failures: string[] = [];
      for (const c of cases()) {
        const item = ITEM_SAMPLES[c.path] ?? sampleOf(c.schema.items ?? {});
        const body = withValue(sampleOf(c.route.body), c.path, [item, item]);
        const res = await callerFor(
          t,
          c.route.access,
          memberToken,
          fieldToken,
        )({ method: c.route.method, url: c.route.url.replace(':id', '1'), payload: body });
        const [field, message] = REPEAT_REPORTED_AT[`${c.route.method} ${c.route.url} ${c.path}`] ?? [
          c.path,
          INPUT_MESSAGES.repeated,
        ];
        if (res.statusCode !== 400 || res.json().fields?.[field] !== message)
          failures.push(`${c.name}: ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
      expect(failures).toEqual([]);
    },
    EVERY_ROUTE_TIMEOUT,
  );

  it(
    'have a maximum, and one item more answers 400 naming the field',
    async () => {
      const failures: string[] = [];
      for (const c of cases()) {
        if (c.schema.maxItems === undefined) failures.push(`${c.name}: no maximum`);
        const item = ITEM_SAMPLES[c.path] ?? sampleOf(c.schema.items ?? {});
        const long = Array.from({ length: (c.schema.maxItems ?? 10_000) + 1 }, () => item);
        const body = withValue(sampleOf(c.route.body), c.path, long);
        const res = await callerFor(
          t,
          c.route.access,
          memberToken,
          fieldToken,
        )({ method: c.route.method, url: c.route.url.replace(':id', '1'), payload: body });
        if (res.statusCode !== 400 || !/^At most/.test(res.json().fields?.[c.path] ?? ''))
          failures.push(`${c.name}: ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
      expect(failures).toEqual([]);
    },
    EVERY_ROUTE_TIMEOUT,
  );
});
