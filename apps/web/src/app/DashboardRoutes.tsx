import { PAGES } from '@app/contract/permissions';
import { Route, Routes } from 'react-router-dom';
import { DASHBOARD_PATH } from './active-page';
import { DashboardHome } from './DashboardHome';
import { LayoutNotFound } from './LayoutNotFound';
import { PageRoute } from './PageRoute';
import { RouteBoundary } from './RouteBoundary';

const PAGES_UNDER_DASHBOARD = PAGES.filter((page) => page.path !== DASHBOARD_PATH);
const relative = (path: string) => path.replace(/^\//, '');

/**
 * One route per contract page. Each page route ends in `/*`, so the page owns the paths under it
 * (detail views such as /dashboard/users/42) and may declare its own nested <Routes>. Each route has
 * its own keyed boundary: a page's lazy code loads there and a failure stays inside the layout.
 */
export function DashboardRoutes() {
  return (
    <Routes>
      <Route
        path={relative(DASHBOARD_PATH)}
        element={
          <RouteBoundary key={DASHBOARD_PATH}>
            <DashboardHome />
          </RouteBoundary>
        }
      />
      {PAGES_UNDER_DASHBOARD.map((page) => (
        <Route
          key={page.path}
          path={`${relative(page.path)}/*`}
          element={
            <RouteBoundary key={page.path}>
              <PageRoute page={page} />
            </RouteBoundary>
          }
        />
      ))}
      <Route
        path="*"
        element={
          <RouteBoundary key="*">
            <LayoutNotFound />
          </RouteBoundary>
        }
      />
    </Routes>
  );
}
