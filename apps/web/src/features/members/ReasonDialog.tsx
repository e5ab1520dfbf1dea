import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Button as MuiButton,
  TextField,
} from '@mui/material';
import { type ReactNode, useState } from 'react';
import { ApiError } from '../../app/api';

export interface ReasonDialogProps {
  open: boolean;
  title: string;
  text?: ReactNode;
  confirm: string;
  /** Reason is required (reject, block) or optional (approve). */
  required: boolean;
  label?: string;
  color?: 'primary' | 'error' | 'warning' | 'success';
  onClose(): void;
  /** Resolves when done; an ApiError with a `reason` field shows under the input. */
  onSubmit(reason: string): Promise<void>;
}

/** Asks for a reason, then runs the action; field errors from the server show under the input. */
export function ReasonDialog(props: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const close = () => {
    setReason('');
    setError(undefined);
    props.onClose();
  };
  const submit = async () => {
    if (props.required && !reason.trim()) return setError('A reason is required');
    setBusy(true);
    try {
      await props.onSubmit(reason.trim());
      close();
    } catch (e) {
      setError(e instanceof ApiError ? (e.fields?.reason ?? e.message) : 'Something went wrong');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={props.open} onClose={close} maxWidth="xs" fullWidth>
      <DialogTitle>{props.title}</DialogTitle>
      <DialogContent>
        {props.text && <DialogContentText>{props.text}</DialogContentText>}
        <TextField
          label={props.label ?? (props.required ? 'Reason' : 'Reason (optional)')}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setError(undefined);
          }}
          error={Boolean(error)}
          helperText={error}
          multiline
          minRows={2}
          fullWidth
          margin="dense"
          autoFocus
        />
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={close}>Cancel</MuiButton>
        <MuiButton onClick={submit} disabled={busy} variant="contained" color={props.color ?? 'primary'}>
          {props.confirm}
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
}
