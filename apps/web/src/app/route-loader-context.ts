import { createContext, useContext } from 'react';

/** Shows the full-screen route-change indicator; see RouteLoaderProvider. */
export interface RouteLoaderControls {
  /** A route change began: show the indicator. */
  start(): void;
  /** The new route rendered or failed: hide the indicator (after its minimum time on screen). */
  finish(): void;
}

const noop = () => {};
export const RouteLoaderContext = createContext<RouteLoaderControls>({ start: noop, finish: noop });

export const useRouteLoader = (): RouteLoaderControls => useContext(RouteLoaderContext);

/** The indicator stays at least this long so that a fast change still paints it at least once. */
export const MIN_VISIBLE_MS = 150;
