import { DASHBOARD_PATH } from './active-page';
import { PAGE_COMPONENTS } from './page-registry';
import { useProfile } from './profile-context';
import { WelcomePanel } from './WelcomePanel';

/**
 * /dashboard: every role lands here after sign-in. Roles holding the Dashboard permission see the
 * KPI dashboard (once registered); the others see a welcome with links to their own pages.
 */
export function DashboardHome() {
  const { can } = useProfile();
  const Kpi = PAGE_COMPONENTS[DASHBOARD_PATH];
  if (!can(DASHBOARD_PATH)) return <WelcomePanel withLinks />;
  return Kpi ? <Kpi /> : <WelcomePanel withLinks={false} />;
}
