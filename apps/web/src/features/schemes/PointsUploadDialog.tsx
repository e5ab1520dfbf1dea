import type { PointsUploadResult } from '@app/contract/scheme-points';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import { ApiError, api } from '../../app/api';
import { downloadFile } from '../../components/download';
import { SpreadsheetPicker } from '../../components/SpreadsheetPicker';
import { UploadOutcome } from '../../components/UploadOutcome';

/**
 * Many SKUs' points from one spreadsheet. A file with errors applies nothing: the errors, their report
 * and "Apply valid rows" (the same file sent again with applyValid) are offered instead.
 */
export function PointsUploadDialog({ onClose }: { onClose: () => void }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<PointsUploadResult | null>(null);

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
      const answer = await api<PointsUploadResult>('/admin/scheme-points/upload', {
        method: 'POST',
        body,
        query: { applyValid: String(applyValid) },
      });
      if (answer.status === 'has_errors') return setResult(answer);
      notify(`Points changes applied: ${answer.rowsApplied}, rejected: ${answer.rowsRejected}`, {
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
      <DialogTitle>Upload scheme points</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          One row per change: SKU, Points, Effective from (today or later) and Reason.
        </Typography>
        <SpreadsheetPicker
          file={file}
          onFile={choose}
          onTemplate={() => downloadFile('/admin/scheme-points/template', 'scheme-points-template.xlsx')}
          label="Scheme points spreadsheet"
        />
        {busy && <LinearProgress aria-label="Uploading" sx={{ mb: 2 }} />}
        {problem && <Alert severity="error">{problem}</Alert>}
        {result && (
          <UploadOutcome
            result={result}
            errorsPath="/admin/scheme-points/upload/errors"
            fileName="scheme-points-upload-errors.xlsx"
          />
        )}
      </DialogContent>
      <DialogActions>
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
