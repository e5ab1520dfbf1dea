import { describe, expect, it } from 'vitest';
import { activePage } from './active-page';

describe('activePage', () => {
  it('gives nested paths to their page', () => {
    expect(activePage('/dashboard/users/42')?.label).toBe('All Users');
    expect(activePage('/dashboard/users/')?.label).toBe('All Users');
  });

  it('gives /dashboard only its exact path', () => {
    expect(activePage('/dashboard')?.label).toBe('Dashboard');
    expect(activePage('/dashboard/')?.label).toBe('Dashboard');
    expect(activePage('/dashboard/no-such-page')).toBeUndefined();
  });
});
