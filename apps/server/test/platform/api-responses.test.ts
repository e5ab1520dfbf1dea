import { BUILT_IN_ROLES, builtInPermissions } from '@app/contract/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemberSession } from '../../src/modules/member-auth/member-sessions';
import { permissionOf } from '../../src/plugins/access';
import { createTestApp, type TestApp } from '../harness';

let t: TestApp;
type Route = TestApp['app']['accessTable'][number];
interface Answer {
  route: string;
  url: string;
  status: number;
  cacheControl: string | undefined;
  json: unknown;
}
/** Every GET answer of the API on the seeded demo data, as each route's own kind of caller. */
let answers: Answer[];

/** Where `:id` comes from: the first row of the list the record route sits under, else 1. */
async function concrete(route: Route, get: (url: string) => Promise<{ json: unknown }>): Promise<string> {
  const parts = route.url.split('/');
  for (const [i, part] of parts.entries()) {
    if (!part.startsWith(':')) continue;
    const listed = (await get(`${parts.slice(0, i).join('/')}?perPage=1`)).json as
      | { rows?: { id?: unknown }[] }
      | undefined;
    parts[i] = String(listed?.rows?.[0]?.id ?? 1);
  }
  return parts.join('/');
}

beforeAll(async () => {
  t = await createTestApp();
  // The demo member with the most ledger entries: its own routes show real rows.
  const { rows } = await t.database.executeSql(
    'select member_id from points_ledger group by member_id order by count(*) desc limit 1',
  );
  const memberToken = await createMemberSession(t.database.db, Number(rows[0]!.member_id));
  const field = await t.app.inject({
    method: 'POST',
    url: '/api/field/login',
    payload: { mobile: '8000010006', password: 'field-demo1234' },
  });
  const fieldToken = field.json().token as string;
  const tokenFor = async (access: Route['access']) => {
    if (access === 'member') return memberToken;
    if (access === 'field') return fieldToken;
    const needed = permissionOf(access);
    return t.login(
      BUILT_IN_ROLES.find((r) => needed === undefined || builtInPermissions(r).includes(needed))!,
    );
  };
  answers = [];
  const routes = t.app.accessTable.filter(
    (r) =>
      r.method === 'GET' &&
      r.access !== 'public' && // GET /api/logout would end the session a probe uses
      r.url.startsWith('/api/') &&
      !r.url.endsWith('/export') &&
      !r.url.includes('*'),
  );
  for (const route of routes) {
    const token = await tokenFor(route.access);
    const get = async (url: string) => {
      const res = await t.as(token, { url });
      // A download (a member's data as a .json file) is a file, kept `private, no-store`, not an answer.
      const file = String(res.headers['content-disposition'] ?? '').startsWith('attachment');
      const json =
        !file && String(res.headers['content-type'] ?? '').includes('json') ? res.json() : undefined;
      return { res, json };
    };
    const url = await concrete(route, get);
    const { res, json } = await get(url);
    answers.push({
      route: route.url,
      url,
      status: res.statusCode,
      cacheControl: res.headers['cache-control'] as string | undefined,
      json,
    });
  }
}, 600_000); // some 200 requests and their lookups: minutes on a loaded machine
afterAll(() => t.close());

/** Every string in a JSON value, with its path. */
function* strings(value: unknown, path = '$'): Generator<[string, string]> {
  if (typeof value === 'string') yield [path, value];
  else if (Array.isArray(value)) for (const [i, v] of value.entries()) yield* strings(v, `${path}[${i}]`);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) yield* strings(v, `${path}.${k}`);
}

const LOOKS_LIKE_A_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;
const THE_ONE_FORM = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('API answers', () => {
  it('reach most routes with data (the walk below means something)', () => {
    const ok = answers.filter((a) => a.status === 200 && a.json !== undefined);
    expect(ok.length).toBeGreaterThan(120);
  });

  it('write every timestamp in one ISO form: UTC with milliseconds', () => {
    const wrong: string[] = [];
    let seen = 0;
    for (const a of answers)
      for (const [path, s] of strings(a.json))
        if (LOOKS_LIKE_A_TIME.test(s)) {
          seen++;
          if (!THE_ONE_FORM.test(s)) wrong.push(`${a.url} ${path} = ${s}`);
        }
    expect(seen).toBeGreaterThan(500);
    expect(wrong.slice(0, 20)).toEqual([]);
  });

  it('tell no browser or proxy to keep an authenticated JSON answer (Cache-Control: no-store)', () => {
    const json = answers.filter((a) => a.json !== undefined);
    for (const route of ['/api/admin/kyc/:id', '/api/admin/users/:id', '/api/app/profile'])
      expect(
        json.find((a) => a.route === route),
        route,
      ).toMatchObject({ status: 200, cacheControl: 'no-store' });
    expect(
      json.filter((a) => a.cacheControl !== 'no-store').map((a) => `${a.url}: ${a.cacheControl}`),
    ).toEqual([]);
  });

  it('carry no-store on refusals too', async () => {
    const res = await t.app.inject({ url: '/api/admin/users/1' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
