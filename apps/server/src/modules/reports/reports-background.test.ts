import type { GeneratedReport } from '@app/contract/reports';
import { XLSX_CONTENT_TYPE } from '@app/contract/reports';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { reports } from '../../db/schema/reports';
import { insertReport, linkTask } from './reports.repository';
import { REPORT_TASK } from './reports.service';
import { removeExpiredReports } from './reports.tasks';
import { readSheet } from './reports.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const WIDE = { startDate: '2000-01-01', endDate: '2099-12-31' };

const list = async (role: string): Promise<GeneratedReport[]> =>
  (await t.as(role, { method: 'GET', url: '/api/admin/reports?perPage=100' })).json().rows;

const fileOf = (role: string, id: number) =>
  t.as(role, { method: 'GET', url: `/api/admin/reports/${id}/file` });

/** Polls the list until the report is finished; the worker polls every half second. */
async function settled(role: string, id: number): Promise<GeneratedReport> {
  for (let i = 0; i < 120; i++) {
    const report = (await list(role)).find((r) => r.id === id);
    if (report && (report.status === 'done' || report.status === 'failed')) return report;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`report ${id} did not finish`);
}

async function queue(role: string, reportType: string) {
  const res = await t.as(role, {
    method: 'POST',
    url: '/api/admin/downloadReports',
    payload: { reportType, ...WIDE, background: true },
  });
  expect(res.statusCode).toBe(202);
  return res.json() as { id: number; taskId: number; status: string };
}

describe('background generation (use 2)', () => {
  let adminReport: number;

  it('queues a report row with its task, which reaches done with a downloadable file', async () => {
    const queued = await queue('admin', 'staff');
    expect(queued.status).toBe('queued');
    adminReport = queued.id;
    const [row] = await t.database.db.select().from(reports).where(eq(reports.id, queued.id));
    expect(row!.taskId).toBe(queued.taskId);

    const done = await settled('admin', queued.id);
    expect(done).toMatchObject({ status: 'done', type: 'staff', label: 'Staff accounts', ...WIDE });
    expect(done.requestedByName).toBe('Demo Admin');
    expect(done.total).toBe(done.rows);
    expect(done.done).toBe(done.rows);
    const days = (Date.parse(done.expiresAt) - Date.parse(done.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(7, 5);

    const file = await fileOf('admin', queued.id);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="staff.xlsx"; filename*=UTF-8''staff.xlsx`,
    );
    expect(file.rawPayload.length).toBe(done.size);
    const [header, ...rows] = await readSheet(file.rawPayload);
    expect(header![0]).toBe('Name');
    expect(rows).toHaveLength(done.rows!);
  });

  it('shows each person their own reports; holders of User Roles see and download all', async () => {
    // hod holds Download Report but not Manage Admin: it cannot queue this report type at all.
    const refused = await t.as('hod', {
      method: 'POST',
      url: '/api/admin/downloadReports',
      payload: { reportType: 'audit_log', ...WIDE, background: true },
    });
    expect(refused.statusCode).toBe(403);

    expect((await list('hod')).map((r) => r.id)).not.toContain(adminReport);
    expect((await fileOf('hod', adminReport)).statusCode).toBe(404);
    expect((await list('almond team')).map((r) => r.id)).toContain(adminReport);
    expect((await fileOf('almond team', adminReport)).statusCode).toBe(200);

    const mine = await queue('almond team', 'sign_in_activity');
    await settled('almond team', mine.id);
    expect((await list('admin')).map((r) => r.id)).not.toContain(mine.id);
    expect((await fileOf('admin', mine.id)).statusCode).toBe(404);
  });

  it('neither lists nor serves an expired report, and the cleanup removes it with its file', async () => {
    const [row] = await t.database.db.select().from(reports).where(eq(reports.id, adminReport));
    await t.database.db
      .update(reports)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(reports.id, adminReport));
    expect((await list('admin')).map((r) => r.id)).not.toContain(adminReport);
    expect((await fileOf('admin', adminReport)).statusCode).toBe(404);

    await removeExpiredReports(t.app);
    expect(await t.database.db.select().from(reports).where(eq(reports.id, adminReport))).toEqual([]);
    expect(await t.app.files.stat(row!.fileId!)).toBeUndefined();
  });

  it('shows a build that keeps failing as failed, after its retries', async () => {
    const me = await t.as('admin', { method: 'GET', url: '/api/admin/me' });
    const id = await t.database.db.transaction(async (tx) => {
      const reportId = await insertReport(tx, { type: 'withdrawn', ...WIDE, requestedBy: me.json().id });
      await linkTask(tx, reportId, await t.app.jobs.enqueue(tx, REPORT_TASK, { reportId }, null));
      return reportId;
    });
    const failed = await settled('admin', id);
    expect(failed.status).toBe('failed');
    expect((await fileOf('admin', id)).statusCode).toBe(404);
  });

  it('documents the binary answer and the background field in OpenAPI', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const op = doc.paths['/api/admin/downloadReports'].post;
    expect(Object.keys(op.responses['200'].content)).toEqual([XLSX_CONTENT_TYPE]);
    expect(op.requestBody.content['application/json'].schema.properties.background.type).toBe('boolean');
  });
});
