import { Box, Typography } from '@mui/material';
import { useState } from 'react';
import { GeneratedReports } from './GeneratedReports';
import { ReportRequestForm } from './ReportRequestForm';

/** Download Report (/dashboard/reports/reports_download): the request form and the generated reports. */
export default function ReportsDownloadPage() {
  const [queued, setQueued] = useState(0);
  return (
    // minWidth 0 and a clip: a long report name or a wide row never makes the phone scroll sideways.
    <Box sx={{ p: 2, minWidth: 0, maxWidth: '100%', overflowX: 'clip' }}>
      <Typography variant="h5" component="h1" gutterBottom>
        Download Report
      </Typography>
      <ReportRequestForm onQueued={() => setQueued((n) => n + 1)} />
      <GeneratedReports refreshKey={queued} />
    </Box>
  );
}
