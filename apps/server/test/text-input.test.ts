import { hasForbiddenCharacters, text } from '@app/contract/input';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit, jsonbSafe } from '../src/lib/audit';
import { memberWithToken } from '../src/modules/coupons/scan.test-kit';
import { createBde } from '../src/modules/employees/employees.test-kit';
import { createTestApp, type TestApp } from './harness';
import { callerFor, jsonWriteRoutes, sampleOf, stringPaths, withIds, withValue } from './request-samples';

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

/** PostgreSQL refuses NUL in text, and NUL or a lone surrogate in jsonb: once these reached it as 500s. */
const HOSTILE = { nul: 'a\u0000b', loneSurrogate: 'x\ud800y', escape: 'a\u001bb' } as const;

describe('the text rule of the contract', () => {
  it.each([
    ['plain text', 'Ravi Kumar', false, false],
    ['an emoji (a surrogate pair)', 'ok 😀', false, false],
    ['NUL', HOSTILE.nul, false, true],
    ['a lone high surrogate', HOSTILE.loneSurrogate, false, true],
    ['a lone low surrogate', 'x\udc00y', false, true],
    ['ESC', HOSTILE.escape, false, true],
    ['DEL', 'a\u007fb', false, true],
    ['a line break in one-line text', 'a\nb', false, true],
    ['a line break and tab in a note', 'a\n\tb\r\n', true, false],
    ['NUL in a note', HOSTILE.nul, true, true],
  ])('%s → refused: %s', (_case, value, multiline, refused) => {
    expect(hasForbiddenCharacters(value, multiline)).toBe(refused);
    expect(text(100, { multiline }).safeParse(value).success).toBe(!refused);
  });

  it('trims and bounds', () => {
    expect(text(5).parse('  abc  ')).toBe('abc');
    expect(text(5).safeParse('abcdef').success).toBe(false);
    expect(text(5, { trim: false }).parse(' ab ')).toBe(' ab ');
  });
});

describe('every JSON body of every write route', () => {
  it(
    'answers 400 naming the field for NUL, a lone surrogate or a control character in any string',
    async () => {
      const routes = jsonWriteRoutes(t.app);
      expect(routes.length).toBeGreaterThan(40);
      const failures: string[] = [];
      let probed = 0;
      for (const route of routes) {
        const call = callerFor(t, route.access, memberToken, fieldToken);
        const sample = sampleOf(route.body);
        for (const path of stringPaths(route.body)) {
          for (const [name, value] of Object.entries(HOSTILE)) {
            // Hundreds of hostile bodies from one member: the per-member limits are not under test here.
            await t.database.executeSql('delete from rate_limits');
            const res = await call({
              method: route.method,
              url: withIds(route.url),
              payload: withValue(sample, path, value),
            });
            probed++;
            const fields = res.statusCode === 400 ? (res.json().fields ?? {}) : {};
            if (!(path in fields))
              failures.push(
                `${route.method} ${route.url} ${path} (${name}): ${res.statusCode} ${res.body.slice(0, 120)}`,
              );
          }
        }
      }
      expect(probed).toBeGreaterThan(100);
      expect(failures).toEqual([]);
    },
    EVERY_ROUTE_TIMEOUT,
  );
});

describe('the audit writer', () => {
  it('stores NUL and lone surrogates from any source as U+FFFD instead of failing the change', async () => {
    const hostile = { note: HOSTILE.nul, [HOSTILE.loneSurrogate]: [HOSTILE.loneSurrogate], at: new Date(0) };
    expect(jsonbSafe(hostile)).toEqual({
      note: 'a\ufffdb',
      'x\ufffdy': ['x\ufffdy'],
      at: '1970-01-01T00:00:00.000Z',
    });
    await t.database.db.transaction((tx) =>
      audit(
        tx,
        { id: null, role: null, requestId: 'text-input-test' },
        {
          action: 'test.hostile',
          entity: 'test',
          entityId: 1,
          before: hostile,
          after: HOSTILE.loneSurrogate,
        },
      ),
    );
    const row = await t.database.executeSql(
      "select before->>'note' as note, after #>> '{}' as after from audit_log where request_id = 'text-input-test'",
    );
    expect(row.rows).toEqual([{ note: 'a\ufffdb', after: 'x\ufffdy' }]);
  });
});
