import { Tab, Tabs, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link, Route, Routes, useLocation } from 'react-router-dom';
import { AdjustmentsList } from './AdjustmentsList';
import { MemberShow } from './MemberShow';
import { memberPaths } from './member-paths';
import { SegmentsTab } from './SegmentsTab';
import { UsersList } from './UsersList';

/** All Users: the member list and the adjustment requests as tabs; a member's detail beneath. */
export default function UsersPage() {
  return (
    <Routes>
      <Route index element={<WithTabs view={<UsersList />} />} />
      <Route path="adjustments" element={<WithTabs view={<AdjustmentsList />} />} />
      <Route path="segments" element={<WithTabs view={<SegmentsTab />} />} />
      <Route path=":id" element={<MemberShow />} />
    </Routes>
  );
}

function WithTabs({ view }: { view: ReactNode }) {
  const { pathname } = useLocation();
  const path = pathname.replace(/\/+$/, '');
  const current = path.endsWith('/adjustments')
    ? memberPaths.adjustments
    : path.endsWith('/segments')
      ? memberPaths.segments
      : memberPaths.list;
  return (
    <>
      <Typography variant="h5" component="h1">
        All Users
      </Typography>
      <Tabs value={current} sx={{ mb: 1 }}>
        <Tab label="Members" value={memberPaths.list} component={Link} to={memberPaths.list} />
        <Tab
          label="Points adjustments"
          value={memberPaths.adjustments}
          component={Link}
          to={memberPaths.adjustments}
        />
        <Tab label="Segments" value={memberPaths.segments} component={Link} to={memberPaths.segments} />
      </Tabs>
      {view}
    </>
  );
}
