import { todayInIndia } from '@app/contract/format';
import { type PointsChangeBody, type SkuPointsRow, schemePointsEndpoints } from '@app/contract/scheme-points';
import { Button, Dialog, DialogActions, DialogContent, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import { ApiError, call } from '../../app/api';
import { DayPicker } from '../../components/DayPicker';
import { DialogTitleWithClose } from '../../components/DialogTitleWithClose';

/** Edit one SKU's base points from a chosen day (today or later), with a reason. */
export function PointsChangeDialog({ sku, onClose }: { sku: SkuPointsRow; onClose: () => void }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [form, setForm] = useState({
    points: String(sku.currentPoints),
    effectiveFrom: todayInIndia(),
    reason: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    setErrors({});
    try {
      await call(schemePointsEndpoints.change, {
        params: { productId: sku.id },
        // The form's values as typed; the server's schema checks them and answers field errors.
        body: { ...form, points: form.points === '' ? undefined : Number(form.points) } as PointsChangeBody,
      });
      notify(`Points of ${sku.sku} saved`, { type: 'success' });
      refresh();
      onClose();
    } catch (e) {
      if (e instanceof ApiError && e.fields) setErrors(e.fields);
      else notify(e instanceof Error ? e.message : 'Something went wrong', { type: 'error' });
    } finally {
      setSaving(false);
    }
  };
  const field = (name: keyof typeof form) => ({
    value: form[name],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [name]: e.target.value }),
    error: Boolean(errors[name]),
    helperText: errors[name],
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitleWithClose onClose={onClose}>
        {sku.sku} — {sku.name}
      </DialogTitleWithClose>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField label="Points" type="number" {...field('points')} />
          <DayPicker
            label="Effective from"
            value={form.effectiveFrom}
            onChange={(day) => setForm({ ...form, effectiveFrom: day })}
            error={Boolean(errors.effectiveFrom)}
            helperText={errors.effectiveFrom}
          />
          <TextField label="Reason" multiline {...field('reason')} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={save} disabled={saving}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
