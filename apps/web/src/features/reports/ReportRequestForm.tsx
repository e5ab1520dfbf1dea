import { reportsEndpoints } from '@app/contract/reports';
import { Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { ApiError, call, callBlob } from '../../app/api';
import { DayPicker } from '../../components/DayPicker';
import { FullScreenLoader } from '../../components/FullScreenLoader';
import { LoadError } from '../../components/list/ListStates';
import { REPORT_COLOURS, showReportFailed, showReportStarted } from './report-popups';
import {
  type ReportFieldErrors,
  type ReportRequestValues,
  reportRequestErrors,
  requestBody,
  saveSpreadsheet,
  thisMonth,
} from './report-request';
import { useReportTypes } from './use-report-types';

/**
 * Report type, start and end date, then "Download" (use 1: the xlsx is saved as `<reportType>.xlsx`)
 * or "Generate in background" (use 2: a popup, the file appears under "Generated reports").
 */
export function ReportRequestForm({ onQueued }: { onQueued: () => void }) {
  const { types, error: typesError, retry } = useReportTypes();
  const [values, setValues] = useState<ReportRequestValues>(() => ({ reportType: '', ...thisMonth() }));
  const [errors, setErrors] = useState<ReportFieldErrors>({});
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);

  const change = (field: keyof ReportRequestValues) => (event: { target: { value: string } }) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    if (tried) setErrors(reportRequestErrors(next));
  };

  const run = async (background: boolean) => {
    setTried(true);
    const invalid = reportRequestErrors(values);
    setErrors(invalid);
    if (Object.keys(invalid).length > 0) return;
    setBusy(true);
    try {
      const body = requestBody(values, background);
      if (background) {
        await call(reportsEndpoints.download, { body });
        setBusy(false);
        onQueued();
        await showReportStarted();
      } else {
        const content = await callBlob(reportsEndpoints.download, { body });
        setBusy(false);
        saveSpreadsheet(content, `${values.reportType}.xlsx`);
      }
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError && error.fields) setErrors(error.fields as ReportFieldErrors);
      await showReportFailed();
    }
  };

  const selected = types?.find((t) => t.key === values.reportType);
  const noTypes = types !== null && types.length === 0;
  // Nothing to run until the types are known: loading, failed (Retry) or none for this role.
  const cannotRun = busy || types === null || noTypes;
  return (
    <Box component="form" noValidate onSubmit={(e) => e.preventDefault()} sx={{ maxWidth: 640 }}>
      <Stack spacing={2}>
        <TextField
          select
          required
          label="Report type"
          value={values.reportType}
          onChange={change('reportType')}
          error={Boolean(errors.reportType)}
          helperText={errors.reportType ?? (selected ? `Dates filter on: ${selected.dateField}` : ' ')}
        >
          {(types ?? []).map((t) => (
            <MenuItem key={t.key} value={t.key}>
              {t.label}
            </MenuItem>
          ))}
        </TextField>
        {typesError ? <LoadError subject="The report types" error={typesError} onRetry={retry} /> : null}
        {noTypes && <Typography color="text.secondary">Your role has no report types to run.</Typography>}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {(['startDate', 'endDate'] as const).map((field) => (
            <DayPicker
              key={field}
              required
              label={field === 'startDate' ? 'Start date' : 'End date'}
              value={values[field]}
              onChange={(day) => change(field)({ target: { value: day } })}
              error={Boolean(errors[field])}
              helperText={errors[field] ?? ' '}
            />
          ))}
        </Stack>
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="contained" disabled={cannotRun} onClick={() => run(false)}>
            Download
          </Button>
          <Button variant="outlined" disabled={cannotRun} onClick={() => run(true)}>
            Generate in background
          </Button>
        </Stack>
      </Stack>
      {busy && (
        <FullScreenLoader colour={REPORT_COLOURS.spinner} label="Running report" testId="report-spinner" />
      )}
    </Box>
  );
}
