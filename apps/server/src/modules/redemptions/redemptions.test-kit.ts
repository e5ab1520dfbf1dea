import { eq } from 'drizzle-orm';
import type { TestApp } from '../../../test/harness';
import { kycSubmissions } from '../../db/schema/kyc';
import { members } from '../../db/schema/members';
import { rewards } from '../../db/schema/redemptions';
import { encryptText } from '../../lib/field-crypto';
import { postEntry } from '../ledger';
import { createMemberSession } from '../member-auth';
import { asMember, insertTestMember } from '../members/members.test-kit';

let seq = 0;

/** An approved member with approved KYC (PAN unless `pan: false`, UPI unless `upi: false`) and points. */
export async function redeemer(
  t: TestApp,
  options: { balance?: number; pan?: boolean; upi?: boolean; type?: string } = {},
) {
  const db = t.database.db;
  const id = await insertTestMember(db, { kycStatus: 'approved', type: options.type ?? 'carpenter' });
  const key = t.app.config.encryptionKey;
  await db.insert(kycSubmissions).values({
    memberId: id,
    status: 'approved',
    aadhaarLast4: '4321',
    aadhaarFrontFileId: 0,
    aadhaarBackFileId: 0,
    panCipher: options.pan === false ? '' : encryptText(key, 'ABCDE1234F'),
    panLast4: options.pan === false ? '' : '234F',
    panFileId: 0,
    accountHolder: 'Test Member',
    accountCipher: encryptText(key, '123456789012'),
    accountLast4: '9012',
    ifsc: 'SBIN0001234',
    bankName: 'State Bank of India',
    chequeFileId: 0,
    upiId: options.upi === false ? null : 'member@upi',
  });
  if (options.balance)
    await postEntry(db, {
      memberId: id,
      amount: options.balance,
      kind: 'adjustment',
      reference: `test-credit:${id}:${seq++}`,
    });
  const token = await createMemberSession(db, id);
  return { id, token };
}

export async function balanceOf(t: TestApp, memberId: number): Promise<number> {
  const [row] = await t.database.db
    .select({ balance: members.balance })
    .from(members)
    .where(eq(members.id, memberId));
  return row!.balance;
}

export async function insertReward(t: TestApp, values: Partial<typeof rewards.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(rewards)
    .values({
      name: `Test gift ${seq++}`,
      type: 'physical',
      pointsCost: 500,
      mrpPaise: 150_000,
      stock: 10,
      eligibleTypes: ['carpenter', 'contractor', 'architect', 'dealer', 'retailer'],
      ...values,
    })
    .returning({ id: rewards.id });
  return row!.id;
}

export const redeem = (t: TestApp, token: string, body: object, key?: string) =>
  asMember(t, token, {
    method: 'POST',
    url: '/api/app/redemptions',
    payload: body,
    headers: key ? { 'idempotency-key': key } : {},
  });

export async function sqlRows(t: TestApp, text: string, params: unknown[] = []) {
  const result = await t.database.executeSql(text, params);
  return result.rows as Record<string, unknown>[];
}
