import { Component, type ReactNode } from 'react';
import { RouteSettled } from './RouteSettled';

interface Props {
  children: ReactNode;
  /** What to show instead of a route that failed to load or render. */
  fallback: (error: Error) => ReactNode;
}

/** Catches a failed route (e.g. a lazy chunk that cannot load) and ends the route change. */
export class RouteErrorBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error) {
    console.error('Route failed', error);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <>
        {this.props.fallback(this.state.error)}
        <RouteSettled />
      </>
    );
  }
}
