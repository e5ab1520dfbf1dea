import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { insertTestMember } from '../members/members.test-kit';
import { referralTrigger } from './points-credits';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const dayIst = (offset = 0) =>
  new Date(Date.now() + 5.5 * 3600e3 + offset * 86_400_000).toISOString().slice(0, 10);

describe('Joining Points', () => {
  it('shows the history with the setting in force per type, and adds a new one', async () => {
    const before = await t.as('admin', { url: '/api/admin/joining-points/settings' });
    const current = before.json().filter((r: { current: boolean }) => r.current);
    expect(current).toHaveLength(5);
    const res = await t.as('admin', {
      method: 'POST',
      url: '/api/admin/joining-points/settings',
      payload: { memberType: 'carpenter', points: 175, effectiveFrom: dayIst() },
    });
    const carpenter = res
      .json()
      .find((r: { memberType: string; current: boolean }) => r.memberType === 'carpenter' && r.current);
    expect(carpenter).toMatchObject({ points: 175, createdByName: 'Demo Admin' });
    const future = await t.as('admin', {
      method: 'POST',
      url: '/api/admin/joining-points/settings',
      payload: { memberType: 'carpenter', points: 999, effectiveFrom: dayIst(3) },
    });
    expect(future.json().find((r: { points: number }) => r.points === 999).current).toBe(false);
  });

  it('refuses past dates and bad input with field messages', async () => {
    const past = await t.as('admin', {
      method: 'POST',
      url: '/api/admin/joining-points/settings',
      payload: { memberType: 'dealer', points: 10, effectiveFrom: dayIst(-1) },
    });
    expect(past.json().fields).toEqual({ effectiveFrom: 'The date must be today or later' });
    const bad = await t.as('admin', {
      method: 'POST',
      url: '/api/admin/joining-points/settings',
      payload: { memberType: 'x', points: -1 },
    });
    expect(Object.keys(bad.json().fields).sort()).toEqual(['effectiveFrom', 'memberType', 'points']);
  });

  it('lists joining credits only', async () => {
    const res = await t.as('super admin', {
      url: '/api/admin/joining-points/credits?filter={"kind":"scan"}',
    });
    expect(res.json().total).toBeGreaterThan(0);
    expect(res.json().rows.every((r: { kind: string }) => r.kind === 'joining')).toBe(true);
  });
});

describe('Referral Points', () => {
  it('credits both sides once even when the trigger repeats', async () => {
    await t.as('almond team', {
      method: 'POST',
      url: '/api/admin/referral/settings',
      payload: { referrerPoints: 80, refereePoints: 40, trigger: 'first_scan', effectiveFrom: dayIst() },
    });
    const referrer = await insertTestMember(t.database.db);
    const newcomer = await insertTestMember(t.database.db, { referredBy: referrer });
    for (let i = 0; i < 3; i++)
      await t.database.db.transaction((tx) => referralTrigger(tx, newcomer, 'first_scan'));
    await t.database.db.transaction((tx) => referralTrigger(tx, newcomer, 'kyc_approved'));
    const credits = await t.as('almond team', { url: '/api/admin/referral/credits?perPage=500' });
    const mine = credits
      .json()
      .rows.filter((r: { reference: string }) => r.reference.startsWith(`referral:${newcomer}:`));
    expect(mine.map((r: { amount: number }) => r.amount).sort()).toEqual([40, 80]);
    const settings = await t.as('almond team', { url: '/api/admin/referral/settings' });
    expect(settings.json().find((r: { current: boolean }) => r.current)).toMatchObject({
      trigger: 'first_scan',
      referrerPoints: 80,
    });
  });

  it('names bad fields and refuses roles without the pages', async () => {
    const bad = await t.as('admin', {
      method: 'POST',
      url: '/api/admin/referral/settings',
      payload: { trigger: 'birthday' },
    });
    expect(bad.json().fields).toMatchObject({
      trigger: 'Choose when referral points are credited',
      referrerPoints: 'Referrer points is required',
    });
    for (const url of [
      '/api/admin/referral/settings',
      '/api/admin/referral/credits',
      '/api/admin/joining-points/settings',
      '/api/admin/joining-points/credits',
    ]) {
      expect((await t.as('cs', { url })).statusCode, url).toBe(403);
      expect((await t.app.inject({ url })).statusCode, url).toBe(401);
    }
  });
});
