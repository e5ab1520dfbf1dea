import { INVOICE_MESSAGES } from '@app/contract/invoices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { couponsKit } from '../coupons/coupons.test-kit';

let t: TestApp;
let kit: ReturnType<typeof couponsKit>;
beforeAll(async () => {
  t = await createTestApp();
  kit = couponsKit(t);
});
afterAll(() => t.close());

const A = '/api/admin/integrations';
let accountSeq = 0;

/** An approved account (cs asks, almond team approves) and an approved key with these scopes. */
async function keyWith(scopes: string[], extra: object = {}) {
  const account = await kit.ok(
    await t.as('cs', {
      method: 'POST',
      url: `${A}/accounts`,
      payload: { name: `ERP ${++accountSeq}`, description: 'SAP' },
    }),
  );
  await kit.ok(
    await t.as('almond team', {
      method: 'POST',
      url: `${A}/accounts/${account.id}/decide`,
      payload: { result: 'approved' },
    }),
  );
  const key = await kit.ok(
    await t.as('cs', {
      method: 'POST',
      url: `${A}/accounts/${account.id}/keys`,
      payload: { label: 'push', scopes, ...extra },
    }),
  );
  const approved = (await kit.ok(
    await t.as('almond team', {
      method: 'POST',
      url: `${A}/keys/${key.id}/decide`,
      payload: { result: 'approved' },
    }),
  )) as unknown as { secret: string; key: { id: number; prefix: string } };
  return { accountId: account.id, name: `ERP ${accountSeq}`, keyId: key.id, secret: approved.secret };
}

const push = (secret: string, lines: object[], headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/integration/invoices',
    headers: { authorization: `Bearer ${secret}`, ...headers },
    payload: { lines },
  });
const read = (secret: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${secret}` } });

let invoiceSeq = 0;
const line = (sku: string, over: object = {}) => ({
  distributorCode: 'ERP-DIST-1',
  distributorName: 'ERP Traders',
  state: 'Maharashtra',
  city: 'Pune',
  invoiceNumber: `ERP/${++invoiceSeq}`,
  invoiceDate: '2024-06-01',
  sku,
  quantity: 10,
  ...over,
});

describe('service accounts and keys (maker-checker)', () => {
  it('a role without the action cannot ask for an account (403)', async () => {
    const res = await t.as('finance', { method: 'POST', url: `${A}/accounts`, payload: { name: 'CRM' } });
    expect(res.statusCode).toBe(403);
    expect(await kit.sql("select 1 from service_accounts where name = 'CRM'")).toHaveLength(0);
  });

  it('the maker cannot approve his own account or key; the approver sees the key once, stored hashed', async () => {
    const account = await kit.ok(
      await t.as('cs', { method: 'POST', url: `${A}/accounts`, payload: { name: 'Warehouse' } }),
    );
    const own = await t.as('cs', {
      method: 'POST',
      url: `${A}/accounts/${account.id}/decide`,
      payload: { result: 'approved' },
    });
    expect(own.statusCode).toBe(409);
    expect(own.json().error).toBe('maker_checker');
    await kit.ok(
      await t.as('admin', {
        method: 'POST',
        url: `${A}/accounts/${account.id}/decide`,
        payload: { result: 'approved' },
      }),
    );
    const key = await kit.ok(
      await t.as('cs', {
        method: 'POST',
        url: `${A}/accounts/${account.id}/keys`,
        payload: { label: 'nightly', scopes: ['invoices.create'] },
      }),
    );
    const ownKey = await t.as('cs', {
      method: 'POST',
      url: `${A}/keys/${key.id}/decide`,
      payload: { result: 'approved' },
    });
    expect(ownKey.statusCode).toBe(409);
    expect(await kit.sql('select status, secret_hash from api_keys where id = $1', [key.id])).toEqual([
      { status: 'pending', secret_hash: null },
    ]);
    const approved = (await kit.ok(
      await t.as('admin', {
        method: 'POST',
        url: `${A}/keys/${key.id}/decide`,
        payload: { result: 'approved' },
      }),
    )) as unknown as { secret: string; key: { prefix: string } };
    expect(approved.secret).toMatch(/^ak_[0-9a-f]{12}_/);
    expect(approved.secret.startsWith(`ak_${approved.key.prefix}_`)).toBe(true);
    const [stored] = await kit.sql('select secret_hash from api_keys where id = $1', [key.id]);
    expect(stored!.secret_hash).not.toContain(approved.secret.slice(16));
    // Listed afterwards without the secret.
    const list = await kit.ok(await t.as('cs', { method: 'GET', url: `${A}/keys` }));
    expect(JSON.stringify(list)).not.toContain(approved.secret);
  });
});

describe('the access layer', () => {
  it('a key limited to invoices cannot read members (403) nor open staff routes (401)', async () => {
    const { secret } = await keyWith(['invoices.create']);
    expect((await read(secret, '/api/integration/members')).statusCode).toBe(403);
    expect((await read(secret, `${A}/accounts`)).statusCode).toBe(401);
    expect((await read(secret, '/api/admin/users')).statusCode).toBe(401);
    // And a staff token does not open the integration API.
    const staff = await t.as('almond team', { method: 'GET', url: '/api/integration/members' });
    expect(staff.statusCode).toBe(401);
  });

  it('a revoked and an expired key are refused (401); every call is audited under the account', async () => {
    const members = await keyWith(['/dashboard/users']);
    expect((await read(members.secret, '/api/integration/members?limit=5')).statusCode).toBe(200);
    await kit.ok(await t.as('cs', { method: 'POST', url: `${A}/keys/${members.keyId}/revoke` }));
    expect((await read(members.secret, '/api/integration/members')).statusCode).toBe(401);

    const expiring = await keyWith(['/dashboard/users']);
    await kit.sql("update api_keys set expires_at = now() - interval '1 second' where id = $1", [
      expiring.keyId,
    ]);
    expect((await read(expiring.secret, '/api/integration/members')).statusCode).toBe(401);
    expect((await read(`${expiring.secret.slice(0, -2)}xx`, '/api/integration/members')).statusCode).toBe(
      401,
    );

    const calls = await kit.sql(
      "select actor_id, actor_role, after->>'status' as status from audit_log where action = 'integration.called' and entity_id = $1",
      [String(members.accountId)],
    );
    expect(calls).toEqual([
      { actor_id: null, actor_role: `service account: ${members.name}`, status: '200' },
    ]);
    const [used] = await kit.sql('select last_used_at, last_used_ip from api_keys where id = $1', [
      members.keyId,
    ]);
    expect(used!.last_used_at).not.toBeNull();
    expect(used!.last_used_ip).toBe('127.0.0.1');
  });

  it('a rotation keeps the old key for the overlap only; with no overlap it ends on approval', async () => {
    const old = await keyWith(['/dashboard/users']);
    const successor = await kit.ok(
      await t.as('cs', {
        method: 'POST',
        url: `${A}/keys/${old.keyId}/rotate`,
        payload: { overlapHours: 0 },
      }),
    );
    expect((await read(old.secret, '/api/integration/members')).statusCode).toBe(200);
    const approved = (await kit.ok(
      await t.as('admin', {
        method: 'POST',
        url: `${A}/keys/${successor.id}/decide`,
        payload: { result: 'approved' },
      }),
    )) as unknown as { secret: string };
    expect((await read(old.secret, '/api/integration/members')).statusCode).toBe(401);
    expect((await read(approved.secret, '/api/integration/members')).statusCode).toBe(200);
  });

  it("over the key's own rate limit, calls are answered 429", async () => {
    const { secret } = await keyWith(['/dashboard/users'], { ratePerMinute: 2 });
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await read(secret, '/api/integration/members')).statusCode);
    expect(codes).toEqual([200, 200, 429]);
  });
});

describe('invoices pushed through the API', () => {
  it('the same invoice pushed twice in parallel is created once', async () => {
    const { secret } = await keyWith(['invoices.create']);
    const p = await kit.product();
    const lines = [line(String(p.sku), { invoiceNumber: 'PAR/1' })];
    const [a, b] = await Promise.all([push(secret, lines), push(secret, lines)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const outcomes = [a.json().lines[0].outcome, b.json().lines[0].outcome].sort();
    expect(outcomes).toEqual(['accepted', 'duplicate']);
    expect(await kit.sql("select count(*)::int as n from invoices where number = 'PAR/1'")).toEqual([
      { n: 1 },
    ]);
  });

  it('answers each line: accepted, duplicate, refused with the field and reason', async () => {
    const { secret } = await keyWith(['invoices.create']);
    const [p1, p2] = [await kit.product(), await kit.product()];
    const first = await push(secret, [line(String(p1.sku), { invoiceNumber: 'MIX/1' })]);
    expect(first.json()).toMatchObject({ accepted: 1, invoicesCreated: 1 });

    const res = await push(secret, [
      line(String(p1.sku), { invoiceNumber: 'MIX/2' }),
      line(String(p2.sku), { invoiceNumber: 'MIX/2' }),
      line(String(p1.sku), { invoiceNumber: 'MIX/1' }),
      line('NO-SUCH-SKU', { invoiceNumber: 'MIX/3' }),
      line(String(p1.sku), { invoiceNumber: 'MIX/4', quantity: 0 }),
      line(String(p1.sku), { invoiceNumber: 'MIX/5', invoiceDate: '2999-01-01' }),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ accepted: 2, duplicate: 1, refused: 3, invoicesCreated: 1 });
    expect(body.lines.map((l: { outcome: string }) => l.outcome)).toEqual([
      'accepted',
      'accepted',
      'duplicate',
      'refused',
      'refused',
      'refused',
    ]);
    expect(body.lines[0].invoiceId).toBe(body.lines[1].invoiceId);
    expect(body.lines[3]).toMatchObject({ field: 'sku' });
    expect(body.lines[4]).toMatchObject({ field: 'quantity', reason: INVOICE_MESSAGES.quantity });
    expect(body.lines[5]).toMatchObject({ field: 'invoiceDate', reason: INVOICE_MESSAGES.dateFuture });
    expect(
      await kit.sql(
        "select number, (select count(*)::int from invoice_lines l where l.invoice_id = i.id) as lines from invoices i where number like 'MIX/%' order by number",
      ),
    ).toEqual([
      { number: 'MIX/1', lines: 1 },
      { number: 'MIX/2', lines: 2 },
    ]);
    const [audit] = await kit.sql(
      "select actor_role from audit_log where action = 'invoice.pushed' order by id desc limit 1",
    );
    expect(audit!.actor_role).toMatch(/^service account: /);
  });

  it('a repeat with the same Idempotency-Key answers the first answer and changes nothing', async () => {
    const { secret } = await keyWith(['invoices.create']);
    const p = await kit.product();
    const lines = [line(String(p.sku), { invoiceNumber: 'IDEM/1' })];
    const first = await push(secret, lines, { 'idempotency-key': 'batch-0001' });
    const again = await push(secret, lines, { 'idempotency-key': 'batch-0001' });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(again.json().lines[0].outcome).toBe('accepted');
    const other = await push(secret, [line(String(p.sku))], { 'idempotency-key': 'batch-0001' });
    expect(other.statusCode).toBe(422);
  });

  it('refuses more than 1,000 lines naming the field', async () => {
    const { secret } = await keyWith(['invoices.create']);
    const res = await push(
      secret,
      Array.from({ length: 1001 }, () => line('X')),
    );
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields ?? {})).toContain('lines');
  });
});

describe('upserts and incremental reads', () => {
  it('upserts a distributor, a product with dated points and a store by code', async () => {
    const { secret } = await keyWith(['distributors.manage', 'products.manage', 'stores.manage']);
    const put = (url: string, payload: object) =>
      t.app.inject({ method: 'PUT', url, headers: { authorization: `Bearer ${secret}` }, payload });
    const d1 = await put('/api/integration/distributors/erp-d-9', {
      name: 'Nine Traders',
      state: 'Kerala',
      city: 'Kochi',
    });
    expect(d1.json()).toMatchObject({ created: true, row: { code: 'ERP-D-9', name: 'Nine Traders' } });
    const d2 = await put('/api/integration/distributors/ERP-D-9', {
      name: 'Nine Traders Pvt',
      state: 'Kerala',
      city: 'Kochi',
    });
    expect(d2.json()).toMatchObject({
      created: false,
      row: { id: d1.json().row.id, name: 'Nine Traders Pvt' },
    });

    const p = await put('/api/integration/products/erp-sku-1', {
      name: 'Ply 18mm',
      category: 'Plywood',
      unit: 'sheet',
      basePoints: 10,
      points: [{ points: 15, effectiveFrom: '2999-01-01', reason: 'New season' }],
    });
    expect(p.statusCode, p.body).toBe(200);
    expect(p.json()).toMatchObject({ created: true, row: { sku: 'ERP-SKU-1' } });
    expect(
      await kit.sql(
        "select points from product_points c join products p on p.id = c.product_id where p.sku = 'ERP-SKU-1' order by c.id",
      ),
    ).toEqual(expect.arrayContaining([{ points: 15 }]));
    const past = await put('/api/integration/products/erp-sku-1', {
      name: 'Ply 18mm',
      category: 'Plywood',
      unit: 'sheet',
      basePoints: 10,
      points: [{ points: 20, effectiveFrom: '2020-01-01', reason: 'Backdated' }],
    });
    expect(past.statusCode).toBe(400);
    expect(Object.keys(past.json().fields)).toEqual(['points.0.effectiveFrom']);

    const s = await put('/api/integration/stores/erp-st-1', {
      name: 'Kochi Experience Centre',
      kind: 'experience_centre',
      contactPerson: 'Anil',
      phone: '+91 98470 12345',
      email: '',
      address: 'MG Road',
      city: 'Kochi',
      state: 'Kerala',
      pincode: '682016',
      lat: 9.97,
      lng: 76.28,
      openingHours: '10-7',
    });
    expect(s.statusCode, s.body).toBe(200);
    expect(s.json()).toMatchObject({ created: true, row: { code: 'ERP-ST-1' } });
    const audits = await kit.sql(
      "select action, actor_role from audit_log where entity in ('distributor', 'store') and actor_role like 'service account:%' order by id",
    );
    expect(audits.map((a) => a.action)).toEqual([
      'distributor.created',
      'distributor.updated',
      'store.created',
    ]);
  });

  it('reads members changed since a cursor, masked unless the key may reveal', async () => {
    const { secret } = await keyWith(['/dashboard/users']);
    let cursor: string | undefined;
    let seen = 0;
    for (;;) {
      const res = await read(
        secret,
        `/api/integration/members?limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      seen += body.rows.length;
      for (const m of body.rows) expect(m.mobile).toMatch(/^XXXXXX\d{4}$/);
      cursor = body.nextCursor;
      if (!body.hasMore) break;
    }
    const [{ n }] = (await kit.sql('select count(*)::int as n from members')) as [{ n: number }];
    expect(seen).toBe(n);
    const idle = await read(secret, `/api/integration/members?cursor=${encodeURIComponent(cursor!)}`);
    expect(idle.json()).toMatchObject({ rows: [], nextCursor: cursor });

    const [changed] = await kit.sql(
      "update members set city = 'Nashik' where id = (select min(id) from members) returning id",
    );
    const after = await read(secret, `/api/integration/members?cursor=${encodeURIComponent(cursor!)}`);
    expect(after.json().rows.map((r: { id: number }) => r.id)).toEqual([Number(changed!.id)]);

    const bad = await read(secret, '/api/integration/members?cursor=nonsense');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['cursor']);

    const revealing = await keyWith(['/dashboard/users', 'kyc.reveal']);
    const whole = await read(revealing.secret, '/api/integration/members?limit=1');
    expect(whole.json().rows[0].mobile).toMatch(/^\d{10}$/);
  });
});
