import { Typography } from '@mui/material';
import { useLocation } from 'react-router-dom';
import { Notice } from '../components/Notice';

/** A dashboard path that belongs to no page. */
export function LayoutNotFound() {
  const { pathname } = useLocation();
  return (
    <Notice title="Page not found">
      <Typography>There is no page at {pathname}.</Typography>
    </Notice>
  );
}
