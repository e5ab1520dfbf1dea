import type { TestApp } from '../../../test/harness';
import { demoDocumentPng } from '../../seed/demo-png';
import { asMember } from '../members/members.test-kit';

export const PAN = 'ABCDE1234F';
export const ACCOUNT = '123456789012';

/** A multipart body with one file part, as the member app sends an upload. */
export function multipartFile(content: Buffer, filename = 'photo.png') {
  const boundary = '----kyctest';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function uploadAs(
  t: TestApp,
  token: string,
  content: Buffer = demoDocumentPng([200, 200, 200], 40, 30),
) {
  const { payload, headers } = multipartFile(content);
  return asMember(t, token, { method: 'POST', url: '/api/app/uploads', payload, headers });
}

/** Uploads the four images and returns a complete, valid submission body. */
export async function kycBody(t: TestApp, token: string, extra: object = {}) {
  const ids: number[] = [];
  for (let i = 0; i < 4; i++) ids.push((await uploadAs(t, token)).json().id);
  return {
    aadhaarLast4: '4321',
    aadhaarFrontFileId: ids[0],
    aadhaarBackFileId: ids[1],
    pan: PAN,
    panFileId: ids[2],
    accountHolder: 'Ravi Kumar',
    accountNumber: ACCOUNT,
    ifsc: 'SBIN0001234',
    bankName: 'State Bank of India',
    chequeFileId: ids[3],
    upiId: 'ravi@upi',
    ...extra,
  };
}

export const submitKyc = async (t: TestApp, token: string, body: object, key?: string) =>
  asMember(t, token, {
    method: 'POST',
    url: '/api/app/kyc',
    payload: body,
    headers: key ? { 'idempotency-key': key } : {},
  });
