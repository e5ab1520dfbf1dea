import { visibleMenu } from '@app/contract/permissions';
import { Link as MuiLink, Typography } from '@mui/material';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { Notice } from '../components/Notice';
import { DASHBOARD_PATH } from './active-page';
import { useProfile } from './profile-context';

/** The landing content of /dashboard without KPIs; with links to the role's pages when asked. */
export function WelcomePanel({ withLinks }: { withLinks: boolean }) {
  const { permissions, roleName } = useProfile();
  const pages = useMemo(
    () =>
      visibleMenu(permissions)
        .flatMap((entry) => (entry.kind === 'item' ? [entry.item] : entry.group.items))
        .filter((page) => page.path !== DASHBOARD_PATH),
    [permissions],
  );
  return (
    <Notice title="Welcome">
      <Typography>Signed in as {roleName}.</Typography>
      {withLinks && pages.length === 0 && <Typography>Your role has no pages yet.</Typography>}
      {withLinks && pages.length > 0 && (
        <>
          <Typography sx={{ mt: 2 }}>Your pages:</Typography>
          <ul aria-label="Your pages">
            {pages.map((page) => (
              <li key={page.path}>
                <MuiLink component={Link} to={page.path}>
                  {page.label}
                </MuiLink>
              </li>
            ))}
          </ul>
        </>
      )}
    </Notice>
  );
}
