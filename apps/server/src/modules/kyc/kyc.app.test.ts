import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { asMember, registerMember, smsInbox } from '../members/members.test-kit';
import { ACCOUNT, kycBody, PAN, submitKyc, uploadAs } from './kyc.test-kit';

let t: TestApp;
let inbox: ReturnType<typeof smsInbox>;
beforeAll(async () => {
  t = await createTestApp();
  inbox = smsInbox(t);
});
afterAll(() => t.close());

describe('uploads', () => {
  it('accepts images by content and refuses anything else with a clear message', async () => {
    const { token } = await registerMember(t, inbox);
    expect((await uploadAs(t, token)).statusCode).toBe(201);
    const text = await uploadAs(t, token, Buffer.from('just some text, named photo.png'));
    expect(text.statusCode).toBe(400);
    expect(text.json().fields.file).toMatch(/Unsupported file type/);
    const big = await uploadAs(t, token, Buffer.alloc(5 * 1024 * 1024 + 10, 1));
    expect(big.statusCode).toBe(400);
    expect(big.json().fields.file).toMatch(/larger than 5 MB/);
  });
});

describe('submit and resubmit', () => {
  it('stores Aadhaar last four only, PAN and account encrypted, and answers masked', async () => {
    const { token, id } = await registerMember(t, inbox);
    const res = await submitKyc(t, token, await kycBody(t, token));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'submitted',
      aadhaar: 'XXXX XXXX 4321',
      pan: 'XXXXXX234F',
      accountNumber: 'XXXXXXXX9012',
    });
    expect(res.body).not.toContain(PAN);
    expect(res.body).not.toContain(ACCOUNT);
    const { rows } = await t.database.executeSql('select * from kyc_submissions where member_id = $1', [id]);
    const stored = JSON.stringify(rows[0]);
    expect(stored).not.toContain(PAN);
    expect(stored).not.toContain(ACCOUNT);
    expect(rows[0]!.pan_cipher).toMatch(/^v2\.[0-9a-f]{8}\./);
    expect((await asMember(t, token, { url: '/api/app/profile' })).json().kycStatus).toBe('submitted');
    const again = await submitKyc(t, token, await kycBody(t, token));
    expect(again.statusCode).toBe(409);
  });

  it('names bad fields and refuses files the member did not upload', async () => {
    const { token } = await registerMember(t, inbox);
    const bad = await submitKyc(t, token, {
      aadhaarLast4: '123456789012',
      pan: 'ABC',
      accountNumber: '12',
      ifsc: 'X',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(
      expect.arrayContaining(['aadhaarLast4', 'pan', 'accountNumber', 'ifsc', 'panFileId']),
    );
    const other = await registerMember(t, inbox);
    const foreign = await kycBody(t, other.token);
    const res = await submitKyc(t, token, foreign);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.aadhaarFrontFileId).toMatch(/Upload this image first/);
  });

  it('lets a member resubmit after a rejection', async () => {
    const { token, id } = await registerMember(t, inbox);
    await submitKyc(t, token, await kycBody(t, token));
    await t.database.executeSql("update kyc_submissions set status = 'rejected' where member_id = $1", [id]);
    await t.database.executeSql("update members set kyc_status = 'rejected' where id = $1", [id]);
    expect((await submitKyc(t, token, await kycBody(t, token))).statusCode).toBe(200);
    const mine = await asMember(t, token, { url: '/api/app/kyc' });
    expect(mine.json().map((s: { status: string }) => s.status)).toEqual(['submitted', 'rejected']);
  });

  it('replays a repeated submission by Idempotency-Key and refuses the key for another body', async () => {
    const { token, id } = await registerMember(t, inbox);
    const body = await kycBody(t, token);
    const first = await submitKyc(t, token, body, 'kyc-once');
    const replay = await submitKyc(t, token, body, 'kyc-once');
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect((await submitKyc(t, token, { ...body, upiId: 'other@upi' }, 'kyc-once')).statusCode).toBe(422);
    const { rows } = await t.database.executeSql(
      'select count(*)::int as n from kyc_submissions where member_id = $1',
      [id],
    );
    expect(Number(rows[0]!.n)).toBe(1);
  });
});

describe('idempotency under concurrency (PostgreSQL)', () => {
  it('runs one of 8 concurrent identical submissions and replays it to the others', async () => {
    const { token, id } = await registerMember(t, inbox);
    const body = await kycBody(t, token);
    const answers = await Promise.all(Array.from({ length: 8 }, () => submitKyc(t, token, body, 'kyc-race')));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    expect(answers.filter((a) => a.headers['idempotent-replayed'] !== 'true')).toHaveLength(1);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    const { rows } = await t.database.executeSql(
      'select count(*)::int as n from kyc_submissions where member_id = $1',
      [id],
    );
    expect(Number(rows[0]!.n)).toBe(1);
  });
});
