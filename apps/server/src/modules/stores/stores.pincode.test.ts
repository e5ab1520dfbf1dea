import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { stores } from '../../db/schema/stores';

/**
 * The registration's pincode lookup: city and state from the stores the programme holds,
 * else from the bundled pincode directory, which also gives the district.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const store = (code: string, city: string, state: string, pincode: string, active = true) => ({
    code,
    name: code,
    kind: 'dealer' as const,
    contactPerson: 'Test',
    phone: '9876543210',
    address: 'Shop 1',
    city,
    state,
    pincode,
    lat: 26.9,
    lng: 75.8,
    active,
  });
  await t.database.db
    .insert(stores)
    .values([
      store('PIN-1', 'Jaipur', 'Rajasthan', '302901'),
      store('PIN-2', 'Jaipur', 'Rajasthan', '302901'),
      store('PIN-3', 'Amber', 'Rajasthan', '302901'),
      store('PIN-4', 'Closed Town', 'Gujarat', '380999', false),
    ]);
});
afterAll(() => t.close());

const lookup = (pincode: string) => t.app.inject({ url: `/api/app/pincodes/${pincode}` });

describe('pincode lookup (member app, before sign-in)', () => {
  it('answers the most common city and state of the active stores at the pincode', async () => {
    const res = await lookup('302901');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ pincode: '302901', city: 'Jaipur', district: null, state: 'Rajasthan' });
  });

  it('fills district and state from the bundled directory for pincodes no store has', async () => {
    expect((await lookup('473551')).json()).toEqual({
      pincode: '473551',
      city: 'Shivpuri',
      district: 'Shivpuri',
      state: 'Madhya Pradesh',
    });
    expect((await lookup('799001')).json()).toMatchObject({ district: 'West Tripura', state: 'Tripura' });
    expect((await lookup('364001')).json()).toMatchObject({ city: 'Bhavnagar', state: 'Gujarat' });
    // A seeded store's city and state win; the directory still gives the district.
    expect((await lookup('500001')).json()).toMatchObject({
      city: 'Hyderabad',
      district: 'Hyderabad',
      state: 'Telangana',
    });
    expect((await lookup('110001')).json()).toMatchObject({ district: 'Central Delhi', state: 'Delhi' });
  });

  it('answers nulls for a pincode neither knows, and 400 for one that is not a pincode', async () => {
    const none = { city: null, district: null, state: null };
    expect((await lookup('380999')).json()).toEqual({ pincode: '380999', ...none });
    expect((await lookup('190999')).json()).toEqual({ pincode: '190999', ...none });
    const bad = await lookup('012345');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['pincode']);
  });
});
