import { SCHEME_MESSAGES } from '@app/contract/schemes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditCount, demoActor } from '../../../test/decisions.test-kit';
import { createTestApp, type TestApp } from '../../../test/harness';
import { decideMany } from '../../lib/decisions';
import { couponsKit } from '../coupons/coupons.test-kit';
import { schemeActivations } from './schemes.service';
import { dayIst, schemeBody } from './schemes.test-kit';

let t: TestApp;
let kit: ReturnType<typeof couponsKit>;
beforeAll(async () => {
  t = await createTestApp();
  kit = couponsKit(t);
});
afterAll(() => t.close());

const post = (by: string, url: string, payload?: object) =>
  t.as(by, { method: 'POST', url: `/api/admin/schemes${url}`, ...(payload ? { payload } : {}) });
const create = (by: string, payload: object) => post(by, '', payload);

describe('Scheme page', () => {
  it('creates and edits a draft, then activation needs a second person (maker-checker)', async () => {
    const product = await kit.product(10);
    const draft = await kit.ok(
      await create(
        'admin',
        schemeBody({ rule: 'fixed_bonus', bonusPoints: 5 }, { productIds: [product.id] }),
      ),
    );
    expect(draft).toMatchObject({ status: 'draft', rule: 'fixed_bonus', bonusPoints: 5, multiplier: null });
    const edited = await kit.ok(
      await t.as('admin', {
        method: 'PUT',
        url: `/api/admin/schemes/${draft.id}`,
        payload: schemeBody(
          { rule: 'multiplier', multiplier: 1.25 },
          { name: 'Monsoon x1.25', states: ['Kerala'] },
        ),
      }),
    );
    expect(edited).toMatchObject({
      name: 'Monsoon x1.25',
      multiplier: 1.25,
      bonusPoints: null,
      states: ['Kerala'],
    });

    expect((await post('almond team', `/${draft.id}/approve`)).statusCode).toBe(409); // not requested yet
    await kit.ok(await post('admin', `/${draft.id}/request-activation`));
    const self = await post('admin', `/${draft.id}/approve`);
    expect(self.statusCode).toBe(409);
    expect(self.json()).toMatchObject({ error: 'maker_checker', message: SCHEME_MESSAGES.makerChecker });

    const approved = await kit.ok(await post('almond team', `/${draft.id}/approve`));
    expect(approved).toMatchObject({ status: 'active', approvedByName: expect.any(String) });
    const editActive = await t.as('admin', {
      method: 'PUT',
      url: `/api/admin/schemes/${draft.id}`,
      payload: schemeBody({ rule: 'fixed_bonus', bonusPoints: 1 }),
    });
    expect(editActive.statusCode).toBe(409);
    expect((await kit.ok(await post('admin', `/${draft.id}/end`))).status).toBe('ended');
    expect((await post('admin', `/${draft.id}/cancel`, {})).statusCode).toBe(409);

    const history = await t.as('super admin', { url: `/api/admin/schemes/${draft.id}/history` });
    expect(history.json().map((e: { action: string }) => e.action)).toEqual([
      'scheme.created',
      'scheme.updated',
      'scheme.activation_requested',
      'scheme.activated',
      'scheme.ended',
    ]);
    const list = await t.as('admin', { url: `/api/admin/schemes?filter=${kit.q({ status: 'ended' })}` });
    // The demo data holds schemes in every state: the filter keeps the ended ones only.
    const ended = list.json().rows as { id: number; status: string }[];
    expect(ended.map((r) => r.id)).toContain(draft.id);
    expect(ended.every((r) => r.status === 'ended')).toBe(true);
  });

  it('refuses approval by the submitter even when someone else created it', async () => {
    const draft = await kit.ok(await create('admin', schemeBody({ rule: 'fixed_bonus', bonusPoints: 5 })));
    await kit.ok(await post('super admin', `/${draft.id}/request-activation`));
    expect((await post('super admin', `/${draft.id}/approve`)).json().error).toBe('maker_checker');
    const cancelled = await kit.ok(await post('admin', `/${draft.id}/cancel`, { reason: 'Not this month' }));
    expect(cancelled.status).toBe('cancelled');
  });

  it('gives field errors for bad schemes', async () => {
    const empty = await create('admin', {});
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().fields).sort()).toEqual(['endsOn', 'name', 'rule', 'startsOn']);
    const rules = await create(
      'admin',
      schemeBody({ rule: 'slab_bonus', multiplier: 2 }, { startsOn: dayIst(5), endsOn: dayIst(1) }),
    );
    expect(rules.json().fields).toEqual({
      endsOn: SCHEME_MESSAGES.endBeforeStart,
      multiplier: SCHEME_MESSAGES.notForRule,
      bonusPoints: SCHEME_MESSAGES.bonusRange,
      slabScans: SCHEME_MESSAGES.slabRange,
    });
    const multiplier = await create('admin', schemeBody({ rule: 'multiplier', multiplier: 1.005 }));
    expect(multiplier.json().fields).toEqual({ multiplier: SCHEME_MESSAGES.multiplierRange });
    const lists = await create(
      'admin',
      schemeBody({ rule: 'fixed_bonus', bonusPoints: 5 }, { memberTypes: ['pilot'], states: ['Atlantis'] }),
    );
    expect(Object.keys(lists.json().fields).sort()).toEqual(['memberTypes.0', 'states.0']);
    const past = await create(
      'admin',
      schemeBody({ rule: 'fixed_bonus', bonusPoints: 5 }, { startsOn: dayIst(-9), endsOn: dayIst(-2) }),
    );
    expect(past.json().fields).toEqual({ endsOn: SCHEME_MESSAGES.pastEnd });
    const sku = await create(
      'admin',
      schemeBody({ rule: 'fixed_bonus', bonusPoints: 5 }, { productIds: [999_999] }),
    );
    expect(sku.statusCode).toBe(400);
    expect(Object.keys(sku.json().fields)).toEqual(['productIds']);
    expect((await t.as('admin', { url: '/api/admin/schemes/999999' })).statusCode).toBe(404);
  });

  it('is for holders of the page only', async () => {
    const body = schemeBody({ rule: 'fixed_bonus', bonusPoints: 5 });
    expect((await t.as('cs', { url: '/api/admin/schemes' })).statusCode).toBe(403);
    expect((await create('cs', body)).statusCode).toBe(403);
    expect((await post('cs', '/1/approve')).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/schemes' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admin/schemes', payload: body })).statusCode,
    ).toBe(401);
  });
});

describe('scheme activations through the shared decision mechanism', () => {
  const requested = async (by = 'admin') => {
    const product = await kit.product(3);
    const s = await kit.ok(
      await create(by, schemeBody({ rule: 'fixed_bonus', bonusPoints: 2 }, { productIds: [product.id] })),
    );
    await kit.ok(await post(by, `/${s.id}/request-activation`));
    return s.id as number;
  };

  it('decides a bulk with an outcome per row: own and unrequested schemes are skipped', async () => {
    const [theirs, mine] = [await requested('admin'), await requested('almond team')];
    const draft = await kit.ok(await create('admin', schemeBody({ rule: 'fixed_bonus', bonusPoints: 2 })));
    const actor = await demoActor(t, 'almond team');
    const before = await auditCount(t, 'scheme.activated');
    const outcomes = await decideMany(t.app, schemeActivations, [theirs, mine, draft.id], {
      actor,
      result: 'approved',
      reason: null,
      input: undefined,
    });
    expect(outcomes).toEqual([
      { id: theirs, outcome: 'approved' },
      { id: mine, outcome: 'skipped', error: SCHEME_MESSAGES.makerChecker },
      { id: draft.id, outcome: 'skipped', error: 'Activation has not been requested' },
    ]);
    expect(await auditCount(t, 'scheme.activated')).toBe(before + 1);
    const rejected = await decideMany(t.app, schemeActivations, [mine], {
      actor: await demoActor(t, 'admin'),
      result: 'rejected',
      reason: null,
      input: undefined,
    });
    expect(rejected).toEqual([{ id: mine, outcome: 'rejected' }]);
    expect((await t.as('admin', { url: `/api/admin/schemes/${mine}` })).json().status).toBe('draft');
  });

  it('answers 409 to an active scheme and changes nothing', async () => {
    const id = await requested();
    await kit.ok(await post('almond team', `/${id}/approve`));
    const audits = await auditCount(t, 'scheme.activated');
    const again = await post('super admin', `/${id}/approve`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This scheme is active');
    expect(await auditCount(t, 'scheme.activated')).toBe(audits);
  });
});
