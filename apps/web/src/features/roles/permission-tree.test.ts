import { describe, expect, it } from 'vitest';
import { clearAll, selectAll, togglePermission } from './permission-tree';

describe('role editor tree', () => {
  it('ticks a page with its group, and a group with all its pages', () => {
    expect(togglePermission([], '/dashboard/roles', true)).toEqual([
      'group:user-management',
      '/dashboard/roles',
    ]);
    expect(togglePermission([], 'group:media', true)).toEqual([
      'group:media',
      '/dashboard/media/gallery',
      '/dashboard/media/banner',
      '/dashboard/media/event',
    ]);
    expect(togglePermission(['group:media', '/dashboard/media/gallery'], 'group:media', false)).toEqual([]);
    expect(togglePermission(['/dashboard', '/dashboard/invoice'], '/dashboard', false)).toEqual([
      '/dashboard/invoice',
    ]);
  });

  it('leaves alone what the editor may not change', () => {
    const only = (ids: string[]) => (id: string) => ids.includes(id);
    expect(
      togglePermission([], 'group:media', true, only(['group:media', '/dashboard/media/banner'])),
    ).toEqual(['group:media', '/dashboard/media/banner']);
    const locked = (id: string) => id !== '/dashboard/roles';
    expect(clearAll(['/dashboard', '/dashboard/roles'], locked)).toEqual(['/dashboard/roles']);
    expect(selectAll([], only(['/dashboard']))).toEqual(['/dashboard']);
  });
});
