import type { EndpointBody } from '@app/contract/endpoint';
import { todayInIndia } from '@app/contract/format';
import { giftVouchersEndpoints } from '@app/contract/gift-vouchers';
import { Button, Dialog, DialogActions, DialogContent, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { ApiError, call } from '../../app/api';
import { DayPicker } from '../../components/DayPicker';
import { DialogTitleWithClose } from '../../components/DialogTitleWithClose';

const EMPTY = { brand: '', denomination: '', code: '', pin: '', expiresOn: '' };

/** Adds one voucher to stock: brand, denomination in rupees, code, optional PIN, expiry. */
export function AddVoucherDialog({ onClose, onAdded }: { onClose: () => void; onAdded: () => void }) {
  const notify = useNotify();
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const rupees = form.denomination.trim();
    const paise = /^\d+(\.\d{1,2})?$/.test(rupees) ? Math.round(Number(rupees) * 100) : Number.NaN;
    setSaving(true);
    setErrors({});
    try {
      // An empty denomination or expiry is sent as missing: the server answers its field's message.
      const body = {
        brand: form.brand,
        denominationPaise: rupees === '' ? undefined : paise,
        code: form.code,
        pin: form.pin || null,
        expiresOn: form.expiresOn || undefined,
      } as EndpointBody<typeof giftVouchersEndpoints.add>;
      await call(giftVouchersEndpoints.add, { body });
      notify(`Voucher ${form.code} added`, { type: 'success' });
      onAdded();
      onClose();
    } catch (e) {
      if (e instanceof ApiError && e.fields) {
        const { denominationPaise, ...rest } = e.fields;
        setErrors({ ...rest, ...(denominationPaise ? { denomination: denominationPaise } : {}) });
      } else notify(e instanceof Error ? e.message : 'Something went wrong', { type: 'error' });
    } finally {
      setSaving(false);
    }
  };
  const field = (name: keyof typeof form) => ({
    name,
    value: form[name],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [name]: e.target.value }),
    error: Boolean(errors[name]),
    helperText: errors[name],
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitleWithClose onClose={onClose}>Add a gift voucher</DialogTitleWithClose>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField label="Brand" required {...field('brand')} />
          <TextField label="Denomination (₹)" required inputMode="decimal" {...field('denomination')} />
          <TextField label="Code" required {...field('code')} />
          <TextField label="PIN (optional)" autoComplete="off" {...field('pin')} />
          <DayPicker
            label="Expiry"
            required
            value={form.expiresOn}
            min={todayInIndia()}
            onChange={(day) => setForm({ ...form, expiresOn: day })}
            error={Boolean(errors.expiresOn)}
            helperText={errors.expiresOn}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={save} disabled={saving}>
          Add voucher
        </Button>
      </DialogActions>
    </Dialog>
  );
}
