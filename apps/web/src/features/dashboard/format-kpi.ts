import type { DashboardCard } from '@app/contract/dashboard';

const count = new Intl.NumberFormat('en-IN');
const rupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 2,
});

/** A card's value as people read it: Indian digit grouping, paise shown as rupees. */
export function formatKpi(card: Pick<DashboardCard, 'value' | 'unit'>): string {
  if (card.unit === 'paise') return rupees.format(card.value / 100);
  if (card.unit === 'points') return `${count.format(card.value)} pts`;
  return count.format(card.value);
}

/** Where a card leads: its page (or view) with the card's filter applied, as react-admin lists read it. */
export function kpiLink(card: Pick<DashboardCard, 'page' | 'link' | 'filter'>): string {
  const path = card.link ?? card.page;
  return card.filter ? `${path}?filter=${encodeURIComponent(JSON.stringify(card.filter))}` : path;
}
