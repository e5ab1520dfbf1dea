import { describe, expect, it } from 'vitest';
import { formatKpi, kpiLink } from './format-kpi';

describe('dashboard cards', () => {
  it('formats counts with Indian grouping and paise as rupees', () => {
    expect(formatKpi({ value: 1234567, unit: 'count' })).toBe('12,34,567');
    expect(formatKpi({ value: 250050, unit: 'paise' })).toBe('₹2,500.50');
    expect(formatKpi({ value: 1500, unit: 'points' })).toBe('1,500 pts');
  });

  it('links to the page with the filter the list reads from the URL', () => {
    expect(kpiLink({ page: '/dashboard/manageadmin', filter: { active: true } })).toBe(
      '/dashboard/manageadmin?filter=%7B%22active%22%3Atrue%7D',
    );
    expect(kpiLink({ page: '/dashboard/manageadmin', link: '/dashboard/manageadmin/audit' })).toBe(
      '/dashboard/manageadmin/audit',
    );
  });
});
