import { formatCount, formatDateTime } from '@app/contract/format';
import {
  pointsLimitsEndpoints as endpoints,
  POINTS_LIMIT_FIELDS,
  POINTS_LIMIT_LABELS,
  type PointsLimitField,
  type PointsLimitsBody,
  type PointsLimitsRow,
} from '@app/contract/points-limits';
import { Box, Button, Stack, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { EffectiveSettingTab, type SettingFormProps } from '../../components/EffectiveSettingTab';

const valueText = (value: number | null) => (value === null ? 'none' : formatCount(value));

const summary = (row: PointsLimitsRow) =>
  POINTS_LIMIT_FIELDS.map((f) => `${POINTS_LIMIT_LABELS[f]}: ${valueText(row[f])}`).join(' · ');

/**
 * Caps and limits: per member, points from scans per day and per month; to redeem, a
 * minimum balance and points per month. Effective-dated; a change waits for a second person (the
 * setting kit, components/EffectiveSettingTab).
 */
export function PointsLimitsTab() {
  return (
    <EffectiveSettingTab<PointsLimitsRow, PointsLimitsBody>
      endpoints={endpoints}
      title="Caps and limits"
      columns={POINTS_LIMIT_FIELDS.map((f) => ({
        label: POINTS_LIMIT_LABELS[f],
        align: 'right' as const,
        cell: (r: PointsLimitsRow) => valueText(r[f]),
      }))}
      inForce={(row) =>
        row ? `${summary(row)} (from ${formatDateTime(row.effectiveFrom)})` : 'no caps or limits'
      }
      explanation="A scan past a cap is refused and its code stays active; a change applies from its date, after a second person approves it."
      subject="these caps and limits"
      decided={{ approved: 'Limits approved', rejected: 'Limits rejected' }}
      form={(props) => <RequestForm {...props} />}
    />
  );
}

const blank = (current?: PointsLimitsRow) =>
  Object.fromEntries(
    POINTS_LIMIT_FIELDS.map((f) => [f, current?.[f] == null ? '' : String(current[f])]),
  ) as Record<PointsLimitField, string>;

function RequestForm({
  submit,
  errors,
  current,
  effectiveFrom,
}: SettingFormProps<PointsLimitsRow, PointsLimitsBody>) {
  const [values, setValues] = useState(() => blank(current));
  useEffect(() => setValues(blank(current)), [current]);
  const send = () => {
    const numbers = Object.fromEntries(
      POINTS_LIMIT_FIELDS.map((f) => [f, values[f].trim() === '' ? null : Number(values[f])]),
    );
    return submit(numbers as Omit<PointsLimitsBody, 'effectiveFrom'>);
  };
  return (
    <Box
      component="form"
      aria-label="Request caps and limits"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: '1fr',
            sm: 'repeat(2, minmax(0, 1fr))',
            lg: 'repeat(4, minmax(0, 1fr))',
          },
          alignItems: 'start',
        }}
      >
        {POINTS_LIMIT_FIELDS.map((f) => (
          <TextField
            key={f}
            label={POINTS_LIMIT_LABELS[f]}
            type="number"
            value={values[f]}
            onChange={(e) => setValues((v) => ({ ...v, [f]: e.target.value }))}
            error={!!errors[f]}
            helperText={errors[f] ?? 'Empty: none'}
          />
        ))}
      </Box>
      <Stack
        direction="row"
        spacing={2}
        sx={{ mt: 2, alignItems: 'flex-start', flexWrap: 'wrap', rowGap: 2 }}
      >
        {effectiveFrom}
        <Button type="submit" variant="contained" sx={{ mt: 1 }}>
          Request change
        </Button>
      </Stack>
    </Box>
  );
}
