import { type MenuItem, pageForPath } from '@app/contract/permissions';

export const DASHBOARD_PATH = '/dashboard';

/**
 * The page a path belongs to, for routing and the sidebar highlight: nested paths belong to their
 * page (/dashboard/users/42 → All Users), but /dashboard itself owns only its exact path, so an
 * unknown /dashboard/whatever is "not found" rather than the dashboard.
 */
export function activePage(pathname: string): MenuItem | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  const page = pageForPath(path);
  if (page?.path === DASHBOARD_PATH && path.toLowerCase() !== DASHBOARD_PATH) return undefined;
  return page;
}
