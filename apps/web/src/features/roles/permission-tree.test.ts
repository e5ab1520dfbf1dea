import { describe, expect, it } from 'vitest';
import { accessOfPage, clearAll, PERMISSION_TREE, selectAll, togglePermission } from './permission-tree';

describe('role editor tree', () => {
  it('ticks a page with its group, and a group with all its pages', () => {
    expect(togglePermission([], '/dashboard/roles', true)).toEqual([
      'group:user-management',
      '/dashboard/roles',
      'roles.manage',
    ]);
    expect(togglePermission([], 'group:media', true)).toEqual([
      'group:media',
      '/dashboard/media/gallery',
      'gallery.manage',
      '/dashboard/media/banner',
      'banners.manage',
      '/dashboard/media/event',
      'events.manage',
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

describe('actions in the role editor tree', () => {
  it('ticks a page with its actions, an action with its page, and unticks a page with its actions', () => {
    expect(togglePermission([], '/dashboard/manageadmin', true)).toEqual([
      '/dashboard/manageadmin',
      'staff.manage',
    ]);
    expect(togglePermission([], 'coupon-allocations.undo', true)).toEqual([
      '/dashboard/coupon-allocation',
      'coupon-allocations.undo',
    ]);
    expect(togglePermission([], 'roles.manage', true)).toEqual([
      'group:user-management',
      '/dashboard/roles',
      'roles.manage',
    ]);
    const both = ['/dashboard/manageadmin', 'staff.manage'];
    expect(togglePermission(both, '/dashboard/manageadmin', false)).toEqual([]);
    expect(togglePermission(both, 'staff.manage', false)).toEqual(['/dashboard/manageadmin']);
  });

  it('calls a page without its actions view only', () => {
    const staffPage = PERMISSION_TREE.find((n) => n.id === '/dashboard/manageadmin')!;
    expect(accessOfPage(new Set(['/dashboard/manageadmin']), staffPage)).toBe('view only');
    expect(accessOfPage(new Set(['/dashboard/manageadmin', 'staff.manage']), staffPage)).toBe('can act');
    expect(accessOfPage(new Set(), staffPage)).toBe('none');
  });
});
