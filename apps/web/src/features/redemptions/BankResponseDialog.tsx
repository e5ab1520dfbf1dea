import { BANK_RESPONSE_MAX_BYTES, type BankResponseResult, payoutEndpoints } from '@app/contract/payouts';
import { Alert, Button, Dialog, DialogActions, DialogContent, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { ApiError, call } from '../../app/api';
import { DialogTitleWithClose } from '../../components/DialogTitleWithClose';

/**
 * The bank's reverse file of a bank-file batch (HDFC ENet's response/MIS, comma-separated): each line
 * paid with its UTR or failed and refunded, once; uploading it again changes nothing.
 */
export function BankResponseDialog({
  batchId,
  onReconciled,
  onClose,
}: {
  batchId: number;
  /** After an upload that was read: the batch's counts behind the dialog are out of date. */
  onReconciled: () => void;
  onClose: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<BankResponseResult | null>(null);
  const upload = async () => {
    if (!file) return;
    if (file.size > BANK_RESPONSE_MAX_BYTES) {
      setError('The file is larger than the bank’s response can be (5 MB)');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      setResult(
        await call(payoutEndpoints.bankResponse, {
          params: { id: String(batchId) },
          body: await file.text(),
        }),
      );
      onReconciled();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitleWithClose onClose={onClose}>Bank response of payout batch {batchId}</DialogTitleWithClose>
      <DialogContent>
        <Stack spacing={1}>
          <Typography variant="body2">
            The reverse file from HDFC ENet for this batch: each line is marked paid with its UTR, or failed
            with the bank’s reason (the points go back to the member once).
          </Typography>
          <Button variant="outlined" component="label">
            {file ? file.name : 'Choose the response file'}
            <input
              hidden
              type="file"
              accept=".csv,.txt,text/csv,text/plain"
              aria-label="Bank response file"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setResult(null);
              }}
            />
          </Button>
          {error && <Alert severity="error">{error}</Alert>}
          {result && (
            <Alert severity={result.errors.length > 0 ? 'warning' : 'success'}>
              Lines: {result.rows}; paid: {result.processed}; failed and refunded: {result.failed}; unchanged:{' '}
              {result.unchanged}
              {result.errors.map((e) => (
                <div key={e.row}>
                  Line {e.row}: {e.message}
                </div>
              ))}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        <Button variant="contained" disabled={!file || busy} onClick={upload}>
          Upload
        </Button>
      </DialogActions>
    </Dialog>
  );
}
