import { todayInIndia } from '@app/contract/format';
import { Alert, Button, Dialog, DialogActions, DialogContent, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import { ApiError } from '../../app/api';
import { DayPicker } from '../../components/DayPicker';
import { DialogTitleWithClose } from '../../components/DialogTitleWithClose';

export interface ShippingDialogProps {
  title: string;
  verb: string;
  /** Sends the move (the form's fields and day) to its endpoint. */
  send: (body: Record<string, string>) => Promise<unknown>;
  /** Text fields before the date: name and label. */
  fields: { name: string; label: string }[];
  dayField: string;
  dayLabel: string;
  done: string;
  onClose: () => void;
}

/** Dispatch (courier, AWB, day) or delivered (day): text fields and a dd/mm/yyyy day, today by default. */
export function ShippingDialog(props: ShippingDialogProps) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [form, setForm] = useState<Record<string, string>>({ [props.dayField]: todayInIndia() });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    setErrors({});
    setMessage('');
    try {
      await props.send(form);
      notify(props.done, { type: 'success' });
      refresh();
      props.onClose();
    } catch (e) {
      if (e instanceof ApiError && e.fields && Object.keys(e.fields).length > 0) setErrors(e.fields);
      else setMessage(e instanceof Error ? e.message : 'Something went wrong');
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="xs" onClick={(e) => e.stopPropagation()}>
      <DialogTitleWithClose onClose={props.onClose}>{props.title}</DialogTitleWithClose>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          {props.fields.map((f) => (
            <TextField
              key={f.name}
              label={f.label}
              name={f.name}
              required
              value={form[f.name] ?? ''}
              onChange={(e) => setForm({ ...form, [f.name]: e.target.value })}
              error={Boolean(errors[f.name])}
              helperText={errors[f.name]}
            />
          ))}
          <DayPicker
            label={props.dayLabel}
            required
            value={form[props.dayField]}
            max={todayInIndia()}
            onChange={(day) => setForm({ ...form, [props.dayField]: day })}
            error={Boolean(errors[props.dayField])}
            helperText={errors[props.dayField]}
          />
          {message && <Alert severity="error">{message}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button variant="contained" onClick={save} disabled={saving}>
          {props.verb}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
