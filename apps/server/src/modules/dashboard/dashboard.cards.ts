import type { DashboardCard, DashboardSeries } from '@app/contract/dashboard';
import type { Executor } from '../../db/client';
import { auditCards } from '../audit/audit.dashboard';
import { couponCards } from '../coupons/coupons.dashboard';
import { memberCards } from '../members/members.dashboard';
import { staffCards } from '../staff/staff.dashboard';
import type { DashboardRange } from './dashboard.range';

/**
 * What a domain contributes to the dashboard. `pages` are the permissions it reports on: a provider
 * runs only when the caller holds at least one, and each card/series is returned only when the
 * caller holds its own `page`.
 */
export interface DashboardProvider {
  pages: readonly string[];
  cards?(db: Executor, range: DashboardRange): Promise<DashboardCard[]>;
  series?(db: Executor, range: DashboardRange): Promise<DashboardSeries[]>;
}

/** Every domain's dashboard contribution, in display order. A new domain adds one line. */
export const DASHBOARD_PROVIDERS: readonly DashboardProvider[] = [
  staffCards,
  auditCards,
  memberCards,
  couponCards,
];
