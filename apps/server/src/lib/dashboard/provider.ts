import type { DashboardCard, DashboardSeries } from '@app/contract/dashboard';
import type { Executor } from '../../db/client';

/** A dashboard range: IST calendar days `from`…`to` and the UTC instants [start, end) they cover. */
export interface DashboardRange {
  from: string;
  to: string;
  /** ISO instants, start inclusive, end exclusive. */
  start: string;
  end: string;
}

/**
 * What a domain contributes to the dashboard (a module's `dashboardCards`). `pages` are the
 * permissions it reports on: a provider runs only when the caller holds at least one, and each
 * card/series is returned only when the caller holds its own `page`.
 */
export interface DashboardProvider {
  pages: readonly string[];
  cards?(db: Executor, range: DashboardRange): Promise<DashboardCard[]>;
  series?(db: Executor, range: DashboardRange): Promise<DashboardSeries[]>;
}

type Shared = Partial<DashboardCard> & Pick<DashboardCard, 'group'>;

/**
 * The one card builder: what every card of a provider shares (its group, and often its page and
 * unit), then each card's own fields. A card's own field wins over the shared one.
 */
export const cardBuilder =
  <S extends Shared>(shared: S) =>
  (card: Omit<DashboardCard, keyof S> & Partial<DashboardCard>): DashboardCard =>
    ({ ...shared, ...card }) as DashboardCard;
