import { useEffect } from 'react';
import { AdminContext, defaultI18nProvider, memoryStore } from 'react-admin';
import { Navigate } from 'react-router-dom';
import { DashboardLayout } from './DashboardLayout';
import { DashboardRoutes } from './DashboardRoutes';
import { dataProvider } from './data-provider';
import { ProfileProvider } from './ProfileProvider';
import { storedToken } from './session';
import { theme } from './theme';

export const DASHBOARD_TITLE = 'Action Tesa Dashboard';

/**
 * react-admin preferences live in memory: browser storage holds only the spec's keys
 * (token, userRole, roleName, email, data).
 */
const store = memoryStore();

/** Everything under a dashboard path: react-admin context, profile, layout and page routes. */
export default function DashboardApp() {
  useEffect(() => {
    document.title = DASHBOARD_TITLE;
  }, []);

  if (!storedToken()) return <Navigate to="/" replace />;
  return (
    <AdminContext
      dataProvider={dataProvider}
      i18nProvider={defaultI18nProvider}
      store={store}
      theme={theme}
      darkTheme={null}
    >
      <ProfileProvider>
        <DashboardLayout>
          <DashboardRoutes />
        </DashboardLayout>
      </ProfileProvider>
    </AdminContext>
  );
}
