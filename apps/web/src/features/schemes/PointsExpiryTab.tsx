import { formatCount, formatDateTime } from '@app/contract/format';
import {
  EXPIRY_RULE_LABELS,
  EXPIRY_RULES,
  type ExpiryPolicy,
  type ExpiryPolicyBody,
  type ExpiryRule,
  pointsExpiryEndpoints as endpoints,
} from '@app/contract/points-expiry';
import {
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
import { useEffect, useState } from 'react';
import { useNotify } from 'react-admin';
import { call } from '../../app/api';
import { EffectiveSettingTab, type SettingFormProps } from '../../components/EffectiveSettingTab';

type Liability = Awaited<ReturnType<typeof call<typeof endpoints.liability>>>;

const ruleText = (p: Pick<ExpiryPolicy, 'rule' | 'months'>) =>
  p.rule === 'rolling_months' ? `${p.months} months after earning` : EXPIRY_RULE_LABELS[p.rule];

/**
 * Points expiry: the policy in force, changes waiting for a second person, the history, a request
 * form (the setting kit, components/EffectiveSettingTab), and the points outstanding by month of
 * expiry (the liability as it runs out).
 */
export function PointsExpiryTab() {
  return (
    <EffectiveSettingTab<ExpiryPolicy, ExpiryPolicyBody>
      endpoints={endpoints}
      title="Policies"
      tableLabel="Expiry policies"
      columns={[{ label: 'Rule', cell: ruleText }]}
      inForce={(p) =>
        p ? `${ruleText(p)} (from ${formatDateTime(p.effectiveFrom)})` : 'points never expire'
      }
      explanation="A change applies to points earned from its date, after a second person approves it."
      subject="this expiry policy"
      decided={{ approved: 'Policy approved', rejected: 'Policy rejected' }}
      form={(props) => <RequestForm {...props} />}
    >
      <LiabilityCard />
    </EffectiveSettingTab>
  );
}

function LiabilityCard() {
  const notify = useNotify();
  const [liability, setLiability] = useState<Liability>();
  useEffect(() => {
    call(endpoints.liability).then(setLiability, (e: Error) => notify(e.message, { type: 'error' }));
  }, [notify]);
  return (
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
  );
}

function RequestForm({ submit, errors, effectiveFrom }: SettingFormProps<ExpiryPolicy, ExpiryPolicyBody>) {
  const [rule, setRule] = useState<ExpiryRule>('rolling_months');
  const [months, setMonths] = useState('12');
  return (
    <Box
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit({ rule, months: rule === 'rolling_months' ? Number(months) : null });
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
        {effectiveFrom}
        <Button type="submit" variant="contained">
          Request change
        </Button>
      </Stack>
    </Box>
  );
}
