import type { MemberProfile } from '@app/contract/member-app';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { members } from '../../db/schema/members';
import { notFound } from '../../lib/errors';
import { memberExpiring } from '../points-expiry';
import { heldOfMember } from '../scan-holds';
import { memberTierOf } from '../tiers';
import { currentTermsVersionSql } from './terms';

/**
 * A member's profile as the member app shows it (balance, expiring points, tier, holds, terms). Apart
 * from the rest of the service, which signs members in, so that other modules (messages) can use it
 * without importing member-auth through this module's face.
 */
export async function currentTermsVersion(tx: Executor): Promise<string | null> {
  const { rows } = await tx.execute(sql`select ${currentTermsVersionSql} as version`);
  return (rows[0] as { version: string | null } | undefined)?.version ?? null;
}

export async function profileOf(tx: Executor, memberId: number): Promise<MemberProfile> {
  const [m] = await tx.select().from(members).where(eq(members.id, memberId));
  if (!m) throw notFound('Member');
  const current = await currentTermsVersion(tx);
  return {
    id: m.id,
    code: m.code,
    name: m.name,
    mobile: m.mobile,
    type: m.type as MemberProfile['type'],
    dateOfBirth: m.dateOfBirth,
    address: { line: m.addressLine, city: m.city, district: m.district, state: m.state, pincode: m.pincode },
    referralCode: m.referralCode,
    status: m.status as MemberProfile['status'],
    statusReason: m.statusReason,
    kycStatus: m.kycStatus as MemberProfile['kycStatus'],
    balance: m.balance,
    expiring: await memberExpiring(tx, m.id),
    tier: await memberTierOf(tx, m.id),
    heldPoints: m.heldPoints,
    heldScans: m.heldPoints > 0 ? await heldOfMember(tx, m.id) : [],
    termsVersion: m.termsVersion,
    currentTermsVersion: current,
    termsAcceptanceNeeded: current !== null && m.termsVersion !== current,
    language: m.language as MemberProfile['language'],
  };
}
