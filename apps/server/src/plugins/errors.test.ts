import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { logCapture } from '../../test/log-capture';
import { safeErrorMessage } from './errors';

/** A failed statement is logged by its error code and constraint, never by the values it carried. */
describe('error logs', () => {
  const { lines, stream } = logCapture();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ logger: { level: 'info', stream } });
  });
  afterAll(() => t.close());

  const createStaff = (email: string, mobile: string) =>
    t.as('admin', {
      method: 'POST',
      url: '/api/admin/staff',
      payload: { name: 'Log Probe', email, mobile, roleId: 2, password: 'Saffron-Kettle-42' },
    });

  it('carry no hash, e-mail or mobile of a failed staff insert', async () => {
    expect((await createStaff('log-probe@example.test', '9812345670')).statusCode).toBe(200);
    expect((await createStaff('log-probe@example.test', '9812345671')).statusCode).toBe(409);
    // A forced failure the service does not expect: its detail would name the whole row.
    await t.database.executeSql(
      "alter table staff add constraint log_probe_refused check (email <> 'refused-probe@example.test')",
    );
    const refused = await createStaff('refused-probe@example.test', '9812345672');
    expect(refused.statusCode).toBe(500);

    const logged = lines.map((l) => JSON.parse(l));
    const failure = logged.find((l) => l.msg === 'unhandled error');
    expect(failure?.err).toMatchObject({ code: '23514', constraint: 'log_probe_refused' });
    const all = lines.join('\n');
    for (const secret of ['$argon2id$', 'argon2id', 'log-probe@example.test', 'refused-probe@example.test'])
      expect(all).not.toContain(secret);
    for (const mobile of ['9812345670', '9812345671', '9812345672']) expect(all).not.toContain(mobile);
    expect(all).not.toContain('Saffron-Kettle-42');
    expect(all).not.toMatch(/params:/);
  });

  it("keep a failed statement's values out of the reasons stored on tasks and batches", async () => {
    const failed = await t.database.db
      .execute(sql`select ${'secret-9812345673'}::int`)
      .catch((e: unknown) => e);
    const message = safeErrorMessage(failed);
    expect(message).toBe('database error 22P02');
    expect(message).not.toContain('9812345673');
    expect(safeErrorMessage(new Error('Not enough codes in stock'))).toBe('Not enough codes in stock');
  });
});
