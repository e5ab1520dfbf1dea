import { UPLOAD_ERROR_PURPOSES, type UploadErrorPurpose } from '@app/contract/files';
import { demoEmail, SUPER_ROLE } from '@app/contract/permissions';
import { XLSX_CONTENT_TYPE } from '@app/contract/reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * Every `errorReportRoute` with the purpose it serves. Invoice uploads keep their report on the
 * upload record instead (`/api/admin/invoice-uploads/:id/errors`).
 */
const ROUTES: [string, UploadErrorPurpose][] = [
  ['/api/admin/scheme-points/upload/errors', 'points_upload_errors'],
  ['/api/admin/damaged-coupons/upload/errors', 'damaged_upload_errors'],
  ['/api/admin/stores/upload/errors', 'stores_upload_errors'],
  ['/api/admin/employees/upload/errors', 'employee_upload_errors'],
  ['/api/admin/gift-vouchers/upload/errors', 'voucher_upload_errors'],
  ['/api/admin/courier-redemptions/upload/errors', 'dispatch_upload_errors'],
  ['/api/admin/redemptions/utr-upload/errors', 'utr_upload_errors'],
  ['/api/admin/notifications/audience-upload/errors', 'notification_audience_errors'],
  ['/api/admin/channel/upload/errors', 'channel_upload_errors'],
];

async function staffId(role: string) {
  const { rows } = await t.database.executeSql('select id from staff where lower(email) = lower($1)', [
    demoEmail(role),
  ]);
  return Number(rows[0]!.id);
}

async function report(purpose: UploadErrorPurpose, ownerStaffId: number) {
  const saved = await t.app.files.save(
    {
      name: `${purpose}.xlsx`,
      contentType: XLSX_CONTENT_TYPE,
      purpose,
      owner: { staffId: ownerStaffId },
      attached: true,
    },
    Buffer.from(`report of ${purpose}`),
  );
  return saved.id;
}

describe('upload error reports (lib/upload-reports)', () => {
  it('every upload error purpose but the invoices’ has its route', () => {
    const purposes = UPLOAD_ERROR_PURPOSES.filter((p) => p !== 'invoice_upload_errors');
    expect(ROUTES.map(([, purpose]) => purpose).sort()).toEqual(purposes.sort());
  });

  it.each(ROUTES)('%s serves its uploader’s report, personal, and nothing else', async (path, purpose) => {
    const me = await staffId(SUPER_ROLE);
    const other = await staffId('admin');
    const mine = await report(purpose, me);
    const res = await t.as(SUPER_ROLE, { method: 'GET', url: `${path}/${mine}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(`report of ${purpose}`);
    expect(res.headers['content-type']).toContain(XLSX_CONTENT_TYPE);
    expect(res.headers['cache-control']).toContain('private');

    // Someone else's report, and my report of another upload, are not this route's to serve.
    const theirs = await report(purpose, other);
    const elsewhere = ROUTES.find(([, p]) => p !== purpose)![1];
    const mineOfAnotherKind = await report(elsewhere, me);
    for (const id of [theirs, mineOfAnotherKind, 999_999]) {
      const refused = await t.as(SUPER_ROLE, { method: 'GET', url: `${path}/${id}` });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toMatch(/Error report/);
    }
  });
});
