import { lazy, Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { PlainNotFound } from './PlainNotFound';
import { RouteBoundary } from './RouteBoundary';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { RouteFailed } from './RouteFailed';
import { SignInPage } from './SignInPage';

/** The admin part (react-admin, MUI, layout) loads only once a dashboard route is opened. */
const DashboardApp = lazy(() => import('./DashboardApp'));

/** Shell spec section 2: a path containing "dashboard" is shown inside the dashboard layout. */
export const isDashboardPath = (pathname: string): boolean => pathname.toLowerCase().includes('dashboard');

function PlainOrDashboard() {
  const { pathname } = useLocation();
  if (!isDashboardPath(pathname)) {
    return (
      <RouteBoundary>
        <PlainNotFound />
      </RouteBoundary>
    );
  }
  // No RouteSettled here: the dashboard's own page boundary ends the route change.
  return (
    <RouteErrorBoundary fallback={(error) => <RouteFailed error={error} />}>
      <Suspense fallback={null}>
        <DashboardApp />
      </Suspense>
    </RouteErrorBoundary>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route
        path="/"
        element={
          <RouteBoundary>
            <SignInPage />
          </RouteBoundary>
        }
      />
      <Route path="*" element={<PlainOrDashboard />} />
    </Routes>
  );
}
