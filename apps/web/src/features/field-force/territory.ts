import type { BdeRow } from '@app/contract/employees';
import { formatCount } from '@app/contract/format';

/** Text of a list typed as "a, b" or one per line, as the array the API takes. */
export const splitList = (text: unknown): string[] =>
  typeof text === 'string'
    ? text
        .split(/[,\n]/)
        .map((s) => s.trim())
        .filter(Boolean)
    : [];

/** A territory in one line: states, districts, pincodes. */
export function territoryText(t: Pick<BdeRow, 'states' | 'districts' | 'pincodes'>): string {
  const parts = [
    t.states.length ? t.states.join(', ') : '',
    t.districts.length ? `${t.districts.join(', ')} (districts)` : '',
    t.pincodes.length ? `${t.pincodes.join(', ')} (pincodes)` : '',
  ].filter(Boolean);
  return parts.join('; ') || '—';
}

export const targetText = (r: Pick<BdeRow, 'achieved' | 'monthlyTarget'>) =>
  `${formatCount(r.achieved)} of ${formatCount(r.monthlyTarget)}`;
