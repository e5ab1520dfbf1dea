import { MEMBER_TYPES } from '@app/contract/members';
import type { JoiningSettingRow } from '@app/contract/points-settings';
import { Button, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { List, useNotify } from 'react-admin';
import { ApiError, api } from '../../app/api';
import { useApiGet } from '../members/use-api-get';
import { LedgerDatagrid } from './LedgerDatagrid';
import { SettingsHistory, todayIst } from './SettingsHistory';

const PATH = '/admin/joining-points/settings';

/** Joining Points: points per member type credited on approval; settings history; credits. */
export default function JoiningPointsPage() {
  const { data, reload } = useApiGet<JoiningSettingRow[]>(PATH);
  const notify = useNotify();
  const [form, setForm] = useState({ memberType: 'carpenter', points: '', effectiveFrom: todayIst() });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = async () => {
    try {
      setErrors({});
      await api(PATH, {
        method: 'POST',
        body: { ...form, points: form.points === '' ? undefined : Number(form.points) },
      });
      notify('Joining points saved', { type: 'success' });
      reload();
    } catch (e) {
      if (e instanceof ApiError && e.fields) setErrors(e.fields);
      else notify(e instanceof Error ? e.message : 'Something went wrong', { type: 'error' });
    }
  };
  return (
    <>
      <Typography variant="h5" component="h1">
        Joining Points
      </Typography>
      <Paper sx={{ p: 2, my: 1 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
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
          ['Member type', (r) => r.memberType],
          ['Points', (r) => r.points],
        ]}
      />
      <Typography variant="h6" sx={{ mt: 3 }}>
        Joining credits
      </Typography>
      <List
        resource="admin/joining-points/credits"
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
