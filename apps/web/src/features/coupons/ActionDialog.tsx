import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { ApiError } from '../../app/api';

export interface DialogField {
  name: string;
  label: string;
  type?: 'text' | 'number' | 'select' | 'switch';
  choices?: { id: string; name: string }[];
  /** Shown only when this returns true for the current values. */
  when?: (values: Record<string, unknown>) => boolean;
  multiline?: boolean;
}

/**
 * A small form in a dialog for row actions (allocate, undo, approve, reject). Server field errors
 * appear under their inputs; the dialog closes only when `onSubmit` succeeds.
 */
export function ActionDialog(props: {
  title: string;
  submitLabel: string;
  fields: DialogField[];
  initial?: Record<string, unknown>;
  onSubmit: (values: Record<string, unknown>) => Promise<unknown>;
  onClose: () => void;
}) {
  const [values, setValues] = useState<Record<string, unknown>>(props.initial ?? {});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const set = (name: string, value: unknown) => setValues((v) => ({ ...v, [name]: value }));

  const submit = async () => {
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
    <Dialog open onClose={props.onClose} fullWidth maxWidth="sm">
      <DialogTitle>{props.title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {props.fields
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
          {message && (
            <TextField
              value={message}
              error
              helperText=""
              slotProps={{ input: { readOnly: true } }}
              multiline
              aria-label="Error"
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button variant="contained" onClick={submit} disabled={busy}>
          {props.submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
