import { Tab, Tabs, Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import { Link, Route, Routes, useLocation } from 'react-router-dom';
import { ServerFieldErrors } from '../../components/ServerFieldErrors';
import { StaffCreate } from './StaffCreate';
import { StaffEdit } from './StaffEdit';
import { StaffList } from './StaffList';
import { StaffShow } from './StaffShow';
import { staffPaths } from './staff-paths';

const AuditLogPage = lazy(() => import('./AuditLogPage'));
const SignInActivityPage = lazy(() => import('./SignInActivityPage'));

/** Manage Admin: the accounts list and the audit log as tabs; create, show and edit beneath. */
export default function StaffPage() {
  return (
    <ServerFieldErrors>
      <Routes>
        <Route index element={<WithTabs view={<StaffList />} />} />
        <Route
          path="audit"
          element={
            <WithTabs
              view={
                <Suspense fallback={null}>
                  <AuditLogPage />
                </Suspense>
              }
            />
          }
        />
        <Route
          path="sign-ins"
          element={
            <WithTabs
              view={
                <Suspense fallback={null}>
                  <SignInActivityPage />
                </Suspense>
              }
            />
          }
        />
        <Route path="create" element={<StaffCreate />} />
        <Route path=":id" element={<StaffShow />} />
        <Route path=":id/edit" element={<StaffEdit />} />
      </Routes>
    </ServerFieldErrors>
  );
}

function WithTabs({ view }: { view: React.ReactNode }) {
  const { pathname } = useLocation();
  const path = pathname.replace(/\/+$/, '');
  const current = path.endsWith('/audit')
    ? staffPaths.audit
    : path.endsWith('/sign-ins')
      ? staffPaths.signIns
      : staffPaths.list;
  return (
    <>
      <Typography variant="h5" component="h1">
        Manage Admin
      </Typography>
      <Tabs value={current} sx={{ mb: 1 }}>
        <Tab label="Staff accounts" value={staffPaths.list} component={Link} to={staffPaths.list} />
        <Tab label="Audit log" value={staffPaths.audit} component={Link} to={staffPaths.audit} />
        <Tab label="Sign-in activity" value={staffPaths.signIns} component={Link} to={staffPaths.signIns} />
      </Tabs>
      {view}
    </>
  );
}
