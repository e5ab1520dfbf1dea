import { resourceOf } from '@app/contract/endpoint';
import { todayInIndia } from '@app/contract/format';
import { MEMBER_TYPES } from '@app/contract/members';
import { pointsSettingsEndpoints } from '@app/contract/points-settings';
import { MenuItem, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useEndpoint } from '../../components/use-api-get';
import { PendingScansSection } from './PendingScansSection';
import { CreditsList, SettingsEditor, useSettingsSave } from './SettingsEditor';
import { SettingsHistory } from './SettingsHistory';

const e = pointsSettingsEndpoints;

/** Joining Points: points per member type credited on approval; settings history; scans while pending; credits. */
export default function JoiningPointsPage() {
  const { data, reload } = useEndpoint(e.joining.settings);
  const { errors, save } = useSettingsSave(e.joining.change, 'Joining points saved', reload);
  const [form, setForm] = useState({ memberType: 'carpenter', points: '', effectiveFrom: todayInIndia() });
  return (
    <>
      <Typography variant="h5" component="h1">
        Joining Points
      </Typography>
      <SettingsEditor
        effectiveFrom={form.effectiveFrom}
        onEffectiveFrom={(effectiveFrom) => setForm({ ...form, effectiveFrom })}
        error={errors.effectiveFrom}
        onSave={() => save({ ...form, points: form.points === '' ? undefined : Number(form.points) })}
      >
        <TextField
          select
          label="Member type"
          value={form.memberType}
          onChange={(e) => setForm({ ...form, memberType: e.target.value })}
          sx={{ minWidth: 160 }}
        >
          {MEMBER_TYPES.map((t) => (
            <MenuItem key={t} value={t}>
              {t}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Points"
          type="number"
          value={form.points}
          onChange={(e) => setForm({ ...form, points: e.target.value })}
          error={Boolean(errors.points)}
          helperText={errors.points}
        />
      </SettingsEditor>
      <SettingsHistory
        rows={data ?? []}
        columns={[
          ['Member type', (r) => r.memberType],
          ['Points', (r) => r.points],
        ]}
      />
      <PendingScansSection />
      <CreditsList title="Joining credits" resource={resourceOf(e.joiningCredits.list)} />
    </>
  );
}
