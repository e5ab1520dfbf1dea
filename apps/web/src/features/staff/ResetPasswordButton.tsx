import { staffEndpoints } from '@app/contract/staff';
import KeyIcon from '@mui/icons-material/Key';
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  FormControlLabel,
  Button as MuiButton,
  Radio,
  RadioGroup,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { Button, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { ApiError, call } from '../../app/api';
import { useProfile } from '../../app/profile-context';
import { DialogTitleWithClose } from '../../components/DialogTitleWithClose';
import { validateOptionalPassword } from './staff-validation';

/**
 * Reset another account's password: set one or let the server generate one (then shown once).
 * Their sessions end; a failed-sign-in lock is lifted. One's own password changes in the profile menu.
 */
export function ResetPasswordButton({ onGenerated }: { onGenerated: (password: string) => void }) {
  const record = useRecordContext();
  const { profile, can } = useProfile();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [mode, setMode] = useState<'generate' | 'set'>('generate');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  if (!record || !can('staff.manage')) return null;

  const close = () => {
    setOpen(false);
    setPassword('');
    setError(undefined);
  };
  const submit = async () => {
    const local =
      mode === 'set'
        ? (validateOptionalPassword(password) ?? (password ? undefined : 'Enter a password'))
        : undefined;
    if (local) return setError(local);
    setBusy(true);
    try {
      const result = await call(staffEndpoints.resetPassword, {
        params: { id: record.id },
        body: mode === 'set' ? { password } : {},
      });
      notify(`Password reset for ${record.name}; their sessions have ended`, { type: 'success' });
      if (result.generatedPassword) onGenerated(result.generatedPassword);
      close();
      refresh();
    } catch (e) {
      if (e instanceof ApiError && e.fields?.password) setError(e.fields.password);
      else notify(e instanceof Error ? e.message : 'Something went wrong', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const isMe = profile?.id === record.id;
  return (
    <>
      <Button
        label="Reset password"
        onClick={() => setOpen(true)}
        disabled={isMe}
        title={isMe ? 'Use Update Password in the profile menu' : undefined}
      >
        <KeyIcon />
      </Button>
      <Dialog open={open} onClose={close} maxWidth="xs" fullWidth>
        <DialogTitleWithClose onClose={close}>Reset the password of {record.name}?</DialogTitleWithClose>
        <DialogContent>
          <DialogContentText>
            They are signed out everywhere and must sign in with the new password.
          </DialogContentText>
          <RadioGroup value={mode} onChange={(e) => setMode(e.target.value as 'generate' | 'set')}>
            <FormControlLabel value="generate" control={<Radio />} label="Generate a password (shown once)" />
            <FormControlLabel value="set" control={<Radio />} label="Set a password" />
          </RadioGroup>
          {mode === 'set' && (
            <TextField
              label="New password"
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                setError(undefined);
              }}
              error={Boolean(error)}
              helperText={error ?? 'At least 6 characters, not a common password'}
              fullWidth
              margin="dense"
            />
          )}
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={close}>Cancel</MuiButton>
          <MuiButton onClick={submit} disabled={busy} variant="contained" color="warning">
            Reset password
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}
