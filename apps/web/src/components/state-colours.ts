import type { CouponCounts } from '@app/contract/coupon-batches';

/** One colour per coupon state, used by every coupon chart. */
export const STATE_COLOURS: Record<keyof CouponCounts, string> = {
  generated: '#90a4ae',
  printed: '#42a5f5',
  active: '#66bb6a',
  scanned: '#ab47bc',
  damaged: '#ef5350',
  expired: '#ffa726',
};

export const STATE_LABELS: Record<keyof CouponCounts, string> = {
  generated: 'Generated',
  printed: 'Printed (in stock)',
  active: 'Active',
  scanned: 'Scanned',
  damaged: 'Damaged',
  expired: 'Expired',
};

export const stateParts = (c: CouponCounts) =>
  (Object.keys(STATE_COLOURS) as (keyof CouponCounts)[]).map((k) => ({
    label: STATE_LABELS[k],
    value: c[k],
    colour: STATE_COLOURS[k],
  }));

export const percent = (r: number) => `${(r * 100).toFixed(1)}%`;
