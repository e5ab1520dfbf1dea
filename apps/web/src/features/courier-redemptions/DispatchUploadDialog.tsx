import type { DispatchUploadResult } from '@app/contract/courier-redemptions';
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
import { useNotify } from 'react-admin';
import { ApiError, api } from '../../app/api';
import { downloadFile } from '../../components/download';
import { SpreadsheetPicker } from '../../components/SpreadsheetPicker';
import { UploadErrors } from '../../components/UploadErrors';

/**
 * Many dispatches from one spreadsheet (Redemption, Courier company, AWB, Dispatch date). A file with
 * errors dispatches nothing: the errors with their rows, their report and "Apply valid rows".
 */
export function DispatchUploadDialog({ onClose, onApplied }: { onClose: () => void; onApplied: () => void }) {
  const notify = useNotify();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<DispatchUploadResult | null>(null);

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
      const answer = await api<DispatchUploadResult>('/admin/courier-redemptions/upload', {
        method: 'POST',
        body,
        query: { applyValid: String(applyValid) },
      });
      if (answer.status === 'has_errors') return setResult(answer);
      notify(`Dispatched: ${answer.rowsApplied}, rejected: ${answer.rowsRejected}`, { type: 'success' });
      onApplied();
      onClose();
    } catch (e) {
      setProblem(e instanceof ApiError ? (e.fields?.file ?? e.message) : 'Upload failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="md">
      <DialogTitle>Upload dispatches</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          One row per approved gift: Redemption number, Courier company, AWB and Dispatch date.
        </Typography>
        <SpreadsheetPicker
          file={file}
          onFile={choose}
          onTemplate={() => downloadFile('/admin/courier-redemptions/template', 'dispatch-template.xlsx')}
          label="Dispatch spreadsheet"
        />
        {busy && <LinearProgress aria-label="Uploading" sx={{ mb: 2 }} />}
        {problem && <Alert severity="error">{problem}</Alert>}
        {result && (
          <Stack spacing={2}>
            <Alert severity="error">
              The file has errors: nothing was dispatched. {result.rowsValid} of {result.rowsTotal} rows are
              valid.
              {result.errorsTotal > result.errors.length &&
                ` The first ${result.errors.length} of ${result.errorsTotal} errors are shown; the report has them all.`}
            </Alert>
            <UploadErrors errors={result.errors} />
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap' }}>
        {result?.errorReportId && (
          <Button
            onClick={() =>
              downloadFile(
                `/admin/courier-redemptions/upload/errors/${result.errorReportId}`,
                'dispatch-upload-errors.xlsx',
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
