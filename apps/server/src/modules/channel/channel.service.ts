import {
  DEALER_LINK_ENTITY,
  type LinkVia,
  CHANNEL_MESSAGES as M,
  type MemberHierarchy,
  type MyDealer,
  type MyPartners,
  PARTNER_TYPES,
} from '@app/contract/channel';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { type Actor, audit } from '../../lib/audit';
import { fieldError, notFound } from '../../lib/errors';
import * as repo from './channel.repository';

const isPartnerType = (type: string) => (PARTNER_TYPES as readonly string[]).includes(type);

export type LinkOutcome = 'attached' | 'detached' | 'unchanged';

export interface DealerMove {
  partnerId: number;
  /** The dealer to attach to; null detaches. */
  dealerId: number | null;
  via: LinkVia;
  /** The body field a refusal names. */
  field: string;
}

/**
 * Moves a partner to a dealer (or away from his dealer), in the caller's transaction: partner and
 * dealer locked in id order (as the scan locks them, so a scan paying a dealer share and this change
 * never deadlock, and a scan after this commit reads the new dealer), the open link ended, the new
 * one opened, members.dealer_id set, audited. One dealer at a time; the same dealer again changes nothing.
 */
export async function moveToDealer(tx: Executor, actor: Actor, move: DealerMove): Promise<LinkOutcome> {
  const { partner, dealer } = await repo.lockPair(tx, move.partnerId, move.dealerId);
  if (!partner) throw notFound('Member');
  if (!isPartnerType(partner.type)) throw fieldError(move.field, M.notPartner);
  if (move.dealerId !== null && !dealer) throw fieldError(move.field, M.dealerUnknown);
  if (partner.dealerId === move.dealerId) return 'unchanged';
  await repo.moveLink(
    tx,
    partner.id,
    move.dealerId,
    move.via,
    move.via === 'staff' || move.via === 'upload' ? actor.id : null,
  );
  await audit(tx, actor, {
    action: move.dealerId === null ? 'dealer_link.ended' : 'dealer_link.attached',
    entity: DEALER_LINK_ENTITY,
    entityId: partner.id,
    before: { dealerId: partner.dealerId },
    after: { dealerId: move.dealerId, dealerCode: dealer?.code ?? null, via: move.via },
  });
  return move.dealerId === null ? 'detached' : 'attached';
}

/** A registration that names a dealer opens its first link (the member is new: nothing to lock). */
export async function openFirstLink(tx: Executor, memberId: number, dealerId: number) {
  await repo.moveLink(tx, memberId, dealerId, 'partner', null);
}

export async function hierarchyOf(db: Executor, memberId: number): Promise<MemberHierarchy> {
  const member = await repo.memberBasics(db, memberId);
  if (!member) throw notFound('Member');
  const isDealer = !isPartnerType(member.type);
  return {
    dealer: await repo.dealerOf(db, member.dealerId),
    history: await repo.linkHistory(db, memberId),
    isDealer,
    partners: isDealer ? await repo.partnerCount(db, memberId) : 0,
  };
}

/** Staff on the member's record: attach to the dealer with this code, or detach (null). */
export async function staffAttach(
  app: FastifyInstance,
  actor: Actor,
  memberId: number,
  dealerCode: string | null,
) {
  const db = app.database.db;
  const dealer = dealerCode === null ? null : await repo.findDealerByCode(db, dealerCode);
  if (dealerCode !== null && !dealer) throw fieldError('dealerCode', M.dealerUnknown);
  await db.transaction((tx) =>
    moveToDealer(tx, actor, {
      partnerId: memberId,
      dealerId: dealer?.id ?? null,
      via: 'staff',
      field: 'dealerCode',
    }),
  );
  return hierarchyOf(db, memberId);
}

const memberActor = (requestId: string): Actor => ({ id: null, role: 'member', requestId });

export async function myDealer(db: Executor, memberId: number): Promise<MyDealer> {
  const member = await repo.memberBasics(db, memberId);
  if (!member) throw notFound('Member');
  const isDealer = !isPartnerType(member.type);
  return {
    dealer: await repo.dealerOf(db, member.dealerId),
    nearby: isDealer ? [] : await repo.nearbyDealers(db, member),
    isDealer,
  };
}

/** The partner in the app: attach to the dealer whose code he scanned or chose; null leaves. */
export async function chooseDealer(
  app: FastifyInstance,
  memberId: number,
  dealerCode: string | null,
  requestId: string,
): Promise<MyDealer> {
  const db = app.database.db;
  const dealer = dealerCode === null ? null : await repo.findDealerByCode(db, dealerCode);
  if (dealerCode !== null && !dealer) throw fieldError('dealerCode', M.dealerUnknown);
  await db.transaction(async (tx) => {
    const outcome = await moveToDealer(tx, memberActor(requestId), {
      partnerId: memberId,
      dealerId: dealer?.id ?? null,
      via: 'partner',
      field: 'dealerCode',
    });
    if (outcome === 'unchanged' && dealer) throw fieldError('dealerCode', M.alreadyThere);
    if (outcome === 'unchanged') throw fieldError('dealerCode', M.noDealer);
  });
  return myDealer(db, memberId);
}

export async function myPartners(db: Executor, dealerId: number): Promise<MyPartners> {
  return { partners: await repo.partnersOf(db, dealerId), ...(await repo.dealerEarnings(db, dealerId)) };
}

/** A dealer in the app attaches a partner by code or mobile. */
export async function attachPartner(
  app: FastifyInstance,
  dealerId: number,
  codeOrMobile: string,
  requestId: string,
): Promise<MyPartners> {
  const db = app.database.db;
  const me = await repo.memberBasics(db, dealerId);
  if (!me || isPartnerType(me.type))
    throw fieldError('partner', 'Only a dealer or retailer attaches partners');
  const partner = await repo.findPartner(db, codeOrMobile);
  if (partner?.status !== 'approved' || !isPartnerType(partner.type))
    throw fieldError('partner', M.partnerUnknown);
  await db.transaction(async (tx) => {
    const outcome = await moveToDealer(tx, memberActor(requestId), {
      partnerId: partner.id,
      dealerId,
      via: 'dealer',
      field: 'partner',
    });
    if (outcome === 'unchanged') throw fieldError('partner', M.alreadyThere);
  });
  return myPartners(db, dealerId);
}
