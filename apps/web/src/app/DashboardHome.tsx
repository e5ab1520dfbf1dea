import { visibleMenu } from '@app/contract/permissions';
import { useMemo } from 'react';
import { Navigate } from 'react-router-dom';
import { DASHBOARD_PATH } from './active-page';
import { PAGE_COMPONENTS } from './page-registry';
import { useProfile } from './profile-context';
import { WelcomePanel } from './WelcomePanel';

/**
 * /dashboard: every role lands here after sign-in. Roles holding the Dashboard permission see the
 * KPI dashboard; the others (printing, distribution, ...) are sent on to their first menu page, and
 * only a role with no page at all sees the welcome.
 */
export function DashboardHome() {
  const { can, permissions } = useProfile();
  const firstPage = useMemo(
    () =>
      visibleMenu(permissions)
        .flatMap((entry) => (entry.kind === 'item' ? [entry.item] : entry.group.items))
        .find((page) => page.path !== DASHBOARD_PATH),
    [permissions],
  );
  const Kpi = PAGE_COMPONENTS[DASHBOARD_PATH];
  if (!can(DASHBOARD_PATH)) {
    return firstPage ? <Navigate to={firstPage.path} replace /> : <WelcomePanel withLinks />;
  }
  return Kpi ? <Kpi /> : <WelcomePanel withLinks={false} />;
}
