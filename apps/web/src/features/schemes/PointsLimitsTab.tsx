import { formatCount, formatDateTime, todayInIndia } from '@app/contract/format';
import {
  pointsLimitsEndpoints as endpoints,
  POINTS_LIMIT_FIELDS,
  POINTS_LIMIT_LABELS,
  type PointsLimitField,
  type PointsLimitsRow,
  pointsLimitsBody,
} from '@app/contract/points-limits';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Stack,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useNotify } from 'react-admin';
import { call } from '../../app/api';
import { useProfile } from '../../app/profile-context';
import { ApproveRejectButtons } from '../../components/ApproveRejectButtons';
import { DayPicker } from '../../components/DayPicker';
import { fieldErrorsOf } from '../../components/field-errors';
import { LoadError } from '../../components/list/ListStates';
import { WideTable } from '../../components/WideTable';

type Limits = Awaited<ReturnType<typeof call<typeof endpoints.list>>>;

const valueText = (value: number | null) => (value === null ? 'none' : formatCount(value));

const summary = (row: PointsLimitsRow) =>
  POINTS_LIMIT_FIELDS.map((f) => `${POINTS_LIMIT_LABELS[f]}: ${valueText(row[f])}`).join(' · ');

/**
 * Caps and limits (issue 26): per member, points from scans per day and per month; to redeem, a
 * minimum balance and points per month. Effective-dated; a change waits for a second person.
 */
export function PointsLimitsTab() {
  const { can, profile } = useProfile();
  const notify = useNotify();
  const [limits, setLimits] = useState<Limits>();
  const [failed, setFailed] = useState<Error | null>(null);
  const load = useCallback(() => {
    setFailed(null);
    call(endpoints.list).then(setLimits, (e: Error) => setFailed(e));
  }, []);
  useEffect(load, [load]);
  const decide = (id: number, kind: 'approve' | 'reject') => async (reason: string) => {
    await call(endpoints[kind], { params: { id: String(id) }, body: { reason: reason || null } });
    notify(kind === 'approve' ? 'Limits approved' : 'Limits rejected', { type: 'success' });
    load();
  };
  const inForce = limits?.rows.find((r) => r.inForce);
  return (
    <Stack spacing={2}>
      {failed && <LoadError subject="The caps and limits" error={failed} onRetry={load} />}
      {limits && (
        <Alert severity="info">
          In force:{' '}
          {inForce
            ? `${summary(inForce)} (from ${formatDateTime(inForce.effectiveFrom)})`
            : 'no caps or limits'}
          . A scan past a cap is refused and its code stays active; a change applies from its date, after a
          second person approves it.
        </Alert>
      )}
      {can('points-limits.request') && <RequestForm onDone={load} current={inForce} />}
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2">
            Caps and limits
          </Typography>
          <WideTable label="Caps and limits">
            <TableHead>
              <TableRow>
                {POINTS_LIMIT_FIELDS.map((f) => (
                  <TableCell key={f} align="right">
                    {POINTS_LIMIT_LABELS[f]}
                  </TableCell>
                ))}
                <TableCell>From</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Requested by</TableCell>
                <TableCell>Decided by</TableCell>
                <TableCell>Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {limits?.rows.map((r) => (
                <TableRow key={r.id}>
                  {POINTS_LIMIT_FIELDS.map((f) => (
                    <TableCell key={f} align="right">
                      {valueText(r[f])}
                    </TableCell>
                  ))}
                  <TableCell>{formatDateTime(r.effectiveFrom)}</TableCell>
                  <TableCell>{r.inForce ? 'in force' : r.status}</TableCell>
                  <TableCell>{r.requestedByName}</TableCell>
                  <TableCell>
                    {r.decidedByName ?? ''}
                    {r.decisionReason ? ` — ${r.decisionReason}` : ''}
                  </TableCell>
                  <TableCell>
                    {r.status === 'pending' && can('points-limits.approve') && (
                      <ApproveRejectButtons
                        subject="these caps and limits"
                        disabled={r.requestedBy === profile?.id}
                        disabledReason="You requested this change; someone else must approve it"
                        onApprove={decide(r.id, 'approve')}
                        onReject={decide(r.id, 'reject')}
                      />
                    )}
                  </TableCell>
                </TableRow>
              ))}
              {limits?.rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={POINTS_LIMIT_FIELDS.length + 5}>
                    No caps or limits have been requested yet.
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </WideTable>
        </CardContent>
      </Card>
    </Stack>
  );
}

const blank = (current?: PointsLimitsRow) =>
  Object.fromEntries(
    POINTS_LIMIT_FIELDS.map((f) => [f, current?.[f] == null ? '' : String(current[f])]),
  ) as Record<PointsLimitField, string>;

function RequestForm({ onDone, current }: { onDone: () => void; current?: PointsLimitsRow }) {
  const notify = useNotify();
  const [values, setValues] = useState(() => blank(current));
  const [effectiveFrom, setEffectiveFrom] = useState(todayInIndia());
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => setValues(blank(current)), [current]);
  const submit = async () => {
    try {
      const numbers = Object.fromEntries(
        POINTS_LIMIT_FIELDS.map((f) => [f, values[f].trim() === '' ? null : Number(values[f])]),
      );
      const body = { ...numbers, effectiveFrom };
      const invalid = fieldErrorsOf(pointsLimitsBody, body);
      if (invalid) {
        // The picker is typed as dd/mm/yyyy: a half-typed date reaches here as ''.
        if (invalid.effectiveFrom) invalid.effectiveFrom = 'Enter the date it takes effect (dd/mm/yyyy)';
        setErrors(invalid);
        return;
      }
      await call(endpoints.request, { body });
      setErrors({});
      notify('Sent for approval', { type: 'success' });
      onDone();
    } catch (e) {
      const fields = (e as { fields?: Record<string, string> }).fields;
      if (fields) setErrors(fields);
      notify(e instanceof Error ? e.message : 'Something went wrong', { type: 'error' });
    }
  };
  return (
    <Box
      component="form"
      aria-label="Request caps and limits"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        useFlexGap
        sx={{
          alignItems: 'flex-start',
          flexWrap: 'wrap',
          '& > .MuiTextField-root': { width: { xs: '100%', md: 240 } },
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
        <DayPicker
          label="From (IST)"
          value={effectiveFrom}
          onChange={setEffectiveFrom}
          min={todayInIndia()}
          error={!!errors.effectiveFrom}
          helperText={errors.effectiveFrom ?? ' '}
        />
        <Button type="submit" variant="contained">
          Request change
        </Button>
      </Stack>
    </Box>
  );
}
