import type { DashboardCard } from '@app/contract/dashboard';
import { formatCount, formatRupees } from '@app/contract/format';

/** A card's value as people read it: Indian digit grouping, paise shown as rupees. */
export function formatKpi(card: Pick<DashboardCard, 'value' | 'unit'>): string {
  if (card.unit === 'paise') return formatRupees(card.value);
  if (card.unit === 'points') return `${formatCount(card.value)} pts`;
  return formatCount(card.value);
}

/** Where a card leads: its page (or view) with the card's filter applied, as react-admin lists read it. */
export function kpiLink(card: Pick<DashboardCard, 'page' | 'link' | 'filter'>): string {
  const path = card.link ?? card.page;
  return card.filter ? `${path}?filter=${encodeURIComponent(JSON.stringify(card.filter))}` : path;
}
