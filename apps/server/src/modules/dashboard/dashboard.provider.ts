import type { DashboardCard, DashboardSeries } from '@app/contract/dashboard';
import type { Executor } from '../../db/client';
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
