import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useRouteLoader } from './route-loader-context';

/**
 * Starts the route-change indicator whenever the path changes (query-string changes such as list
 * paging are not route changes). A layout effect, so that it runs before the passive effect of
 * RouteSettled in the same commit when the new route renders at once.
 */
export function RouteChangeWatcher() {
  const { pathname } = useLocation();
  const { start } = useRouteLoader();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path change is the trigger.
  useLayoutEffect(() => start(), [pathname, start]);
  return null;
}
