import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const URL = '/api/admin/me/preferences';

describe('staff preferences (list density), each person their own', () => {
  it('start empty, keep what is written, and belong to the signed-in person only', async () => {
    expect((await t.as('cs', { method: 'GET', url: URL })).json()).toEqual({});
    const saved = await t.as('cs', { method: 'PUT', url: URL, payload: { density: 'compact' } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ density: 'compact' });
    expect((await t.as('cs', { method: 'GET', url: URL })).json()).toEqual({ density: 'compact' });
    // Another person's are untouched, and no request names whose they are: there is no id to send.
    expect((await t.as('finance', { method: 'GET', url: URL })).json()).toEqual({});
    await t.as('finance', { method: 'PUT', url: URL, payload: { density: 'comfortable' } });
    expect((await t.as('cs', { method: 'GET', url: URL })).json()).toEqual({ density: 'compact' });
    // A write that names nothing changes nothing.
    expect((await t.as('cs', { method: 'PUT', url: URL, payload: {} })).json()).toEqual({
      density: 'compact',
    });
  });

  it('refuses a wrong value or an unknown preference with a field error, never a 500', async () => {
    const wrong = await t.as('cs', { method: 'PUT', url: URL, payload: { density: 'tiny' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ density: 'Choose comfortable or compact' });
    const unknown = await t.as('cs', { method: 'PUT', url: URL, payload: { theme: 'dark' } });
    expect(unknown.statusCode).toBe(400);
    const other = await t.as('cs', { method: 'PUT', url: URL, payload: { staffId: 1, density: 'compact' } });
    expect(other.statusCode).toBe(400);
  });

  it('needs a signed-in staff member', async () => {
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'PUT', url: URL, payload: { density: 'compact' } })).statusCode,
    ).toBe(401);
  });
});
