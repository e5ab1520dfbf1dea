import { authEndpoints } from '@app/contract/auth';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { call } from './api';
import {
  EMPTY_PASSWORD_FORM,
  type PasswordField,
  type PasswordForm,
  validatePasswordForm,
  visibleErrors,
} from './password-form';
import { useCommonPasswordCheck } from './password-list';

const ALL_FIELDS: readonly PasswordField[] = ['newPassword', 'confirmPassword'];

/**
 * Change-password dialog (shell spec sections 2, 5, 7): errors show once a field is touched; the
 * call's answer is not read; the dialog closes and the form resets whether it succeeded or failed.
 */
export function UpdatePasswordDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const [form, setForm] = useState<PasswordForm>(EMPTY_PASSWORD_FORM);
  const [touched, setTouched] = useState<ReadonlySet<PasswordField>>(new Set());
  const [busy, setBusy] = useState(false);
  const isCommon = useCommonPasswordCheck(open);
  const errors = validatePasswordForm(form, isCommon);
  const shown = visibleErrors(errors, touched);

  const close = () => {
    setForm(EMPTY_PASSWORD_FORM);
    setTouched(new Set());
    setBusy(false);
    onClose();
  };
  const touch = (field: PasswordField) => setTouched((t) => (t.has(field) ? t : new Set([...t, field])));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (Object.keys(errors).length > 0) {
      setTouched(new Set(ALL_FIELDS));
      return;
    }
    setBusy(true);
    try {
      const body = { password: form.newPassword, confirmPassword: form.confirmPassword };
      await call(authEndpoints.updatePassword, { body });
    } catch (error) {
      console.error('Password update failed', error);
    } finally {
      close();
    }
  }

  const field = (name: PasswordField, label: string) => (
    <TextField
      name={name}
      id={`update-password-${name}`}
      label={label}
      type="password"
      autoComplete="new-password"
      value={form[name]}
      onChange={(e) => setForm((f) => ({ ...f, [name]: e.target.value }))}
      onBlur={() => touch(name)}
      error={Boolean(shown[name])}
      helperText={shown[name] ?? ' '}
      fullWidth
      margin="dense"
    />
  );

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : close}
      fullWidth
      maxWidth={false}
      slotProps={{ paper: { sx: { maxWidth: '400px' } } }}
      aria-labelledby="update-password-title"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="update-password-title">Update Password</DialogTitle>
        <DialogContent>
          {field('newPassword', 'New Password')}
          {field('confirmPassword', 'Confirm Password')}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            Update
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
