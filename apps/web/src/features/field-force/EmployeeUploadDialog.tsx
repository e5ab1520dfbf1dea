import type { EmployeeUploadResult } from '@app/contract/employees';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import { ApiError, api } from '../../app/api';
import { downloadFile } from '../../components/download';
import { SpreadsheetPicker } from '../../components/SpreadsheetPicker';
import { UploadErrors } from '../../components/UploadErrors';

/**
 * Employees from one spreadsheet (managers may be rows of the same file). A file with errors applies
 * nothing: the errors, their report and "Apply valid rows" (the same file sent again) are offered.
 */
export function EmployeeUploadDialog({ onClose }: { onClose: () => void }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<EmployeeUploadResult | null>(null);

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setResult(null);
    setProblem(null);
  };
  const send = async (applyValid: boolean) => {
    if (!file) return;
    setBusy(true);
    setProblem(null);
    const body = new FormData();
    body.append('file', file);
    try {
      const answer = await api<EmployeeUploadResult>('/admin/employees/upload', {
        method: 'POST',
        body,
        query: { applyValid: String(applyValid) },
      });
      if (answer.status === 'has_errors') return setResult(answer);
      notify(`Employees added: ${answer.rowsApplied}, rejected: ${answer.rowsRejected}`, {
        type: 'success',
      });
      refresh();
      onClose();
    } catch (e) {
      setProblem(e instanceof ApiError ? (e.fields?.file ?? e.message) : 'Upload failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="md">
      <DialogTitle>Import employees</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          One row per new employee: code, name, mobile, email, designation, department, state/zone and the
          manager’s code (saved, or another row of this file).
        </Typography>
        <SpreadsheetPicker
          file={file}
          onFile={choose}
          onTemplate={() => downloadFile('/admin/employees/template', 'employees-template.xlsx')}
          label="Employees spreadsheet"
        />
        {busy && <LinearProgress aria-label="Uploading" sx={{ mb: 2 }} />}
        {problem && <Alert severity="error">{problem}</Alert>}
        {result && (
          <Stack spacing={2}>
            <Alert severity="error">
              The file has errors: nothing was applied. {result.rowsValid} of {result.rowsTotal} rows are
              valid.
              {result.errorsTotal > result.errors.length &&
                ` The first ${result.errors.length} of ${result.errorsTotal} errors are shown; the report has them all.`}
            </Alert>
            <UploadErrors errors={result.errors} />
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {result?.errorReportId && (
          <Button
            onClick={() =>
              downloadFile(
                `/admin/employees/upload/errors/${result.errorReportId}`,
                'employee-upload-errors.xlsx',
              )
            }
          >
            Download error report
          </Button>
        )}
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        {result ? (
          <Button
            variant="contained"
            color="warning"
            disabled={busy || result.rowsValid === 0}
            onClick={() => send(true)}
          >
            Apply valid rows
          </Button>
        ) : (
          <Button variant="contained" disabled={!file || busy} onClick={() => send(false)}>
            Upload
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
