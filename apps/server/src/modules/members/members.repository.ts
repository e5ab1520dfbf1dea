import { randomInt } from 'node:crypto';
import type { RegisterBody } from '@app/contract/member-app';
import type { MemberDetail, MemberRow } from '@app/contract/members';
import { and, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { members } from '../../db/schema/members';
import { defineList } from '../../lib/lists/define';
import {
  containsPattern,
  custom,
  equals,
  id,
  intRange,
  istDayRange,
  oneOf,
  text,
  textOf,
} from '../../lib/lists/filters';
import { isoText } from '../../lib/lists/sql';
import { recordWebhookEvent } from '../webhooks';

const dealer = alias(members, 'dealer');
const referrer = alias(members, 'referrer');

export const memberColumns = {
  id: members.id,
  code: members.code,
  name: members.name,
  mobile: members.mobile,
  type: sql<MemberRow['type']>`${members.type}`,
  city: members.city,
  district: members.district,
  state: members.state,
  pincode: members.pincode,
  dealerId: members.dealerId,
  dealerName: dealer.name,
  bdeId: members.bdeId,
  status: sql<MemberRow['status']>`${members.status}`,
  statusReason: members.statusReason,
  kycStatus: sql<MemberRow['kycStatus']>`${members.kycStatus}`,
  balance: members.balance,
  tier: members.tier,
  heldPoints: members.heldPoints,
  createdAt: isoText(members.createdAt),
};

/** The member search of every list that shows members: name, mobile or code contains the text. */
export const memberSearch = (table: typeof members = members) => text(table.name, table.mobile, table.code);

/** All Users, Pending/Rejected User, their exports and the "Members" report. No KYC numbers. */
export const memberList = defineList<MemberRow>({
  columns: {
    ...memberColumns,
    code: { sql: members.code, label: 'Code', width: 10 },
    name: { sql: members.name, label: 'Name', width: 24 },
    mobile: { sql: members.mobile, label: 'Mobile', width: 12 },
    type: { sql: memberColumns.type, label: 'Type', width: 12 },
    city: { sql: members.city, label: 'City', width: 14 },
    district: { sql: members.district, label: 'District', width: 14 },
    state: { sql: members.state, label: 'State', width: 16 },
    pincode: { sql: members.pincode, label: 'Pincode', width: 8 },
    dealerName: { sql: dealer.name, label: 'Dealer', width: 20 },
    status: { sql: memberColumns.status, label: 'Status', width: 10 },
    statusReason: { sql: members.statusReason, label: 'Reason', width: 30 },
    kycStatus: { sql: memberColumns.kycStatus, label: 'KYC', width: 10 },
    balance: { sql: members.balance, label: 'Balance', format: 'int', width: 10 },
    tier: { sql: members.tier, label: 'Tier', width: 12 },
    heldPoints: { sql: members.heldPoints, label: 'Held points', format: 'int', width: 10 },
    createdAt: { sql: memberColumns.createdAt, label: 'Registered', format: 'datetime', width: 20 },
  },
  from: (db, fields) =>
    db.select(fields).from(members).leftJoin(dealer, eq(dealer.id, members.dealerId)).$dynamic(),
  filters: {
    q: memberSearch(),
    status: oneOf(members.status, ['pending', 'approved', 'rejected', 'blocked']),
    type: oneOf(members.type, ['carpenter', 'contractor', 'architect', 'dealer', 'retailer']),
    state: equals(members.state),
    district: custom((v, key) => ilike(members.district, containsPattern(textOf(v, key)).slice(1, -1))),
    bdeId: id(members.bdeId),
    dealerId: id(members.dealerId),
    ...istDayRange(members.createdAt, { from: 'registeredFrom', to: 'registeredTo' }),
    kycStatus: oneOf(members.kycStatus, ['none', 'submitted', 'approved', 'rejected']),
    tier: equals(members.tier),
    ...intRange(members.balance, { min: 'balanceMin', max: 'balanceMax' }),
  },
  sort: {
    id: members.id,
    name: members.name,
    createdAt: members.createdAt,
    balance: members.balance,
    code: members.code,
  },
  defaultSort: 'id',
  id: members.id,
});

export async function findMemberDetail(tx: Executor, id: number): Promise<MemberDetail | undefined> {
  const [row] = await tx
    .select({
      ...memberColumns,
      dateOfBirth: members.dateOfBirth,
      addressLine: members.addressLine,
      referralCode: members.referralCode,
      referredBy: members.referredBy,
      referredByName: referrer.name,
      // The assigned BDE (field force): an employee, by code and name.
      bdeName: sql<
        string | null
      >`(select e.code || ' · ' || e.name from employees e where e.id = ${members.bdeId})`,
      termsVersion: members.termsVersion,
      termsAcceptedAt: sql<string | null>`${isoText(members.termsAcceptedAt)}`,
      approvedAt: sql<string | null>`${isoText(members.approvedAt)}`,
      scansLockedUntil: sql<
        string | null
      >`case when ${members.scansLockedUntil} > now() then ${isoText(members.scansLockedUntil)} end`,
    })
    .from(members)
    .leftJoin(dealer, eq(dealer.id, members.dealerId))
    .leftJoin(referrer, eq(referrer.id, members.referredBy))
    .where(eq(members.id, id));
  return row;
}

/** The member row locked for a change, or nothing. */
export async function lockMember(tx: Executor, id: number) {
  const [row] = await tx.select().from(members).where(eq(members.id, id)).for('update');
  return row;
}

export async function findMemberBy(tx: Executor, where: SQL) {
  const [row] = await tx.select().from(members).where(where);
  return row;
}

export const byMobile = (mobile: string) => eq(members.mobile, mobile);
export const byReferralCode = (code: string) => eq(members.referralCode, code);
export const approvedDealerCode = (code: string) =>
  and(eq(members.code, code), inArray(members.type, ['dealer', 'retailer']), eq(members.status, 'approved'))!;

export async function setMemberStatus(
  tx: Executor,
  id: number,
  values: { status: string; statusReason: string | null; approvedAt?: SQL },
) {
  await tx
    .update(members)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(members.id, id));
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newReferralCode = () =>
  Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
export const memberCodeOf = (id: number) => `M${String(id).padStart(6, '0')}`;

/** What a new member is made of, wherever they register (the member app or a BDE in the field). */
export type NewMember = Pick<RegisterBody, 'name' | 'mobile' | 'type' | 'dateOfBirth' | 'address'> & {
  dealerId?: number | null;
  referredBy?: number | null;
  bdeId?: number | null;
};

/**
 * The one way a member is created: status pending, a member code derived from the id (drawn first so
 * the code is written with the row) and a fresh referral code. Returns the new id, or nothing when the
 * mobile is already registered (the caller answers 409), so a race on one mobile creates one member.
 */
export async function createMember(tx: Executor, member: NewMember): Promise<number | undefined> {
  const { rows } = await tx.execute(sql`select nextval(pg_get_serial_sequence('members', 'id'))::int as id`);
  const id = Number((rows[0] as { id: number }).id);
  const [inserted] = await tx
    .insert(members)
    .values({
      id,
      code: memberCodeOf(id),
      name: member.name,
      mobile: member.mobile,
      type: member.type,
      dateOfBirth: member.dateOfBirth,
      addressLine: member.address.line,
      city: member.address.city,
      district: member.address.district,
      state: member.address.state,
      pincode: member.address.pincode,
      dealerId: member.dealerId ?? null,
      referredBy: member.referredBy ?? null,
      bdeId: member.bdeId ?? null,
      referralCode: newReferralCode(),
    })
    .onConflictDoNothing({ target: members.mobile })
    .returning({ id: members.id });
  if (inserted)
    await recordWebhookEvent(tx, 'member.registered', id, {
      memberId: id,
      memberCode: memberCodeOf(id),
      name: member.name,
      mobile: member.mobile,
      memberType: member.type,
      state: member.address.state,
    });
  return inserted?.id;
}
