import { formatCount, formatDateTime } from '@app/contract/format';
import { tiersEndpoints as endpoints, type TierPolicyBody, type TierPolicyRow } from '@app/contract/tiers';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Box,
  Button,
  Card,
  CardContent,
  IconButton,
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
import { useProfile } from '../../app/profile-context';
import { ApproveRejectButtons } from '../../components/ApproveRejectButtons';
import { EffectiveSettingTab, type SettingFormProps } from '../../components/EffectiveSettingTab';
import { useEndpoint } from '../../components/use-api-get';

type Tiers = TierPolicyRow['tiers'];

const tiersText = (tiers: Tiers) =>
  tiers
    .map(
      (t) =>
        `${t.name} (${t.nameHi}) from ${formatCount(t.minPoints)} × ${t.multiplier.toFixed(2)}` +
        (t.redeemMinBalance === null ? '' : `, redeem from ${formatCount(t.redeemMinBalance)}`),
    )
    .join(' · ');

/**
 * Tiers: the tier policy on the setting kit (in force, request, history, approval
 * by a second person) and the tier overrides waiting for a decision. Members' tiers show on All Users.
 */
export function TiersTab() {
  return (
    <EffectiveSettingTab<TierPolicyRow, TierPolicyBody>
      endpoints={endpoints}
      title="Tier policies"
      columns={[
        { label: 'Period', cell: (p) => `${p.periodMonths} months` },
        { label: 'Tiers', cell: (p) => tiersText(p.tiers) },
      ]}
      inForce={(p) =>
        p
          ? `points earned by scans in ${p.periodMonths} months: ${tiersText(p.tiers)} (from ${formatDateTime(p.effectiveFrom)})`
          : 'no tiers'
      }
      explanation="A tier's multiplier applies to a scan's base points (rounded down); tiers are evaluated on earning and nightly. A change applies from its date, after a second person approves it."
      subject="this tier policy"
      decided={{ approved: 'Tier policy approved', rejected: 'Tier policy rejected' }}
      form={(props) => <RequestForm {...props} />}
    >
      <OverridesCard />
    </EffectiveSettingTab>
  );
}

function OverridesCard() {
  const { can, profile } = useProfile();
  const notify = useNotify();
  const { data, error, reload } = useEndpoint(endpoints.overrides);
  const decide = (id: number, kind: 'approveOverride' | 'rejectOverride') => async (reason: string) => {
    await call(endpoints[kind], { params: { id: String(id) }, body: { reason: reason || null } });
    notify(kind === 'approveOverride' ? 'Tier change approved' : 'Tier change rejected', { type: 'success' });
    reload();
  };
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2">
          Tier overrides
        </Typography>
        {error && <Typography color="error">{error}</Typography>}
        <Table size="small" aria-label="Tier overrides">
          <TableHead>
            <TableRow>
              <TableCell>Member</TableCell>
              <TableCell>Tier now</TableCell>
              <TableCell>Change to</TableCell>
              <TableCell>Reason</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Requested by</TableCell>
              <TableCell>Decided by</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {data?.rows.map((o) => (
              <TableRow key={o.id}>
                <TableCell>
                  {o.memberName} ({o.memberCode})
                </TableCell>
                <TableCell>{o.currentTier ?? '—'}</TableCell>
                <TableCell>{o.tier ?? 'automatic'}</TableCell>
                <TableCell>{o.reason}</TableCell>
                <TableCell>{o.status}</TableCell>
                <TableCell>{o.requestedByName}</TableCell>
                <TableCell>
                  {o.decidedByName ?? ''}
                  {o.decisionReason ? ` — ${o.decisionReason}` : ''}
                </TableCell>
                <TableCell>
                  {o.status === 'pending' && can('tiers.approve') && (
                    <ApproveRejectButtons
                      subject={`the tier change of ${o.memberName}`}
                      disabled={o.requestedBy === profile?.id}
                      disabledReason="You requested this change; someone else must approve it"
                      onApprove={decide(o.id, 'approveOverride')}
                      onReject={decide(o.id, 'rejectOverride')}
                    />
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}

interface TierDraft {
  name: string;
  nameHi: string;
  minPoints: string;
  multiplier: string;
  redeemMinBalance: string;
}

const draftOf = (tiers?: Tiers): TierDraft[] =>
  (tiers ?? [{ name: 'Base', nameHi: 'बेस', minPoints: 0, multiplier: 1, redeemMinBalance: null }]).map(
    (t) => ({
      name: t.name,
      nameHi: t.nameHi,
      minPoints: String(t.minPoints),
      multiplier: t.multiplier.toFixed(2),
      redeemMinBalance: t.redeemMinBalance === null ? '' : String(t.redeemMinBalance),
    }),
  );

const TIER_FIELDS: { key: keyof TierDraft; label: string; type?: 'number' }[] = [
  { key: 'name', label: 'Name' },
  { key: 'nameHi', label: 'Name (Hindi)' },
  { key: 'minPoints', label: 'Points earned from', type: 'number' },
  { key: 'multiplier', label: 'Multiplier', type: 'number' },
  { key: 'redeemMinBalance', label: 'Redeem from (empty: programme minimum)', type: 'number' },
];

function RequestForm({
  submit,
  errors,
  current,
  effectiveFrom,
}: SettingFormProps<TierPolicyRow, TierPolicyBody>) {
  const [period, setPeriod] = useState(String(current?.periodMonths ?? 12));
  const [tiers, setTiers] = useState(() => draftOf(current?.tiers));
  useEffect(() => {
    setTiers(draftOf(current?.tiers));
    setPeriod(String(current?.periodMonths ?? 12));
  }, [current]);
  const set = (i: number, key: keyof TierDraft, value: string) =>
    setTiers((all) => all.map((t, j) => (j === i ? { ...t, [key]: value } : t)));
  const send = () =>
    submit({
      periodMonths: Number(period),
      tiers: tiers.map((t) => ({
        name: t.name,
        nameHi: t.nameHi,
        minPoints: Number(t.minPoints),
        multiplier: Number(t.multiplier),
        redeemMinBalance: t.redeemMinBalance.trim() === '' ? null : Number(t.redeemMinBalance),
      })),
    });
  return (
    <Box
      component="form"
      aria-label="Request a tier policy"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <Stack spacing={1}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
          <TextField
            label="Period (months)"
            type="number"
            value={period}
            onChange={(e) => setPeriod(e.target.value)}
            error={!!errors.periodMonths}
            helperText={errors.periodMonths ?? 'Points earned by scans in this many months'}
          />
          {effectiveFrom}
        </Stack>
        {tiers.map((t, i) => (
          <Stack
            // biome-ignore lint/suspicious/noArrayIndexKey: the rows are positions in the ordered list
            key={i}
            direction={{ xs: 'column', md: 'row' }}
            spacing={1}
            sx={{ alignItems: 'flex-start' }}
            aria-label={`Tier ${i + 1}`}
            role="group"
          >
            {TIER_FIELDS.map((f) => (
              <TextField
                key={f.key}
                size="small"
                label={f.label}
                type={f.type}
                value={t[f.key]}
                onChange={(e) => set(i, f.key, e.target.value)}
                error={!!errors[`tiers.${i}.${f.key}`]}
                helperText={errors[`tiers.${i}.${f.key}`] ?? ' '}
              />
            ))}
            <IconButton
              aria-label={`Remove tier ${i + 1}`}
              disabled={tiers.length === 1}
              onClick={() => setTiers((all) => all.filter((_, j) => j !== i))}
            >
              <DeleteIcon />
            </IconButton>
          </Stack>
        ))}
        {errors.tiers && <Typography color="error">{errors.tiers}</Typography>}
        <Stack direction="row" spacing={2}>
          <Button
            onClick={() =>
              setTiers((all) => [
                ...all,
                { name: '', nameHi: '', minPoints: '', multiplier: '1.00', redeemMinBalance: '' },
              ])
            }
            disabled={tiers.length >= 10}
          >
            Add tier
          </Button>
          <Button type="submit" variant="contained">
            Request change
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
