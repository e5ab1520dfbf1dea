import { resourceOf } from '@app/contract/endpoint';
import { todayInIndia } from '@app/contract/format';
import {
  pointsSettingsEndpoints,
  REFERRAL_TRIGGER_LABELS,
  REFERRAL_TRIGGERS,
} from '@app/contract/points-settings';
import { MenuItem, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useEndpoint } from '../../components/use-api-get';
import { CreditsList, SettingsEditor, useSettingsSave } from './SettingsEditor';
import { SettingsHistory } from './SettingsHistory';

const e = pointsSettingsEndpoints;
const num = (v: string) => (v === '' ? undefined : Number(v));

/** Referral Points: points to the referrer and the new member, and when they are credited. */
export default function ReferralPointsPage() {
  const { data, reload } = useEndpoint(e.referral.settings);
  const { errors, save } = useSettingsSave(e.referral.change, 'Referral points saved', reload);
  const [form, setForm] = useState({
    referrerPoints: '',
    refereePoints: '',
    trigger: 'registration_approved',
    effectiveFrom: todayInIndia(),
  });
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
      <SettingsEditor
        effectiveFrom={form.effectiveFrom}
        onEffectiveFrom={(effectiveFrom) => setForm({ ...form, effectiveFrom })}
        error={errors.effectiveFrom}
        onSave={() =>
          save({ ...form, referrerPoints: num(form.referrerPoints), refereePoints: num(form.refereePoints) })
        }
      >
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
      </SettingsEditor>
      <SettingsHistory
        rows={data ?? []}
        columns={[
          ['Referrer', (r) => r.referrerPoints],
          ['New member', (r) => r.refereePoints],
          ['Credited when', (r) => REFERRAL_TRIGGER_LABELS[r.trigger]],
        ]}
      />
      <CreditsList title="Referral credits" resource={resourceOf(e.referralCredits.list)} />
    </>
  );
}
