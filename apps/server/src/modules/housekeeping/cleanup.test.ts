import type { FilePurpose } from '@app/contract/files';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { CLEANUP_CRON, CLEANUP_TASK, cleanUp } from './cleanup';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sql = async (text: string, values: unknown[] = []) => (await t.database.executeSql(text, values)).rows;
const one = async (text: string, values: unknown[] = []) => (await sql(text, values))[0]!;

/** A stored file, dated `days` ago. */
async function fileAged(name: string, days: number, purpose: FilePurpose = 'report', attached = true) {
  const { id } = await t.app.files.save(
    { name, contentType: 'application/octet-stream', purpose, owner: 'system', attached },
    Buffer.from('x'),
  );
  await sql(`update files set created_at = now() - make_interval(days => $2) where id = $1`, [id, days]);
  return id;
}

async function taskAged(status: string, days: number | null) {
  const row = await one(
    `insert into tasks (kind, status, payload, finished_at)
     values ('test', $1, '{}', case when $2::int is null then null else now() - make_interval(days => $2::int) end)
     returning id`,
    [status, days],
  );
  return Number(row.id);
}

const exists = async (table: string, id: number) =>
  (await sql(`select 1 from ${table} where id = $1`, [id])).length === 1;

describe('daily clean-up', () => {
  it('is scheduled every day in India', async () => {
    const row = await one('select cron, timezone from pgboss.schedule where name = $1', [CLEANUP_TASK]);
    expect(row).toEqual({ cron: CLEANUP_CRON, timezone: 'Asia/Kolkata' });
  });

  it('removes what is past its keeping time and keeps the rest', async () => {
    const staffId = Number((await one('select id from staff order by id limit 1')).id);
    const report = async (expiredDaysAgo: number) => {
      const fileId = await fileAged('report.xlsx', 0);
      const row = await one(
        `insert into reports (type, start_date, end_date, requested_by, file_id, status, expires_at)
         values ('test', '2024-01-01', '2024-01-02', $1, $2, 'done', now() - make_interval(days => $3))
         returning id`,
        [staffId, fileId, expiredDaysAgo],
      );
      return { id: Number(row.id), fileId };
    };
    const expired = await report(1);
    const current = await report(-6);
    const oldInvoiceErrors = await fileAged('invoice-upload-errors.xlsx', 8, 'invoice_upload_errors');
    const oldPointsErrors = await fileAged('points-upload-errors.xlsx', 8, 'points_upload_errors');
    const freshErrors = await fileAged('points-upload-errors.xlsx', 6, 'points_upload_errors');
    const oldUpload = await fileAged('invoices.xlsx', 400, 'invoice_sheet');
    const abandonedPhoto = await fileAged('torn.png', 2, 'damaged_photo', false);
    const freshPhoto = await fileAged('torn.png', 0, 'damaged_photo', false);
    const attachedPhoto = await fileAged('torn.png', 30, 'damaged_photo', true);
    const crashedWrite = await fileAged('punch-1.pdf', 2);
    const beingWritten = await fileAged('punch-2.pdf', 0);
    await sql(`update files set status = 'writing' where id in ($1, $2)`, [crashedWrite, beingWritten]);
    const oldDone = await taskAged('done', 31);
    const oldFailed = await taskAged('failed', 40);
    const recentDone = await taskAged('done', 29);
    const running = await taskAged('running', null);
    const shownByReport = await taskAged('done', 90);
    await sql('update reports set task_id = $1 where id = $2', [shownByReport, current.id]);
    await sql(
      `insert into idempotency_keys (scope, key, fingerprint, created_at) values
       ('staff:1', 'old', 'f', now() - interval '8 days'), ('staff:1', 'new', 'f', now())`,
    );
    await sql(
      `insert into member_otps (mobile, code_hash, sent_at, expires_at) values
       ('9000000001', 'h', now() - interval '2 days', now() - interval '2 days'),
       ('9000000001', 'h', now(), now() + interval '5 minutes')`,
    );
    await sql(
      `insert into rate_limits (key, hits, resets_at) values
       ('probe|ended', 3, now() - interval '1 minute'), ('probe|running', 3, now() + interval '1 hour')`,
    );

    // Sign-in counts with nothing left to hold or remember go; a lock, a recent failure or a
    // known-good address stays.
    await sql(
      `insert into sign_in_throttles (subject, address, failures, locked_until, last_failure_at, last_success_at) values
       ('staff:old@x', '10.0.0.1', 3, null, now() - interval '2 days', null),
       ('staff:held@x', '10.0.0.1', 5, now() + interval '5 minutes', now(), null),
       ('staff:good@x', '10.0.0.1', 0, null, null, now() - interval '10 days')`,
    );

    const removed = await cleanUp(t.app);

    expect(removed).toMatchObject({
      uploadErrorReports: 2,
      unattachedUploads: 1,
      finishedTasks: 2,
      idempotencyKeys: 1,
      memberOtps: 1,
      rateLimitCounters: 1,
      signInThrottles: 1,
    });
    expect(removed.expiredReportFiles).toBeGreaterThanOrEqual(1);
    expect(await exists('reports', expired.id)).toBe(false);
    expect(await exists('files', expired.fileId)).toBe(false);
    expect(await exists('reports', current.id)).toBe(true);
    expect(await exists('files', current.fileId)).toBe(true);
    for (const id of [oldInvoiceErrors, oldPointsErrors, crashedWrite, abandonedPhoto])
      expect(await exists('files', id)).toBe(false);
    for (const id of [freshErrors, oldUpload, beingWritten, freshPhoto, attachedPhoto])
      expect(await exists('files', id)).toBe(true);
    for (const id of [oldDone, oldFailed]) expect(await exists('tasks', id)).toBe(false);
    for (const id of [recentDone, running, shownByReport]) expect(await exists('tasks', id)).toBe(true);
    expect((await sql("select key from idempotency_keys where scope = 'staff:1'")).map((r) => r.key)).toEqual(
      ['new'],
    );
    expect(await one("select count(*)::int as n from member_otps where mobile = '9000000001'")).toEqual({
      n: 1,
    });
    expect((await sql("select key from rate_limits where key like 'probe|%'")).map((r) => r.key)).toEqual([
      'probe|running',
    ]);

    expect(await cleanUp(t.app)).toMatchObject({ uploadErrorReports: 0, finishedTasks: 0 });
  });
});
