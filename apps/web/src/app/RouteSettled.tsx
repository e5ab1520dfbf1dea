import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useRouteLoader } from './route-loader-context';

/**
 * Placed after a route's content inside its Suspense boundary: React commits it (and runs this
 * effect) only once the lazy content beside it has loaded, which is when the route change completes.
 */
export function RouteSettled() {
  const { pathname } = useLocation();
  const { finish } = useRouteLoader();
  // biome-ignore lint/correctness/useExhaustiveDependencies: settle again after each path change.
  useEffect(() => finish(), [pathname, finish]);
  return null;
}
