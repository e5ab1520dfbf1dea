import {
  REFERRAL_TRIGGER_LABELS,
  REFERRAL_TRIGGERS,
  type ReferralSettingRow,
} from '@app/contract/points-settings';
import { Button, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { List, useNotify } from 'react-admin';
import { ApiError, api } from '../../app/api';
import { useApiGet } from '../members/use-api-get';
import { LedgerDatagrid } from './LedgerDatagrid';
import { SettingsHistory, todayIst } from './SettingsHistory';

const PATH = '/admin/referral/settings';
const num = (v: string) => (v === '' ? undefined : Number(v));

/** Referral Points: points to the referrer and the new member, and when they are credited. */
export default function ReferralPointsPage() {
  const { data, reload } = useApiGet<ReferralSettingRow[]>(PATH);
  const notify = useNotify();
  const [form, setForm] = useState({
    referrerPoints: '',
    refereePoints: '',
    trigger: 'registration_approved',
    effectiveFrom: todayIst(),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = async () => {
    try {
      setErrors({});
      await api(PATH, {
        method: 'POST',
        body: { ...form, referrerPoints: num(form.referrerPoints), refereePoints: num(form.refereePoints) },
      });
      notify('Referral points saved', { type: 'success' });
      reload();
    } catch (e) {
      if (e instanceof ApiError && e.fields) setErrors(e.fields);
      else notify(e instanceof Error ? e.message : 'Something went wrong', { type: 'error' });
    }
  };
  const field = (key: 'referrerPoints' | 'refereePoints', label: string) => (
    <TextField
      label={label}
      type="number"
      value={form[key]}
      onChange={(e) => setForm({ ...form, [key]: e.target.value })}
      error={Boolean(errors[key])}
      helperText={errors[key]}
    />
  );
  return (
    <>
      <Typography variant="h5" component="h1">
        Referral Points
      </Typography>
      <Paper sx={{ p: 2, my: 1 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}>
          {field('referrerPoints', 'Referrer points')}
          {field('refereePoints', 'New member points')}
          <TextField
            select
            label="Credited when"
            value={form.trigger}
            onChange={(e) => setForm({ ...form, trigger: e.target.value })}
            sx={{ minWidth: 200 }}
          >
            {REFERRAL_TRIGGERS.map((t) => (
              <MenuItem key={t} value={t}>
                {REFERRAL_TRIGGER_LABELS[t]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Effective from"
            type="date"
            value={form.effectiveFrom}
            onChange={(e) => setForm({ ...form, effectiveFrom: e.target.value })}
            error={Boolean(errors.effectiveFrom)}
            helperText={errors.effectiveFrom}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Button variant="contained" onClick={save}>
            Save
          </Button>
        </Stack>
      </Paper>
      <SettingsHistory
        rows={data ?? []}
        columns={[
          ['Referrer', (r) => r.referrerPoints],
          ['New member', (r) => r.refereePoints],
          ['Credited when', (r) => REFERRAL_TRIGGER_LABELS[r.trigger]],
        ]}
      />
      <Typography variant="h6" sx={{ mt: 3 }}>
        Referral credits
      </Typography>
      <List
        resource="admin/referral/credits"
        sort={{ field: 'id', order: 'DESC' }}
        title={false}
        actions={false}
        disableSyncWithLocation
        storeKey={false}
      >
        <LedgerDatagrid />
      </List>
    </>
  );
}
