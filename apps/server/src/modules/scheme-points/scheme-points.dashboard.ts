import { SCHEME_POINTS_PAGE } from '@app/contract/scheme-points';
import { cardBuilder, type DashboardProvider } from '../../lib/dashboard/provider';
import { changesInRange } from './scheme-points.repository';

const card = cardBuilder({ group: 'Scheme points', page: SCHEME_POINTS_PAGE });

/** SKU point changes made in the range (by hand or upload) and the SKUs they touched; both open Update Scheme Points. */
export const schemePointsCards: DashboardProvider = {
  pages: [SCHEME_POINTS_PAGE],
  async cards(db, range) {
    const c = await changesInRange(db, range);
    return [
      card({
        key: 'schemePoints.changesInRange',
        label: 'Scheme point updates in range',
        value: c.changes,
        unit: 'count',
      }),
      card({
        key: 'schemePoints.skusInRange',
        label: 'SKUs with points updated in range',
        value: c.skus,
        unit: 'count',
      }),
    ];
  },
};
