import { istDayStartIso, todayInIndia } from '@app/contract/format';
import type { SchemeBody } from '@app/contract/schemes';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import type { Actor } from '../lib/audit';
import { recordChange } from '../modules/scheme-points/scheme-points.service';
import * as schemes from '../modules/schemes/schemes.service';
import { staffIdOf } from './coupon-activity';

const DAY = 86_400_000;
/** A calendar day (IST) `offset` days from today. */
const dayIst = (offset: number) => todayInIndia(new Date(Date.now() + offset * DAY));

const body = (b: Partial<SchemeBody> & Pick<SchemeBody, 'name' | 'rule'>): SchemeBody => ({
  startsOn: dayIst(-10),
  endsOn: dayIst(20),
  memberTypes: [],
  states: [],
  productIds: [],
  multiplier: null,
  bonusPoints: null,
  slabScans: null,
  ...b,
});

/**
 * Demo schemes in every state and a points history, made through the services that staff use, so
 * that each has its audit trail: an active multiplier, fixed bonus and slab scheme, one awaiting
 * approval, a draft, an ended and a cancelled one; past and future Update Scheme Points changes.
 */
export async function seedDemoSchemes(database: Database, productIds: number[]): Promise<void> {
  // The services only read `app.database`.
  const app = { database } as unknown as FastifyInstance;
  const actor = async (role: string): Promise<Actor & { id: number }> => ({
    id: await staffIdOf(database.db, role),
    role,
    requestId: null,
  });
  const maker = await actor('admin');
  const checker = await actor('almond team');
  const [gloss, matt, ply18, , hdhmr] = productIds;

  const make = async (b: SchemeBody, then: 'draft' | 'requested' | 'active' | 'ended' | 'cancelled') => {
    const s = await schemes.createScheme(app, maker, b);
    if (then === 'draft') return;
    if (then === 'cancelled') {
      await schemes.cancelScheme(app, maker, s.id, 'Demo: replaced by the festive scheme');
      return;
    }
    await schemes.requestActivation(app, maker, s.id);
    if (then === 'requested') return;
    await schemes.approveActivation(app, checker, s.id);
    if (then === 'ended') await schemes.endScheme(app, maker, s.id);
  };
  await make(
    body({
      name: 'Festive double points on gloss laminates',
      rule: 'multiplier',
      multiplier: 2,
      productIds: [gloss!],
    }),
    'active',
  );
  await make(
    body({
      name: 'Kerala carpenters: 5 extra points a laminate scan',
      rule: 'fixed_bonus',
      bonusPoints: 5,
      memberTypes: ['carpenter'],
      states: ['Kerala'],
      productIds: [gloss!, matt!],
    }),
    'active',
  );
  await make(
    body({
      name: 'Plywood: 100 bonus every 10 scans',
      rule: 'slab_bonus',
      slabScans: 10,
      bonusPoints: 100,
      productIds: [ply18!],
    }),
    'active',
  );
  await make(
    body({
      name: 'Matt laminates 1.5× for dealers',
      rule: 'multiplier',
      multiplier: 1.5,
      productIds: [matt!],
      memberTypes: ['dealer'],
    }),
    'requested',
  );
  await make(
    body({
      name: 'New year HDHMR bonus',
      rule: 'fixed_bonus',
      bonusPoints: 20,
      productIds: [hdhmr!],
      startsOn: dayIst(40),
      endsOn: dayIst(70),
    }),
    'draft',
  );
  await make(
    body({
      name: 'Summer sale 1.25× (closed early)',
      rule: 'multiplier',
      multiplier: 1.25,
      startsOn: dayIst(-30),
      endsOn: dayIst(0),
    }),
    'ended',
  );
  await make(
    body({ name: 'Trial fixed bonus', rule: 'fixed_bonus', bonusPoints: 3, productIds: [ply18!] }),
    'cancelled',
  );

  const pointsEditor = await actor('almond team');
  await database.db.transaction(async (tx) => {
    await recordChange(tx, pointsEditor, {
      productId: matt!,
      points: 8,
      effectiveFrom: new Date(Date.now() - 25 * DAY),
      reason: 'Demo: revised price list',
    });
    await recordChange(tx, pointsEditor, {
      productId: hdhmr!,
      points: 35,
      effectiveFrom: new Date(istDayStartIso(dayIst(15))),
      reason: 'Demo: new rate from next fortnight',
    });
  });
}
