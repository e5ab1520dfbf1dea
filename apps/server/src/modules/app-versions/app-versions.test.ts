import { APP_VERSION_MESSAGES as M } from '@app/contract/app-versions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { mustUpdate } from './app-versions.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: { runWorkers: false } });
});
afterAll(() => t.close());

const put = (platform: string, payload: object, by = 'almond team') =>
  t.as(by, { method: 'PUT', url: `/api/admin/app-versions/${platform}`, payload });
const check = (platform: string, current: string) =>
  t.app.inject({ url: `/api/app/version?platform=${platform}&current=${encodeURIComponent(current)}` });

describe('version comparison (semver)', () => {
  const soft = { latest: '1.10.0', minimum: '1.2.3', force: false };
  const forced = { ...soft, force: true };
  it.each([
    // current, setting, must update
    ['1.2.3', soft, false],
    ['1.2.2', soft, true],
    ['1.9.9', soft, false],
    ['1.10.0', soft, false],
    ['1.2.3', forced, true],
    ['1.9.0', forced, true],
    ['1.10.0', forced, false],
    ['2.0.0-beta.1', forced, false],
    ['1.10.0', { latest: '2.0.0', minimum: '2.0.0-beta.1', force: false }, true],
    ['2.0.0-beta.1', { latest: '2.0.0', minimum: '2.0.0-beta.1', force: false }, false],
    ['2.0.0-beta.1', { latest: '2.0.0', minimum: '2.0.0-beta.1', force: true }, true],
    ['2.0.0', { latest: '2.0.0', minimum: '2.0.0-beta.1', force: true }, false],
  ] as const)('%s against %o: must update %s', (current, setting, expected) => {
    expect(mustUpdate(current, setting)).toBe(expected);
  });
});

describe('Update Version', () => {
  it('keeps every change as history and answers the app from the newest', async () => {
    const first = await put('android', {
      latest: '1.10.0',
      minimum: '1.2.3',
      force: false,
      notes: 'Faster scans',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect((await check('android', '1.2.3')).json()).toEqual({
      latest: '1.10.0',
      minimum: '1.2.3',
      mustUpdate: false,
      notes: 'Faster scans',
    });
    expect((await check('android', '1.2.2')).json().mustUpdate).toBe(true);

    expect(
      (await put('android', { latest: '2.0.0', minimum: '1.10.0', force: true, notes: '' })).statusCode,
    ).toBe(200);
    expect((await check('android', '1.10.0')).json()).toMatchObject({ latest: '2.0.0', mustUpdate: true });
    expect((await check('android', '2.0.0-beta.1')).json().mustUpdate).toBe(true);
    expect((await check('android', '2.0.0')).json().mustUpdate).toBe(false);

    const current = (await t.as('almond team', { url: '/api/admin/app-versions' })).json();
    expect(current.android).toMatchObject({ latest: '2.0.0', minimum: '1.10.0', force: true });
    const history = (
      await t.as('almond team', {
        url: `/api/admin/app-versions/history?filter=${encodeURIComponent('{"platform":"android"}')}`,
      })
    ).json();
    expect(history.rows.slice(0, 2).map((r: { latest: string }) => r.latest)).toEqual(['2.0.0', '1.10.0']);
    const audits = (
      await t.database.executeSql(
        "select before, after from audit_log where entity = 'app_version' and entity_id = 'android' order by id desc limit 1",
      )
    ).rows;
    expect(audits[0]).toMatchObject({
      before: { latest: '1.10.0' },
      after: { latest: '2.0.0', force: true },
    });
  });

  it('answers 400 naming the field on a bad version or platform, and changes nothing', async () => {
    await put('ios', { latest: '3.1.0', minimum: '3.0.0', force: false, notes: '' });
    for (const bad of ['1.2', 'v1.2.3', '01.2.3', 'abc', '']) {
      const res = await check('ios', bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().fields.current, bad).toBe(M.version);
    }
    const platform = await check('windows', '1.2.3');
    expect(platform.statusCode).toBe(400);
    expect(platform.json().fields.platform).toBe(M.platform);

    const badLatest = await put('ios', { latest: '3.x', minimum: '3.0.0', force: false });
    expect(badLatest.statusCode).toBe(400);
    expect(badLatest.json().fields.latest).toBe(M.version);
    const inverted = await put('ios', { latest: '3.0.0', minimum: '3.1.0', force: false });
    expect(inverted.statusCode).toBe(400);
    expect(inverted.json().fields.minimum).toBe(M.minimumAboveLatest);
    expect((await check('ios', '3.0.0')).json()).toMatchObject({ latest: '3.1.0', minimum: '3.0.0' });
  });

  it('is public for the app and refused (403) to roles without Update Version', async () => {
    expect((await check('ios', '3.0.0')).statusCode).toBe(200);
    for (const role of ['marketing', 'admin', 'finance']) {
      expect((await put('ios', { latest: '9.0.0', minimum: '1.0.0', force: false }, role)).statusCode).toBe(
        403,
      );
      expect((await t.as(role, { url: '/api/admin/app-versions' })).statusCode).toBe(403);
    }
  });
});
