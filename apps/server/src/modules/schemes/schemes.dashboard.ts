import { SCHEMES_PAGE } from '@app/contract/schemes';
import { sql } from 'drizzle-orm';
import { pointsLedger } from '../../db/schema/ledger';
import { members } from '../../db/schema/members';
import { schemes } from '../../db/schema/schemes';
import { cardBuilder, type DashboardProvider } from '../../lib/dashboard/provider';
import { countWhere, inRange } from '../../lib/dashboard/series';
import { MOVEMENT } from '../ledger';
import { paisePerPoint } from '../points-settings';
import { effectiveStatus } from './scheme-lapse';

const card = cardBuilder({ group: 'Schemes', page: SCHEMES_PAGE });

/**
 * The loyalty programme as its managers (super admin) see it from the Scheme page: schemes in force
 * and awaiting approval, bonus points they paid in the range, and the points issued and outstanding, and
 * their liability. The last three carry the ledger cards' keys: a caller who holds QR Points
 * History gets those (with their ledger filter) and not these (the dashboard shows a key once).
 */
export const schemeCards: DashboardProvider = {
  pages: [SCHEMES_PAGE],
  async cards(db, range) {
    const [s] = await db
      .select({
        active: countWhere(sql`${effectiveStatus} = 'active'`),
        awaiting: countWhere(
          sql`${schemes.status} = 'draft' and ${schemes.activationRequestedBy} is not null`,
        ),
      })
      .from(schemes);
    const [p] = await db
      .select({
        bonus:
          sql<number>`coalesce(sum(${pointsLedger.amount}) filter (where ${pointsLedger.kind} = 'scheme_bonus'), 0)`.mapWith(
            Number,
          ),
        issued:
          sql<number>`coalesce(sum(${pointsLedger.amount}) filter (where ${MOVEMENT.earned}), 0)`.mapWith(
            Number,
          ),
      })
      .from(pointsLedger)
      .where(inRange(pointsLedger.createdAt, range));
    const [m] = await db
      .select({ outstanding: sql<number>`coalesce(sum(${members.balance}), 0)`.mapWith(Number) })
      .from(members);
    return [
      card({
        key: 'schemes.active',
        label: 'Schemes in force',
        value: s?.active ?? 0,
        unit: 'count',
        filter: { status: 'active' },
      }),
      card({
        key: 'schemes.awaitingApproval',
        label: 'Schemes awaiting approval',
        value: s?.awaiting ?? 0,
        unit: 'count',
        filter: { awaitingApproval: true },
      }),
      card({
        key: 'schemes.bonusInRange',
        label: 'Scheme bonus points in range',
        value: p?.bonus ?? 0,
        unit: 'points',
      }),
      card({ key: 'points.issued', label: 'Points issued in range', value: p?.issued ?? 0, unit: 'points' }),
      card({
        key: 'points.outstanding',
        label: 'Points outstanding',
        value: m?.outstanding ?? 0,
        unit: 'points',
      }),
      card({
        key: 'points.liability',
        label: 'Liability of outstanding points',
        value: (m?.outstanding ?? 0) * (await paisePerPoint(db)),
        unit: 'paise',
      }),
    ];
  },
};
