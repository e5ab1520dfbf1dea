import type { RedemptionRequestBody } from '@app/contract/redemptions';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import type { Actor } from '../lib/audit';
import { decideAdjustment, requestAdjustment } from '../modules/adjustments/adjustments.service';
import {
  dispatchGift,
  markGiftDelivered,
  markGiftReturned,
} from '../modules/redemptions/redemption-fulfilment';
import {
  cancelIn,
  decideRedemption,
  markFailed,
  markPaid,
  requestIn,
} from '../modules/redemptions/redemptions.service';
import { archiveReward, createReward } from '../modules/redemptions/rewards.service';
import { staffIdOf } from './coupon-activity';

const ALL_TYPES = ['carpenter', 'contractor', 'architect', 'dealer', 'retailer'] as const;
const DAY = 86_400_000;

const actorOf = async (database: Database, role: string): Promise<Actor> => ({
  id: await staffIdOf(database.db, role),
  role,
  requestId: null,
});

/**
 * Demo rewards and redemptions, made through the services (so each has its audit entries and state
 * history): the catalogue's gifts and e-vouchers (one archived), and redemptions of every kind in
 * every state a page shows — requested, approved (a voucher waiting for stock), rejected, cancelled,
 * paid, failed, dispatched, delivered, returned — and a member past the TDS threshold.
 */
export async function seedDemoRedemptions(database: Database): Promise<void> {
  const app = { database } as unknown as FastifyInstance;
  const { db } = database;
  const marketing = await actorOf(database, 'marketing');
  const finance = await actorOf(database, 'finance');
  const cs = await actorOf(database, 'cs');
  const admin = await actorOf(database, 'admin');

  const reward = (body: Parameters<typeof createReward>[2]) => createReward(app, marketing, body);
  const gifts = [
    await reward({
      name: 'Bosch cordless drill',
      type: 'physical',
      pointsCost: 6000,
      mrpPaise: 549_900,
      stock: 25,
      eligibleTypes: [...ALL_TYPES],
      active: true,
    }),
    await reward({
      name: 'Stanley tool kit (65 pieces)',
      type: 'physical',
      pointsCost: 3500,
      mrpPaise: 299_900,
      stock: 40,
      eligibleTypes: ['carpenter', 'contractor'],
      active: true,
    }),
    await reward({
      name: 'Prestige pressure cooker 5 L',
      type: 'physical',
      pointsCost: 2400,
      mrpPaise: 219_500,
      stock: 60,
      eligibleTypes: [...ALL_TYPES],
      active: true,
    }),
    await reward({
      name: 'Safety helmet and gloves',
      type: 'physical',
      pointsCost: 800,
      mrpPaise: 69_900,
      stock: 0,
      eligibleTypes: [...ALL_TYPES],
      active: true,
    }),
  ];
  const vouchers = [
    await reward({
      name: 'Amazon Pay ₹500',
      type: 'e_voucher',
      brand: 'Amazon',
      denominationPaise: 50_000,
      pointsCost: 2000,
      mrpPaise: 50_000,
      eligibleTypes: [...ALL_TYPES],
      active: true,
    }),
    await reward({
      name: 'Flipkart ₹1,000',
      type: 'e_voucher',
      brand: 'Flipkart',
      denominationPaise: 100_000,
      pointsCost: 4000,
      mrpPaise: 100_000,
      eligibleTypes: [...ALL_TYPES],
      active: true,
    }),
    await reward({
      name: 'Tanishq ₹5,000',
      type: 'e_voucher',
      brand: 'Tanishq',
      denominationPaise: 500_000,
      pointsCost: 20_000,
      mrpPaise: 500_000,
      eligibleTypes: ['architect', 'dealer'],
      active: false,
    }),
  ];
  const oldGift = await reward({
    name: 'Wall clock (discontinued)',
    type: 'physical',
    pointsCost: 1200,
    mrpPaise: 89_900,
    stock: 3,
    eligibleTypes: [...ALL_TYPES],
    active: true,
  });
  await archiveReward(app, marketing, oldGift.id);

  // Approved members with approved KYC, richest first: each redemption takes the next who can pay.
  const found = await db.execute(sql`
    select m.id, m.type, m.balance from members m
    where m.status = 'approved' and m.kyc_status = 'approved'
      and exists (select 1 from kyc_submissions k where k.member_id = m.id and k.status = 'approved')
    order by m.balance desc, m.id limit 60`);
  const people = (found.rows as { id: number; type: string; balance: number }[]).map((p) => ({
    ...p,
    balance: Number(p.balance),
  }));
  if (people.length === 0) return;
  let turn = 0;
  const request = async (body: RedemptionRequestBody, daysAgo: number, points: number) => {
    for (let tries = 0; tries < people.length; tries++) {
      const p = people[turn++ % people.length]!;
      if (p.balance < points) continue;
      if (
        body.kind !== 'cash' &&
        body.rewardId === vouchers[2]!.id &&
        !['architect', 'dealer'].includes(p.type)
      )
        continue;
      if (body.rewardId === gifts[1]!.id && !['carpenter', 'contractor'].includes(p.type)) continue;
      const made = await db.transaction((tx) =>
        requestIn(tx, p.id, body, new Date(Date.now() - daysAgo * DAY)),
      );
      p.balance -= points;
      return { ...made, memberId: p.id };
    }
    return undefined;
  };
  const cash = (points: number, daysAgo: number, payout: 'bank' | 'upi' = 'bank') =>
    request({ kind: 'cash', points, payout, quantity: 1 }, daysAgo, points);
  const gift = (i: number, daysAgo: number) =>
    request({ kind: 'gift', rewardId: gifts[i]!.id, quantity: 1 }, daysAgo, gifts[i]!.pointsCost);
  const voucher = (i: number, daysAgo: number) =>
    request({ kind: 'voucher', rewardId: vouchers[i]!.id, quantity: 1 }, daysAgo, vouchers[i]!.pointsCost);
  const approve = (r: { id: number } | undefined) =>
    r && decideRedemption(app, finance, r.id, 'approved', null);
  const reject = (r: { id: number } | undefined, reason: string) =>
    r && decideRedemption(app, cs, r.id, 'rejected', reason);

  // A member past ₹20,000 in this financial year: TDS on the redemption that passes it.
  const top = people[0]!;
  const grant = await requestAdjustment(app, { ...cs, id: cs.id! }, top.id, {
    amount: 120_000,
    reason: 'Annual dealer target bonus',
  });
  await decideAdjustment(app, { ...finance, id: finance.id! }, grant.id, 'approved', 'Target met');
  top.balance += 120_000;
  const big = await db.transaction((tx) =>
    requestIn(
      tx,
      top.id,
      { kind: 'cash', points: 70_000, payout: 'bank', quantity: 1 },
      new Date(Date.now() - 20 * DAY),
    ),
  );
  await approve(big);
  await markPaid(app, cs, big.id, 'SBIN526011234567');
  const crossing = await db.transaction((tx) =>
    requestIn(
      tx,
      top.id,
      { kind: 'cash', points: 30_000, payout: 'bank', quantity: 1 },
      new Date(Date.now() - 3 * DAY),
    ),
  );
  await approve(crossing);
  top.balance -= 100_000;

  // A festive bonus for a dozen members, so the queues hold many people's requests (made as staff do).
  for (const p of people.slice(1, 13)) {
    const bonus = await requestAdjustment(app, { ...cs, id: cs.id! }, p.id, {
      amount: 8000,
      reason: 'Festive season bonus',
    });
    await decideAdjustment(app, { ...finance, id: finance.id! }, bonus.id, 'approved', undefined);
    p.balance += 8000;
  }
  turn = 1;

  // Requested: the queue of each kind.
  for (let i = 0; i < 5; i++) await cash(1000 + i * 500, i % 3, i % 2 ? 'upi' : 'bank');
  for (let i = 0; i < 4; i++) await gift(i % 3, i);
  for (let i = 0; i < 3; i++) await voucher(i % 2, i);
  // Cancelled by the member before approval.
  for (const r of [await cash(1500, 6), await gift(2, 5)])
    if (r) await db.transaction((tx) => cancelIn(tx, r.memberId, r.id, null));
  // Rejected.
  await reject(await cash(2000, 9), 'Bank details do not match the KYC');
  await reject(await gift(0, 8), 'Duplicate request');
  await reject(await voucher(1, 7), 'Suspicious scan pattern under review');
  // Cash: approved awaiting payment, paid, failed.
  for (let i = 0; i < 3; i++) await approve(await cash(1200 + i * 300, 4 + i));
  for (let i = 0; i < 4; i++) {
    const r = await cash(1000 + i * 250, 10 + i, i % 2 ? 'upi' : 'bank');
    await approve(r);
    if (r) await markPaid(app, cs, r.id, `HDFC${String(800_000_000 + r.id * 7919).padStart(12, '0')}`);
  }
  const failed = await cash(1800, 12);
  await approve(failed);
  if (failed) await markFailed(app, cs, failed.id, 'Account closed (bank return code R03)');
  // Voucher: approved, waiting for stock (the voucher module issues them from its stock).
  for (let i = 0; i < 2; i++) await approve(await voucher(i, 3 + i));
  // Gifts: approved awaiting dispatch, dispatched, delivered, returned.
  for (let i = 0; i < 2; i++) await approve(await gift(i, 5 + i));
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 10);
  const shipped = async (i: number, daysAgo: number, awb: string) => {
    const r = await gift(i, daysAgo);
    if (!r) return undefined;
    await approve(r);
    await db.transaction((tx) =>
      dispatchGift(tx, admin, r.id, {
        courierCompany: i % 2 ? 'DTDC' : 'Blue Dart',
        awb,
        dispatchedOn: day(daysAgo - 2),
      }),
    );
    return r;
  };
  await shipped(0, 9, 'BD7781234501');
  const delivered = await shipped(2, 14, 'BD7781234502');
  if (delivered)
    await db.transaction((tx) => markGiftDelivered(tx, admin, delivered.id, { deliveredOn: day(9) }));
  const returned = await shipped(1, 16, 'DT4410098765');
  if (returned)
    await db.transaction((tx) =>
      markGiftReturned(tx, admin, returned.id, 'Consignee not available; returned to origin'),
    );
}
