import { type ReactNode, Suspense } from 'react';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { RouteFailed } from './RouteFailed';
import { RouteSettled } from './RouteSettled';

/**
 * Wraps the element of a route: lazy content suspends here (the route-change indicator stays up
 * meanwhile), and the change completes when it renders or fails.
 */
export function RouteBoundary({ children }: { children: ReactNode }) {
  return (
    <RouteErrorBoundary fallback={(error) => <RouteFailed error={error} />}>
      <Suspense fallback={null}>
        {children}
        <RouteSettled />
      </Suspense>
    </RouteErrorBoundary>
  );
}
