import { formatCode } from '@app/contract/coupons';
import type { DamagedUploadResult } from '@app/contract/damaged-coupons';
import { DAMAGED_MESSAGES as M } from '@app/contract/damaged-coupons';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditCount, demoActor } from '../../../test/decisions.test-kit';
import { createTestApp, type TestApp } from '../../../test/harness';
import { decideMany } from '../../lib/decisions';
import { couponsKit, invoiceLine, printedBatch } from '../coupons/coupons.test-kit';
import { multipartBody, sheet } from '../invoices/invoices.test-kit';
import { damagedDecisions } from './damaged-coupons.service';

let t: TestApp;
let kit: ReturnType<typeof couponsKit>;
beforeAll(async () => {
  t = await createTestApp();
  kit = couponsKit(t);
});
afterAll(() => t.close());

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const report = (payload: object, by = 'distribution') =>
  t.as(by, { method: 'POST', url: '/api/admin/damaged-coupons', payload });
const decide = (id: number, action: 'approve' | 'reject', payload: object, by = 'almond team') =>
  t.as(by, { method: 'POST', url: `/api/admin/damaged-coupons/${id}/${action}`, payload });
const codeOf = async (serial: number) =>
  String((await kit.sql('select code from coupons where serial = $1', [serial]))[0]!.code);

describe('damaged coupons', () => {
  it('reports one coupon by its printed code with a photo; another person approves and it is voided', async () => {
    const b = await printedBatch(t, 3);
    const photo = await kit.ok(
      await t.as('distribution', {
        method: 'POST',
        url: '/api/files?purpose=damaged_photo',
        ...multipartBody('torn.png', PNG),
      }),
      201,
    );
    const code = formatCode(await codeOf(b.firstSerial)).toLowerCase();
    const r = await kit.ok(await report({ mode: 'single', code, reason: 'torn', photoFileId: photo.id }));
    expect(r).toMatchObject({
      status: 'pending',
      quantity: 1,
      fromSerial: b.firstSerial,
      reportedByName: 'Demo Distribution',
    });
    expect(
      (await t.as('almond team', { method: 'GET', url: `/api/admin/damaged-coupons/${r.id}/photo` }))
        .rawPayload,
    ).toEqual(PNG);

    const own = await decide(r.id, 'approve', {}, 'distribution');
    expect(own.statusCode).toBe(409);
    expect(own.json()).toMatchObject({ error: 'maker_checker', message: M.ownReport });
    const approved = await kit.ok(await decide(r.id, 'approve', { note: 'Seen the photo' }));
    expect(approved).toMatchObject({
      status: 'approved',
      voided: 1,
      replaced: 0,
      decidedByName: 'Demo Almond Team',
    });
    expect(await kit.statuses(b.firstSerial, b.lastSerial)).toEqual({ damaged: 1, printed: 2 });
    expect((await decide(r.id, 'reject', { note: 'changed my mind' })).statusCode).toBe(409);
    const audits = await kit.sql(
      "select action, actor_role from audit_log where entity = 'damaged_report' and entity_id = $1 order by id",
      [String(r.id)],
    );
    expect(audits).toEqual([
      { action: 'damaged_report.created', actor_role: 'distribution' },
      { action: 'damaged_report.approved', actor_role: 'almond team' },
    ]);
  });

  it('replaces live coupons of a range with new codes linked to them and allocated to the same line', async () => {
    const b = await printedBatch(t, 6);
    const line = await invoiceLine(t, b.productId, 4);
    await kit.ok(
      await t.as('distribution', {
        method: 'POST',
        url: '/api/admin/coupon-allocations',
        payload: {
          invoiceLineId: line,
          mode: 'range',
          fromSerial: b.firstSerial,
          toSerial: b.firstSerial + 3,
        },
      }),
    );
    const r = await kit.ok(
      await report(
        { mode: 'range', fromSerial: b.firstSerial + 2, toSerial: b.firstSerial + 4, reason: 'misprint' },
        'almond team',
      ),
    );
    const res = await kit.ok(await decide(r.id, 'approve', { replace: true }, 'distribution'));
    expect(res).toMatchObject({ voided: 3, replaced: 3 });
    const replacements = await kit.sql(
      'select c.replaces_serial::float8 as replaces, c.status, l.invoice_line_id from coupons c left join coupon_allocations l on l.id = c.allocation_id where c.replaces_serial between $1 and $2 order by 1',
      [b.firstSerial, b.lastSerial],
    );
    expect(replacements).toEqual([
      { replaces: b.firstSerial + 2, status: 'active', invoice_line_id: line },
      { replaces: b.firstSerial + 3, status: 'active', invoice_line_id: line },
      { replaces: b.firstSerial + 4, status: 'generated', invoice_line_id: null },
    ]);
    const [l] = await kit.sql('select allocated from invoice_lines where id = $1', [line]);
    expect(l!.allocated).toBe(4);
  });

  it('refuses what cannot be reported, naming the serials, and a rejection needs a note', async () => {
    const b = await printedBatch(t, 4);
    await kit.sql("update coupons set status = 'scanned' where serial = $1", [b.firstSerial]);
    const r = await kit.ok(await report({ mode: 'single', serial: b.firstSerial + 1, reason: 'lost' }));
    const res = await report({
      mode: 'range',
      fromSerial: b.firstSerial,
      toSerial: b.lastSerial + 1,
      reason: 'torn',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.fromSerial).toBe(
      `Cannot report: ${b.firstSerial} (already scanned), ${b.firstSerial + 1} (already in pending report #${r.id}), ${b.lastSerial + 1} (does not exist)`,
    );
    expect((await decide(r.id, 'reject', {})).json().fields).toEqual({ note: M.noteRequired });
    expect(await kit.ok(await decide(r.id, 'reject', { note: 'Found it' }))).toMatchObject({
      status: 'rejected',
    });
    expect(await kit.statuses(b.firstSerial + 1, b.firstSerial + 1)).toEqual({ printed: 1 });
  });

  it('reports an uploaded list: nothing from a file with bad rows unless valid rows are applied', async () => {
    const b = await printedBatch(t, 3);
    const first = await codeOf(b.firstSerial);
    const file = await sheet(
      [[first], ['NOT-A-CODE'], [formatCode(await codeOf(b.firstSerial + 1))], [first]],
      ['Code'],
    );
    const url = '/api/admin/damaged-coupons/upload?reason=unreadable';
    const refused = (await kit.ok(
      await t.as('distribution', { method: 'POST', url, ...multipartBody('list.xlsx', file) }),
    )) as unknown as DamagedUploadResult;
    expect(refused.report).toBeNull();
    expect(refused.upload).toMatchObject({
      status: 'has_errors',
      rowsTotal: 4,
      rowsValid: 2,
      rowsApplied: 0,
    });
    expect(refused.upload.errors).toEqual([
      { row: 3, column: 'Code', message: M.codeInvalid },
      { row: 5, column: 'Code', message: 'Listed twice (also row 2)' },
    ]);
    // The bad rows as a sheet, for the uploader only.
    const reportUrl = `/api/admin/damaged-coupons/upload/errors/${refused.upload.errorReportId}`;
    const report = await t.as('distribution', { url: reportUrl });
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-disposition']).toContain('attachment');
    expect((await t.as('almond team', { url: reportUrl })).statusCode).toBe(404);
    expect(await kit.statuses(b.firstSerial, b.lastSerial)).toEqual({ printed: 3 });

    const applied = await kit.ok(
      await t.as('distribution', {
        method: 'POST',
        url: `${url}&applyValid=true`,
        ...multipartBody('list.xlsx', file),
      }),
    );
    expect(applied.report).toMatchObject({ mode: 'upload', quantity: 2, reason: 'unreadable' });
    expect(applied.upload).toMatchObject({ status: 'partially_applied', rowsApplied: 2, rowsRejected: 2 });
    const bySerial = await sheet([[b.lastSerial]], ['Serial']);
    const clean = await kit.ok(
      await t.as('distribution', { method: 'POST', url, ...multipartBody('s.xlsx', bySerial) }),
    );
    expect(clean).toMatchObject({
      report: { quantity: 1 },
      upload: { status: 'applied', errorReportId: null },
    });
    const template = await t.as('distribution', { url: '/api/admin/damaged-coupons/template' });
    expect(template.statusCode).toBe(200);
  });

  it('gives field errors and is for Damaged Coupons holders only', async () => {
    expect((await report({ mode: 'single' })).json().fields).toEqual({ reason: M.reasonRequired });
    expect((await report({ mode: 'single', reason: 'torn' })).json().fields).toEqual({
      code: M.codeOrSerial,
    });
    expect((await report({ mode: 'single', reason: 'torn', code: 'ABCD' })).json().fields).toEqual({
      code: M.codeInvalid,
    });
    expect(
      (await report({ mode: 'range', reason: 'torn', fromSerial: 1, toSerial: 20_000 })).json().fields,
    ).toEqual({ toSerial: M.tooMany });
    expect(
      (await report({ mode: 'single', reason: 'torn', serial: 1, photoFileId: 999999 })).json().fields,
    ).toEqual({ photoFileId: M.photoInvalid });
    expect((await report({}, 'cs')).statusCode).toBe(403);
    expect((await t.as('marketing', { method: 'GET', url: '/api/admin/damaged-coupons' })).statusCode).toBe(
      403,
    );
    expect((await decide(1, 'approve', {}, 'printing')).statusCode).toBe(403);
  });
});

describe('damaged reports through the shared decision mechanism', () => {
  const rangeReport = async (serial: number, by = 'distribution') =>
    kit.ok(await report({ mode: 'range', fromSerial: serial, toSerial: serial, reason: 'torn' }, by));

  it('rejects a bulk with an outcome per row and needs a reason to reject', async () => {
    const b = await printedBatch(t, 3);
    const [a, own, done] = [
      await rangeReport(b.firstSerial),
      await rangeReport(b.firstSerial + 1, 'almond team'),
      await rangeReport(b.firstSerial + 2),
    ];
    await kit.ok(await decide(done.id, 'approve', {}));
    const actor = await demoActor(t, 'almond team');
    const decision = { actor, result: 'rejected' as const, input: { replace: false } };
    await expect(decideMany(t.app, damagedDecisions, [a.id], { ...decision, reason: null })).rejects.toThrow(
      /reason/,
    );
    const before = await auditCount(t, 'damaged_report.rejected');
    const outcomes = await decideMany(t.app, damagedDecisions, [done.id, own.id, a.id], {
      ...decision,
      reason: 'not damaged',
    });
    expect(outcomes).toEqual([
      { id: a.id, outcome: 'rejected' },
      { id: own.id, outcome: 'skipped', error: M.ownReport },
      { id: done.id, outcome: 'skipped', error: M.alreadyDecided },
    ]);
    expect(await auditCount(t, 'damaged_report.rejected')).toBe(before + 1);
    expect(await kit.statuses(b.firstSerial, b.lastSerial)).toEqual({ damaged: 1, printed: 2 });
  });

  it('answers 409 to a decided report and changes nothing', async () => {
    const b = await printedBatch(t, 1);
    const r = await rangeReport(b.firstSerial);
    await kit.ok(await decide(r.id, 'reject', { note: 'looks fine' }));
    const again = await decide(r.id, 'approve', {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.alreadyDecided);
    expect(await kit.statuses(b.firstSerial, b.lastSerial)).toEqual({ printed: 1 });
  });
});
