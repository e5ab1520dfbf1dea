import type { MenuItem } from '@app/contract/permissions';
import { Typography } from '@mui/material';
import { Notice } from '../components/Notice';
import { useProfile } from './profile-context';

/** A page opened by URL that the role does not hold. */
export function NotAllowed({ page }: { page: MenuItem }) {
  const { roleName } = useProfile();
  return (
    <Notice title="Not allowed">
      <Typography>
        Your role ({roleName}) cannot open this page ({page.label}).
      </Typography>
    </Notice>
  );
}
