import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
} from '@mui/material';
import { type ReactNode, useState } from 'react';
import { ApiError } from '../app/api';
import { DialogTitleWithClose } from './DialogTitleWithClose';

export interface DialogField {
  name: string;
  label: string;
  type?: 'text' | 'number' | 'select' | 'switch';
  choices?: { id: string; name: string }[];
  /** Shown only when this returns true for the current values. */
  when?: (values: Record<string, unknown>) => boolean;
  multiline?: boolean;
  /** Checked before the request is sent: an empty value shows "<label> is required". */
  required?: boolean;
  requiredMessage?: string;
}

export interface ConfirmDialogProps {
  title: string;
  /** What happens, in a sentence or two (shown above the fields). */
  text?: ReactNode;
  /** The button's verb, e.g. "Undo allocation" (never "OK"). */
  verb: string;
  /** Deleting, rejecting, undoing, blocking: the verb button is red. */
  destructive?: boolean;
  fields?: DialogField[];
  initial?: Record<string, unknown>;
  /** Checked before the request is sent, after `required`: field messages, or null when fine. */
  validate?: (values: Record<string, unknown>) => Record<string, string> | null;
  onSubmit: (values: Record<string, unknown>) => Promise<unknown>;
  onClose: () => void;
}

/** A single required or optional reason: the field most confirmations ask for. */
export const reasonField = (required: boolean, label?: string): DialogField => ({
  name: 'reason',
  label: label ?? (required ? 'Reason' : 'Reason (optional)'),
  multiline: true,
  required,
  requiredMessage: 'A reason is required',
});

/**
 * The one confirmation dialog (row actions, approve/reject, delete, block): a sentence, optional
 * fields (a reason, a quantity), Cancel and a verb button, red when destructive. Server field
 * errors appear under their inputs, other failures in the dialog; it closes only on success.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const fields = props.fields ?? [];
  const [values, setValues] = useState<Record<string, unknown>>(props.initial ?? {});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const set = (name: string, value: unknown) => setValues((v) => ({ ...v, [name]: value }));

  const submit = async () => {
    const missing = fields.filter(
      (f) => f.required && (!f.when || f.when(values)) && String(values[f.name] ?? '').trim() === '',
    );
    if (missing.length > 0) {
      setErrors(
        Object.fromEntries(missing.map((f) => [f.name, f.requiredMessage ?? `${f.label} is required`])),
      );
      return;
    }
    const invalid = props.validate?.(values);
    if (invalid) {
      setErrors(invalid);
      return;
    }
    setBusy(true);
    setErrors({});
    setMessage('');
    try {
      await props.onSubmit(values);
      props.onClose();
    } catch (error) {
      if (error instanceof ApiError) {
        setErrors(error.fields ?? {});
        setMessage(error.fields && Object.keys(error.fields).length > 0 ? '' : error.message);
      } else setMessage('Something went wrong');
    } finally {
      setBusy(false);
    }
  };

  return (
    // Clicks inside the dialog must not reach a clickable row behind it (React bubbles through portals).
    <Dialog open onClose={props.onClose} fullWidth maxWidth="sm" onClick={(e) => e.stopPropagation()}>
      <DialogTitleWithClose onClose={props.onClose}>{props.title}</DialogTitleWithClose>
      <DialogContent>
        {props.text && <DialogContentText>{props.text}</DialogContentText>}
        <Stack spacing={2} sx={{ pt: 1 }}>
          {fields
            .filter((f) => !f.when || f.when(values))
            .map((f) =>
              f.type === 'switch' ? (
                <FormControlLabel
                  key={f.name}
                  label={f.label}
                  control={
                    <Switch
                      checked={Boolean(values[f.name])}
                      onChange={(e) => set(f.name, e.target.checked)}
                    />
                  }
                />
              ) : (
                <TextField
                  key={f.name}
                  label={f.label}
                  name={f.name}
                  select={f.type === 'select'}
                  type={f.type === 'number' ? 'number' : 'text'}
                  multiline={f.multiline}
                  required={f.required}
                  value={values[f.name] ?? ''}
                  onChange={(e) =>
                    set(
                      f.name,
                      f.type === 'number' && e.target.value !== '' ? Number(e.target.value) : e.target.value,
                    )
                  }
                  error={Boolean(errors[f.name])}
                  helperText={errors[f.name]}
                >
                  {f.choices?.map((c) => (
                    <MenuItem key={c.id} value={c.id}>
                      {c.name}
                    </MenuItem>
                  ))}
                </TextField>
              ),
            )}
          {message && <Alert severity="error">{message}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button
          variant="contained"
          color={props.destructive ? 'error' : 'primary'}
          onClick={submit}
          disabled={busy}
        >
          {props.verb}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
