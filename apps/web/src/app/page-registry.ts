import type { ComponentType, LazyExoticComponent } from 'react';

/**
 * The component of each page, keyed by its path in contract/permissions (the page's permission).
 * Each is lazy-loaded (`lazy(() => import('../features/<domain>/<Page>'))`) so that only the
 * sign-in page and the shell load up front. A page missing here renders as "not built yet".
 * A new page adds one line.
 */
export const PAGE_COMPONENTS: Record<string, LazyExoticComponent<ComponentType>> = {};
