import { Alert, Button, Dialog, DialogActions, DialogContent, Stack } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { ApiError } from '../../app/api';
import { DialogTitleWithClose } from '../../components/DialogTitleWithClose';

/**
 * A small form in a dialog whose fields are the caller's: the verb button sends, a server field error
 * shows under the form (by field), and the dialog closes on success.
 */
export function FormDialog({
  title,
  verb,
  onClose,
  onSubmit,
  children,
  destructive,
}: {
  title: string;
  verb: string;
  onClose: () => void;
  onSubmit: () => Promise<void>;
  children: ReactNode;
  destructive?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string[]>([]);
  const send = async () => {
    setBusy(true);
    setProblem([]);
    try {
      await onSubmit();
      onClose();
    } catch (e) {
      if (e instanceof ApiError && e.fields && Object.keys(e.fields).length > 0)
        setProblem(Object.entries(e.fields).map(([k, v]) => `${k}: ${v}`));
      else setProblem([e instanceof Error ? e.message : 'Something went wrong']);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm">
      <DialogTitleWithClose onClose={onClose} disabled={busy}>
        {title}
      </DialogTitleWithClose>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {children}
          {problem.length > 0 && (
            <Alert severity="error">
              {problem.map((p) => (
                <div key={p}>{p}</div>
              ))}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" color={destructive ? 'error' : 'primary'} onClick={send} disabled={busy}>
          {verb}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
