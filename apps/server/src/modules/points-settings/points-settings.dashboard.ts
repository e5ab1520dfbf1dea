import { JOINING_POINTS_PAGE, REFERRAL_POINTS_PAGE } from '@app/contract/points-settings';
import { cardBuilder, type DashboardProvider } from '../../lib/dashboard/provider';
import { creditsInRange } from './points-settings.repository';

const joining = cardBuilder({ group: 'Joining and referral points', page: JOINING_POINTS_PAGE });
const referral = cardBuilder({ group: 'Joining and referral points', page: REFERRAL_POINTS_PAGE });

/**
 * What the joining and referral settings paid in the range: credits posted and their points. Each card
 * opens (and is guarded by) the page that sets it: Joining Points or Referral Points.
 */
export const pointsSettingsCards: DashboardProvider = {
  pages: [JOINING_POINTS_PAGE, REFERRAL_POINTS_PAGE],
  async cards(db, range) {
    const c = await creditsInRange(db, range);
    return [
      joining({
        key: 'joining.creditsInRange',
        label: 'Joining credits in range',
        value: c.joiningCredits,
        unit: 'count',
      }),
      joining({
        key: 'joining.pointsInRange',
        label: 'Joining points credited in range',
        value: c.joiningPoints,
        unit: 'points',
      }),
      referral({
        key: 'referral.creditsInRange',
        label: 'Referral credits in range (referrer and referee)',
        value: c.referralCredits,
        unit: 'count',
      }),
      referral({
        key: 'referral.pointsInRange',
        label: 'Referral points credited in range',
        value: c.referralPoints,
        unit: 'points',
      }),
    ];
  },
};
