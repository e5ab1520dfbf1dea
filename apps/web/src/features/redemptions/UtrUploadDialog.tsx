import type { UtrUploadResult } from '@app/contract/redemptions';
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
 * Many approved cash redemptions marked paid from one spreadsheet (Redemption, UTR). A file with errors
 * applies nothing: the errors, their report and "Apply valid rows" (the same file sent again with
 * applyValid) are offered instead.
 */
export function UtrUploadDialog({ onClose }: { onClose: () => void }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<UtrUploadResult | null>(null);

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
      const answer = await api<UtrUploadResult>('/admin/redemptions/utr-upload', {
        method: 'POST',
        body,
        query: { applyValid: String(applyValid) },
      });
      if (answer.status === 'has_errors') return setResult(answer);
      notify(`Marked paid: ${answer.rowsApplied}, rejected: ${answer.rowsRejected}`, {
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
      <DialogTitle>Upload UTRs (cash paid)</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          One row per approved cash redemption the bank has paid: Redemption (its number) and UTR. Redemptions
          you approved yourself are refused: a second person pays.
        </Typography>
        <SpreadsheetPicker
          file={file}
          onFile={choose}
          onTemplate={() =>
            downloadFile('/admin/redemptions/utr-upload/template', 'utr-upload-template.xlsx')
          }
          label="UTR spreadsheet"
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
                `/admin/redemptions/utr-upload/errors/${result.errorReportId}`,
                'utr-upload-errors.xlsx',
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
