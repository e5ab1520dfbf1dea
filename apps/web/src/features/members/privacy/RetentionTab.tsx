import { formatCount, formatDateTime } from '@app/contract/format';
import { privacyEndpoints, type RetentionBody, type RetentionRow } from '@app/contract/privacy';
import { Box, Button, Stack, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { EffectiveSettingTab, type SettingFormProps } from '../../../components/EffectiveSettingTab';

/**
 * How long a dormant member's data is kept (DPDP Act: no longer than the purpose needs): after this
 * many months without a scan, a ledger entry or an app session, the member is told and, 48 hours
 * later, erased by the nightly job. Effective-dated; a change waits for a second person.
 */
export function RetentionTab() {
  return (
    <EffectiveSettingTab<RetentionRow, RetentionBody>
      endpoints={privacyEndpoints.retention}
      title="Retention of dormant members"
      columns={[{ label: 'Dormant months', align: 'right', cell: (r) => formatCount(r.dormantMonths) }]}
      inForce={(row) =>
        row
          ? `erase after ${formatCount(row.dormantMonths)} dormant months (from ${formatDateTime(row.effectiveFrom)})`
          : 'none: dormant members are kept'
      }
      explanation="Each night, members dormant for longer are sent a notice and erased 48 hours later unless they use the app again; ledger totals, TDS records and the audit stay, pseudonymised."
      subject="this retention period"
      decided={{ approved: 'Retention approved', rejected: 'Retention rejected' }}
      form={(props) => <RequestForm {...props} />}
    />
  );
}

function RequestForm({
  submit,
  errors,
  current,
  effectiveFrom,
}: SettingFormProps<RetentionRow, RetentionBody>) {
  const [months, setMonths] = useState(current ? String(current.dormantMonths) : '36');
  useEffect(() => {
    if (current) setMonths(String(current.dormantMonths));
  }, [current]);
  return (
    <Box
      component="form"
      aria-label="Request a retention period"
      onSubmit={(e) => {
        e.preventDefault();
        void submit({ dormantMonths: Number(months) });
      }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          label="Dormant months before erasure"
          type="number"
          value={months}
          onChange={(e) => setMonths(e.target.value)}
          error={Boolean(errors.dormantMonths)}
          helperText={errors.dormantMonths ?? '12 to 120'}
        />
        {effectiveFrom}
        <Button type="submit" variant="contained">
          Request
        </Button>
      </Stack>
    </Box>
  );
}
