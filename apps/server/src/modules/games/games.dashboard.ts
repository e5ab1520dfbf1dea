import { GAMES_PAGE } from '@app/contract/games';
import { cardBuilder, type DashboardProvider } from '../../lib/dashboard/provider';
import { playsInRange } from './games.repository';

const card = cardBuilder({ group: 'Games', page: GAMES_PAGE });

/** Game plays in the range and the points they won; both open Games Points. */
export const gameCards: DashboardProvider = {
  pages: [GAMES_PAGE],
  async cards(db, range) {
    const p = await playsInRange(db, range);
    return [
      card({ key: 'games.playsInRange', label: 'Game plays in range', value: p.plays, unit: 'count' }),
      card({
        key: 'games.pointsWonInRange',
        label: 'Game points won in range',
        value: p.points,
        unit: 'points',
      }),
    ];
  },
};
