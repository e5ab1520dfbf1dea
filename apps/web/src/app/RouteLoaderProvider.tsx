import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { FullScreenLoader } from '../components/FullScreenLoader';
import { MIN_VISIBLE_MS, RouteLoaderContext } from './route-loader-context';

/** Green for route changes (shell spec section 9). */
export const ROUTE_LOADER_COLOUR = '#2e7d32';

/**
 * Owns the route-change indicator. RouteChangeWatcher calls start() when the path changes;
 * RouteSettled (rendered inside each route's Suspense boundary) or a route error boundary calls
 * finish() once the new route has rendered or failed.
 */
export function RouteLoaderProvider({ children }: { children: ReactNode }) {
  const [visible, setVisible] = useState(false);
  const startedAt = useRef(0);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const start = useCallback(() => {
    clearTimeout(hideTimer.current);
    startedAt.current = performance.now();
    setVisible(true);
  }, []);

  const finish = useCallback(() => {
    clearTimeout(hideTimer.current);
    const remaining = MIN_VISIBLE_MS - (performance.now() - startedAt.current);
    hideTimer.current = setTimeout(() => setVisible(false), Math.max(0, remaining));
  }, []);

  useEffect(() => () => clearTimeout(hideTimer.current), []);
  const controls = useMemo(() => ({ start, finish }), [start, finish]);

  return (
    <RouteLoaderContext.Provider value={controls}>
      {children}
      {visible && (
        <FullScreenLoader testId="route-loader" label="Loading page" colour={ROUTE_LOADER_COLOUR} />
      )}
    </RouteLoaderContext.Provider>
  );
}
