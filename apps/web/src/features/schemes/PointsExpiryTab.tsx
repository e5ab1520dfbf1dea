import { formatCount, formatDateTime, todayInIndia } from '@app/contract/format';
import {
  EXPIRY_RULE_LABELS,
  EXPIRY_RULES,
  type ExpiryPolicy,
  type ExpiryRule,
  pointsExpiryEndpoints as endpoints,
} from '@app/contract/points-expiry';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  MenuItem,
  Stack,
  Table,
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

type Policies = Awaited<ReturnType<typeof call<typeof endpoints.policies>>>;
type Liability = Awaited<ReturnType<typeof call<typeof endpoints.liability>>>;

const ruleText = (p: Pick<ExpiryPolicy, 'rule' | 'months'>) =>
  p.rule === 'rolling_months' ? `${p.months} months after earning` : EXPIRY_RULE_LABELS[p.rule];

/**
 * Points expiry: the policy in force, changes waiting for a second person, the history, a request
 * form, and the points outstanding by month of expiry (the liability as it runs out).
 */
export function PointsExpiryTab() {
  const { can, profile } = useProfile();
  const notify = useNotify();
  const [policies, setPolicies] = useState<Policies>();
  const [liability, setLiability] = useState<Liability>();
  const load = useCallback(() => {
    call(endpoints.policies).then(setPolicies, (e: Error) => notify(e.message, { type: 'error' }));
    call(endpoints.liability).then(setLiability, (e: Error) => notify(e.message, { type: 'error' }));
  }, [notify]);
  useEffect(load, [load]);
  const decide = (id: number, kind: 'approve' | 'reject') => async (reason: string) => {
    await call(endpoints[kind], { params: { id: String(id) }, body: { reason: reason || null } });
    notify(kind === 'approve' ? 'Policy approved' : 'Policy rejected', { type: 'success' });
    load();
  };
  const inForce = policies?.rows.find((p) => p.inForce);
  return (
    <Stack spacing={2}>
      <Alert severity="info">
        In force:{' '}
        {inForce
          ? `${ruleText(inForce)} (from ${formatDateTime(inForce.effectiveFrom)})`
          : 'points never expire'}
        . A change applies to points earned from its date, after a second person approves it.
      </Alert>
      {can('points-expiry.request') && <RequestForm onDone={load} />}
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2">
            Policies
          </Typography>
          <Table size="small" aria-label="Expiry policies">
            <TableHead>
              <TableRow>
                <TableCell>Rule</TableCell>
                <TableCell>From</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Requested by</TableCell>
                <TableCell>Decided by</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {policies?.rows.map((p) => (
                <TableRow key={p.id}>
                  <TableCell>{ruleText(p)}</TableCell>
                  <TableCell>{formatDateTime(p.effectiveFrom)}</TableCell>
                  <TableCell>{p.inForce ? 'in force' : p.status}</TableCell>
                  <TableCell>{p.requestedByName}</TableCell>
                  <TableCell>
                    {p.decidedByName ?? ''}
                    {p.decisionReason ? ` — ${p.decisionReason}` : ''}
                  </TableCell>
                  <TableCell>
                    {p.status === 'pending' && can('points-expiry.approve') && (
                      <ApproveRejectButtons
                        subject="this expiry policy"
                        disabled={p.requestedBy === profile?.id}
                        disabledReason="You requested this change; someone else must approve it"
                        onApprove={decide(p.id, 'approve')}
                        onReject={decide(p.id, 'reject')}
                      />
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2">
            Points outstanding by month of expiry
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Expired to date: {formatCount(liability?.expiredToDate ?? 0)} · never expiring:{' '}
            {formatCount(liability?.neverExpiring ?? 0)}
          </Typography>
          <Table size="small" aria-label="Points by month of expiry">
            <TableHead>
              <TableRow>
                <TableCell>Month</TableCell>
                <TableCell align="right">Points</TableCell>
                <TableCell align="right">Members</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {liability?.rows.map((r) => (
                <TableRow key={r.month}>
                  <TableCell>{r.month}</TableCell>
                  <TableCell align="right">{formatCount(r.points)}</TableCell>
                  <TableCell align="right">{formatCount(r.members)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
    </Stack>
  );
}

function RequestForm({ onDone }: { onDone: () => void }) {
  const notify = useNotify();
  const [rule, setRule] = useState<ExpiryRule>('rolling_months');
  const [months, setMonths] = useState('12');
  const [effectiveFrom, setEffectiveFrom] = useState(todayInIndia());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async () => {
    try {
      await call(endpoints.request, {
        body: { rule, months: rule === 'rolling_months' ? Number(months) : null, effectiveFrom },
      });
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
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <TextField select label="Rule" value={rule} onChange={(e) => setRule(e.target.value as ExpiryRule)}>
          {EXPIRY_RULES.map((r) => (
            <MenuItem key={r} value={r}>
              {EXPIRY_RULE_LABELS[r]}
            </MenuItem>
          ))}
        </TextField>
        {rule === 'rolling_months' && (
          <TextField
            label="Months"
            type="number"
            value={months}
            onChange={(e) => setMonths(e.target.value)}
            error={!!errors.months}
            helperText={errors.months ?? ' '}
          />
        )}
        <TextField
          label="From (IST)"
          type="date"
          value={effectiveFrom}
          onChange={(e) => setEffectiveFrom(e.target.value)}
          error={!!errors.effectiveFrom}
          helperText={errors.effectiveFrom ?? ' '}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Button type="submit" variant="contained">
          Request change
        </Button>
      </Stack>
    </Box>
  );
}
