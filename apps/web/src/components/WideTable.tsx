import { Box, Table } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * A plain table that may be wider than the screen (a tab's settings history, a batch's lines): it
 * scrolls sideways inside its own region, keyboard-scrollable, so the page itself never does; cells
 * stay on one line, headers may wrap.
 */
export function WideTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      role="region"
      aria-label={label}
      tabIndex={0}
      sx={{
        overflowX: 'auto',
        maxWidth: '100%',
        '& td': { whiteSpace: 'nowrap' },
        '& th': { minWidth: '5rem' },
      }}
    >
      <Table size="small" aria-label={label}>
        {children}
      </Table>
    </Box>
  );
}
