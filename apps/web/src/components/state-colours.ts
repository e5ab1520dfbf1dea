import type { CouponCounts } from '@app/contract/coupon-batches';
import { COUPON_STATE_LABELS } from '@app/contract/coupons';

/** One colour per coupon state, used by every coupon chart. */
export const STATE_COLOURS: Record<keyof CouponCounts, string> = {
  generated: '#90a4ae',
  printed: '#42a5f5',
  active: '#66bb6a',
  scanned: '#ab47bc',
  damaged: '#ef5350',
  expired: '#ffa726',
};

/** The contract's one set of state names, shared with the dashboard cards and the summary. */
export const STATE_LABELS: Record<keyof CouponCounts, string> = COUPON_STATE_LABELS;

export const stateParts = (c: CouponCounts) =>
  (Object.keys(STATE_COLOURS) as (keyof CouponCounts)[]).map((k) => ({
    label: STATE_LABELS[k],
    value: c[k],
    colour: STATE_COLOURS[k],
  }));

export const percent = (r: number) => `${(r * 100).toFixed(1)}%`;
