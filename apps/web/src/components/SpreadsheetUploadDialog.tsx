import type { UploadEndpoints } from '@app/contract/endpoint-kits';
import type { UploadResult } from '@app/contract/uploads';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  LinearProgress,
  Typography,
} from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import { ApiError, api, call } from '../app/api';
import { DialogTitleWithClose } from './DialogTitleWithClose';
import { downloadFile, downloadFrom } from './download';
import { SpreadsheetPicker } from './SpreadsheetPicker';
import { UploadOutcome } from './UploadOutcome';

export interface SpreadsheetUploadDialogProps<Result extends UploadResult> {
  title: string;
  /** What a row is, above the picker. */
  help: ReactNode;
  /**
   * The upload's endpoints (contract `uploadEndpoints`: upload, template, error report) with the
   * template's and the report's file names; or, until its domain moves to the contract, their paths.
   */
  endpoints?: UploadEndpoints;
  /** The upload route (multipart `file`, `applyValid` in the query), e.g. `/admin/stores/upload`. */
  path?: string;
  template: { path?: string; fileName: string };
  /** The error report route without the id, and the report's file name. */
  errorReport: { path?: string; fileName: string };
  /** The picker's accessible name: "Stores spreadsheet". */
  label: string;
  /** What applying a row does, in the past tense ("applied" by default). */
  verb?: string;
  /** The message once rows were applied. */
  done: (answer: Result) => string;
  onClose: () => void;
  /** After rows were applied (the list refreshes by default). */
  onApplied?: () => void;
}

/**
 * The one spreadsheet upload dialog: template, file, upload; a file with errors applies nothing and
 * shows its errors, their downloadable report and "Apply valid rows" (the same file sent again).
 */
export function SpreadsheetUploadDialog<Result extends UploadResult>(
  props: SpreadsheetUploadDialogProps<Result>,
) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<Result | null>(null);

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
      const query = { applyValid: applyValid ? 'true' : 'false' } as const;
      const answer = props.endpoints
        ? ((await call(props.endpoints.upload, { body, query })) as Result)
        : await api<Result>(props.path!, { method: 'POST', body, query });
      if (answer.status === 'has_errors') return setResult(answer);
      notify(props.done(answer), { type: 'success' });
      (props.onApplied ?? refresh)();
      props.onClose();
    } catch (e) {
      setProblem(e instanceof ApiError ? (e.fields?.file ?? e.message) : 'Upload failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : props.onClose} fullWidth maxWidth="md">
      <DialogTitleWithClose onClose={props.onClose} disabled={busy}>
        {props.title}
      </DialogTitleWithClose>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {props.help}
        </Typography>
        <SpreadsheetPicker
          file={file}
          onFile={choose}
          onTemplate={() =>
            props.endpoints
              ? downloadFrom(props.endpoints.template, props.template.fileName)
              : downloadFile(props.template.path!, props.template.fileName)
          }
          label={props.label}
        />
        {busy && <LinearProgress aria-label="Uploading" sx={{ mb: 2 }} />}
        {problem && <Alert severity="error">{problem}</Alert>}
        {result && (
          <UploadOutcome
            result={result}
            errors={props.endpoints?.errors ?? props.errorReport.path!}
            fileName={props.errorReport.fileName}
            verb={props.verb}
          />
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap' }}>
        <Button onClick={props.onClose} disabled={busy}>
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
