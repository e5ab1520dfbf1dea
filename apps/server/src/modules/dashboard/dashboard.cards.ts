import { auditCards } from '../audit/audit.dashboard';
import { couponCards } from '../coupons/coupons.dashboard';
import { fieldCards } from '../employees/field.dashboard';
import { memberCards } from '../members/members.dashboard';
import { pointsExpiryCards } from '../points-expiry/points-expiry.dashboard';
import { redemptionCards } from '../redemptions/redemptions.dashboard';
import { staffCards } from '../staff/staff.dashboard';
import type { DashboardProvider } from './dashboard.provider';

/** Every domain's dashboard contribution, in display order. A new domain adds one line. */
export const DASHBOARD_PROVIDERS: readonly DashboardProvider[] = [
  staffCards,
  auditCards,
  memberCards,
  couponCards,
  redemptionCards,
  pointsExpiryCards,
  fieldCards,
];
