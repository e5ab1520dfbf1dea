import { Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A titled message card inside the layout (welcome, not allowed, not built yet, not found). */
export function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper sx={{ p: 3, maxWidth: 720 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
