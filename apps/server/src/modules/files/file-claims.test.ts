import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { demoDocumentPng } from '../../seed/demo-png';
import { couponsKit, printedBatch } from '../coupons/coupons.test-kit';
import { multipartBody, sheet } from '../invoices/invoices.test-kit';
import { kycBody, submitKyc, uploadAs } from '../kyc/kyc.test-kit';
import { registerMember, smsInbox } from '../members/members.test-kit';

let t: TestApp;
let kit: ReturnType<typeof couponsKit>;
let inbox: ReturnType<typeof smsInbox>;
beforeAll(async () => {
  t = await createTestApp();
  kit = couponsKit(t);
  inbox = smsInbox(t);
});
afterAll(() => t.close());

const PHOTO = demoDocumentPng([180, 60, 60], 640, 480);
const staffPhoto = async (by: string) =>
  (
    await kit.ok(
      await t.as(by, {
        method: 'POST',
        url: '/api/files?purpose=damaged_photo',
        ...multipartBody('torn.png', PHOTO),
      }),
      201,
    )
  ).id as number;
const report = (serial: number, photoFileId: number, by = 'distribution') =>
  t.as(by, {
    method: 'POST',
    url: '/api/admin/damaged-coupons',
    payload: { mode: 'single', serial, reason: 'torn', photoFileId },
  });
const reportsOf = async (serial: number) =>
  Number(
    (await kit.sql('select count(*)::int as n from damaged_report_items where serial = $1', [serial]))[0]!.n,
  );

/** The answer of a refused attach: 400 naming the field, and nothing stored. */
async function expectRefused(res: Awaited<ReturnType<typeof report>>, field: string) {
  expect(res.statusCode).toBe(400);
  expect(Object.keys(res.json().fields)).toEqual([field]);
}

describe('a record takes only a file its own caller uploaded for that purpose, once', () => {
  it("refuses a member's KYC upload as a damaged coupon's photo (the reported reproduction)", async () => {
    const { token } = await registerMember(t, inbox);
    const memberFile = (await uploadAs(t, token)).json().id as number;
    const b = await printedBatch(t, 1);
    await expectRefused(await report(b.firstSerial, memberFile), 'photoFileId');
    expect(await reportsOf(b.firstSerial)).toBe(0);
  });

  it("refuses a staff member's upload in a member's KYC submission", async () => {
    const { token } = await registerMember(t, inbox);
    const body = await kycBody(t, token, { aadhaarFrontFileId: await staffPhoto('distribution') });
    await expectRefused(await submitKyc(t, token, body), 'aadhaarFrontFileId');
  });

  it("refuses another member's KYC image", async () => {
    const other = await registerMember(t, inbox);
    const theirs = (await uploadAs(t, other.token)).json().id as number;
    const { token } = await registerMember(t, inbox);
    await expectRefused(
      await submitKyc(t, token, await kycBody(t, token, { panFileId: theirs })),
      'panFileId',
    );
  });

  it("refuses another staff member's photo", async () => {
    const b = await printedBatch(t, 1);
    await expectRefused(await report(b.firstSerial, await staffPhoto('admin')), 'photoFileId');
    expect(await reportsOf(b.firstSerial)).toBe(0);
  });

  it('refuses a file of the right owner stored for another purpose', async () => {
    const [me] = await kit.sql("select id from staff where email = 'distribution@demo.local'");
    const sheetOfMine = await t.app.files.save(
      {
        name: 'inv.png',
        contentType: 'image/png',
        purpose: 'invoice_sheet',
        owner: { staffId: Number(me!.id) },
      },
      PHOTO,
    );
    const b = await printedBatch(t, 1);
    await expectRefused(await report(b.firstSerial, sheetOfMine.id), 'photoFileId');
  });

  it('takes a photo once: a second report cannot point at the same file', async () => {
    const b = await printedBatch(t, 2);
    const photo = await staffPhoto('distribution');
    await kit.ok(await report(b.firstSerial, photo));
    await expectRefused(await report(b.lastSerial, photo), 'photoFileId');
  });

  it('gives one photo to exactly one of two reports sent at the same moment', async () => {
    const b = await printedBatch(t, 2);
    const photo = await staffPhoto('distribution');
    const answers = await Promise.all([report(b.firstSerial, photo), report(b.lastSerial, photo)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const holders = await kit.sql('select count(*)::int as n from damaged_reports where photo_file_id = $1', [
      photo,
    ]);
    expect(Number(holders[0]!.n)).toBe(1);
  });

  it('takes a KYC image once: the same id in two fields is refused on the second', async () => {
    const { token } = await registerMember(t, inbox);
    const body = await kycBody(t, token);
    await expectRefused(
      await submitKyc(t, token, { ...body, aadhaarBackFileId: body.aadhaarFrontFileId }),
      'aadhaarBackFileId',
    );
  });
});

describe('a record serves its own files, with one set of download headers', () => {
  it("serves a damaged report's photo and its thumbnail under the report's permission", async () => {
    const b = await printedBatch(t, 1);
    const r = await kit.ok(await report(b.firstSerial, await staffPhoto('distribution')));
    const photo = await t.as('almond team', { url: `/api/admin/damaged-coupons/${r.id}/photo` });
    expect(photo.statusCode).toBe(200);
    expect(photo.rawPayload.equals(PHOTO)).toBe(true);
    expect(photo.headers).toMatchObject({
      'content-type': 'image/png',
      'content-disposition': `attachment; filename="torn.png"; filename*=UTF-8''torn.png`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });
    const thumb = await t.as('almond team', { url: `/api/admin/damaged-coupons/${r.id}/photo/thumbnail` });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(thumb.rawPayload.length).toBeLessThan(PHOTO.length);
    expect((await t.as('printing', { url: `/api/admin/damaged-coupons/${r.id}/photo` })).statusCode).toBe(
      403,
    );
  });

  it('serves KYC document images and thumbnails as personal attachments', async () => {
    const { token } = await registerMember(t, inbox);
    const submitted = await submitKyc(t, token, await kycBody(t, token));
    expect(submitted.statusCode).toBe(200);
    const id = submitted.json().id;
    for (const [url, type] of [
      [`/api/admin/kyc/${id}/documents/pan`, 'image/png'],
      [`/api/admin/kyc/${id}/documents/pan/thumbnail`, 'image/webp'],
    ] as const) {
      const res = await t.as('cs', { url });
      expect(res.statusCode).toBe(200);
      expect(res.headers).toMatchObject({
        'content-type': type,
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, no-store',
      });
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="pan-\d+(-thumbnail)?"; filename\*=UTF-8''/,
      );
    }
  });

  it('sends every other download with the same headers', async () => {
    const template = await t.as('cs', { url: '/api/admin/invoices/template' });
    expect(template.headers).toMatchObject({
      'content-disposition': `attachment; filename="invoice-upload-template.xlsx"; filename*=UTF-8''invoice-upload-template.xlsx`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-cache',
    });
    const upload = await kit.ok(
      await t.as('cs', {
        method: 'POST',
        url: '/api/admin/invoices/upload',
        ...multipartBody('bad.xlsx', await sheet([['x']])),
      }),
    );
    for (const which of ['errors', 'original']) {
      const res = await t.as('cs', { url: `/api/admin/invoice-uploads/${upload.id}/${which}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, no-store',
      });
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".+"; filename\*=UTF-8''/);
    }
    const exported = await t.as('cs', { url: '/api/admin/kyc/export' });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });
  });
});
