import { todayInIndia } from '@app/contract/format';
import {
  PENDING_SCAN_MODE_LABELS,
  PENDING_SCAN_MODES,
  type PendingScanMode,
  pendingScanSettingsEndpoints,
} from '@app/contract/points-settings';
import { MenuItem, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { ApiError, call } from '../../app/api';
import { LoadError } from '../../components/list/ListStates';
import { useEndpoint } from '../../components/use-api-get';
import { SettingsEditor } from './SettingsEditor';
import { SettingsHistory } from './SettingsHistory';

/**
 * Scans while pending, a programme setting kept beside the joining points: whether a member
 * whose registration is not approved yet has a label's points credited at once, or the code kept
 * (on the phone) until approval. Effective-dated and audited like the other points settings.
 */
export function PendingScansSection() {
  const notify = useNotify();
  const { data, error, reload } = useEndpoint(pendingScanSettingsEndpoints.history);
  const [form, setForm] = useState<{ mode: PendingScanMode; effectiveFrom: string }>({
    mode: 'credit',
    effectiveFrom: todayInIndia(),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = async () => {
    try {
      setErrors({});
      await call(pendingScanSettingsEndpoints.add, { body: form });
      notify('Scans while pending saved', { type: 'success' });
      reload();
    } catch (e) {
      if (e instanceof ApiError && e.fields) setErrors(e.fields);
      else notify(e instanceof Error ? e.message : 'Something went wrong', { type: 'error' });
    }
  };
  const current = data?.find((r) => r.current)?.mode ?? 'hold';
  return (
    <section aria-labelledby="pending-scans-title">
      <Typography variant="h6" component="h2" id="pending-scans-title" sx={{ mt: 3 }}>
        Scans while pending
      </Typography>
      <Typography color="text.secondary">
        What a member’s scan does before their registration is approved. In force now:{' '}
        <strong>{PENDING_SCAN_MODE_LABELS[current]}</strong>.
      </Typography>
      <SettingsEditor
        effectiveFrom={form.effectiveFrom}
        onEffectiveFrom={(effectiveFrom) => setForm({ ...form, effectiveFrom })}
        error={errors.effectiveFrom}
        onSave={save}
      >
        <TextField
          select
          label="A pending member’s scan is"
          value={form.mode}
          onChange={(e) => setForm({ ...form, mode: e.target.value as PendingScanMode })}
          error={Boolean(errors.mode)}
          helperText={errors.mode}
          sx={{ minWidth: 280 }}
        >
          {PENDING_SCAN_MODES.map((mode) => (
            <MenuItem key={mode} value={mode}>
              {PENDING_SCAN_MODE_LABELS[mode]}
            </MenuItem>
          ))}
        </TextField>
      </SettingsEditor>
      {error ? (
        <LoadError subject="The scans-while-pending settings" error={error} onRetry={reload} />
      ) : (
        <SettingsHistory rows={data ?? []} columns={[['Scan', (r) => PENDING_SCAN_MODE_LABELS[r.mode]]]} />
      )}
    </section>
  );
}
