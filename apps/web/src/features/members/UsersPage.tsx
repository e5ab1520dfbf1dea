import { Tab, Tabs, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link, Route, Routes, useLocation } from 'react-router-dom';
import { AdjustmentsList } from './AdjustmentsList';
import { MemberShow } from './MemberShow';
import { memberPaths } from './member-paths';
import { BreachesTab } from './privacy/BreachesTab';
import { PrivacyRequestsList } from './privacy/PrivacyRequestsList';
import { RetentionTab } from './privacy/RetentionTab';
import { SegmentsTab } from './SegmentsTab';
import { UsersList } from './UsersList';

const TABS = [
  { label: 'Members', path: memberPaths.list },
  { label: 'Points adjustments', path: memberPaths.adjustments },
  { label: 'Segments', path: memberPaths.segments },
  { label: 'Privacy requests', path: memberPaths.privacy },
  { label: 'Breaches', path: memberPaths.breaches },
  { label: 'Retention', path: memberPaths.retention },
];

/**
 * All Users: the member list, the adjustment requests and the members' personal data under the DPDP
 * Act (their privacy requests, the breach register, the retention of dormant members) as tabs; a
 * member's detail beneath.
 */
export default function UsersPage() {
  return (
    <Routes>
      <Route index element={<WithTabs view={<UsersList />} />} />
      <Route path="adjustments" element={<WithTabs view={<AdjustmentsList />} />} />
      <Route path="privacy" element={<WithTabs view={<PrivacyRequestsList />} />} />
      <Route path="breaches" element={<WithTabs view={<BreachesTab />} />} />
      <Route path="retention" element={<WithTabs view={<RetentionTab />} />} />
      <Route path="segments" element={<WithTabs view={<SegmentsTab />} />} />
      <Route path=":id" element={<MemberShow />} />
    </Routes>
  );
}

function WithTabs({ view }: { view: ReactNode }) {
  const { pathname } = useLocation();
  const path = pathname.replace(/\/+$/, '');
  const current =
    TABS.find((tab) => tab.path !== memberPaths.list && path.endsWith(tab.path))?.path ?? memberPaths.list;
  return (
    <>
      <Typography variant="h5" component="h1">
        All Users
      </Typography>
      <Tabs value={current} sx={{ mb: 1 }} variant="scrollable" allowScrollButtonsMobile>
        {TABS.map((tab) => (
          <Tab key={tab.path} label={tab.label} value={tab.path} component={Link} to={tab.path} />
        ))}
      </Tabs>
      {view}
    </>
  );
}
