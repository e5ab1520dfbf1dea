import { type InvoiceUploadRow, invoicesEndpoints } from '@app/contract/invoices';
import { Alert, Box, Button, Checkbox, FormControlLabel, Stack } from '@mui/material';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { call } from '../../app/api';
import { downloadFrom } from '../../components/download';
import { SpreadsheetPicker } from '../../components/SpreadsheetPicker';
import { UploadErrors } from '../../components/UploadErrors';

const SUMMARY: Record<InvoiceUploadRow['status'], string> = {
  applied: 'All rows applied.',
  has_errors: 'The file has errors: nothing was applied.',
  partially_applied: 'Valid rows applied; rows with errors were skipped.',
};

/** Upload invoices from the template: row-level errors, error report, and "apply valid rows". */
export function InvoiceUpload() {
  const notify = useNotify();
  const [file, setFile] = useState<File | null>(null);
  const [applyValid, setApplyValid] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<InvoiceUploadRow | null>(null);

  const run = async (send: () => Promise<InvoiceUploadRow>) => {
    setBusy(true);
    try {
      setResult(await send());
    } catch (error) {
      notify(error instanceof Error ? error.message : 'Upload failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const upload = () => {
    if (!file) return;
    const body = new FormData();
    body.append('file', file);
    return run(() =>
      call(invoicesEndpoints.upload, { body, query: { applyValid: applyValid ? 'true' : 'false' } }),
    );
  };
  const applyNow = () =>
    result && run(() => call(invoicesEndpoints.applyValid, { params: { id: result.id } }));

  return (
    <Box sx={{ maxWidth: 900 }}>
      <SpreadsheetPicker
        file={file}
        onFile={setFile}
        onTemplate={() => downloadFrom(invoicesEndpoints.template, 'invoice-upload-template.xlsx')}
        label="Invoice spreadsheet"
      />
      <FormControlLabel
        control={<Checkbox checked={applyValid} onChange={(e) => setApplyValid(e.target.checked)} />}
        label="Apply valid rows even if some rows have errors"
      />
      <Box sx={{ my: 2 }}>
        <Button variant="contained" disabled={!file || busy} onClick={upload}>
          Upload
        </Button>
      </Box>
      {result && (
        <Stack spacing={2}>
          <Alert
            severity={
              result.status === 'applied' ? 'success' : result.status === 'has_errors' ? 'error' : 'warning'
            }
          >
            {SUMMARY[result.status]} Rows: {result.rowsTotal} · applied {result.rowsApplied} · failed{' '}
            {result.rowsFailed} · invoices created {result.invoicesCreated}
          </Alert>
          <Stack direction="row" spacing={2}>
            {result.hasErrorReport && (
              <Button
                variant="outlined"
                onClick={() =>
                  downloadFrom(invoicesEndpoints.uploadErrors, `upload-${result.id}-errors.xlsx`, {
                    id: result.id,
                  })
                }
              >
                Download error report
              </Button>
            )}
            {result.status === 'has_errors' && (
              <Button variant="contained" color="warning" disabled={busy} onClick={applyNow}>
                Apply valid rows
              </Button>
            )}
          </Stack>
          <UploadErrors errors={result.errors} />
        </Stack>
      )}
    </Box>
  );
}
