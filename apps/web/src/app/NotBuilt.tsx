import type { MenuItem } from '@app/contract/permissions';
import { Typography } from '@mui/material';
import { Notice } from '../components/Notice';

/** A contract page whose component is not registered in page-registry.ts yet. */
export function NotBuilt({ page }: { page: MenuItem }) {
  return (
    <Notice title={page.label}>
      <Typography>The page “{page.label}” is not built yet. It arrives with a later release.</Typography>
    </Notice>
  );
}
