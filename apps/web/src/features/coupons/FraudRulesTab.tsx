import { formatCount, formatDateTime, todayInIndia } from '@app/contract/format';
import {
  fraudRulesEndpoints as endpoints,
  FRAUD_ACTION_LABELS,
  FRAUD_ACTIONS,
  type FraudAction,
  type FraudRulesRow,
  fraudRulesBody,
  SCAN_RULE_ACTIONS,
} from '@app/contract/fraud-rules';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  MenuItem,
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

type Rules = Awaited<ReturnType<typeof call<typeof endpoints.list>>>;

const actionText = (action: FraudAction | null) => (action ? FRAUD_ACTION_LABELS[action] : 'off');
const perHourText = (r: FraudRulesRow) =>
  r.scansPerHour === null ? 'off' : `${formatCount(r.scansPerHour)} · ${actionText(r.scansPerHourAction)}`;

const outsideStateText = (r: FraudRulesRow) =>
  r.outsideStateAction ? FRAUD_ACTION_LABELS[r.outsideStateAction] : 'Flag (default)';
const invalidCodesText = (r: FraudRulesRow) =>
  r.invalidCodeAttempts === null
    ? 'off'
    : `${formatCount(r.invalidCodeAttempts)} in ${formatCount(r.invalidCodeWindowMinutes)} min → locked ${formatCount(r.invalidCodeLockMinutes)} min`;

const clusterText = (r: FraudRulesRow) => {
  const parts = [
    r.deviceClusterMembers === null ? null : `${formatCount(r.deviceClusterMembers)} members on one device`,
    r.locationClusterMembers === null
      ? null
      : `${formatCount(r.locationClusterMembers)} members within ${formatCount(r.clusterRadiusMetres)} m`,
  ].filter(Boolean);
  return parts.length === 0
    ? 'off'
    : `${parts.join(' or ')} in ${formatCount(r.clusterWindowHours)} h · ${actionText(r.clusterAction)}`;
};

const summary = (r: FraudRulesRow) =>
  `Scans per member per hour: ${perHourText(r)} · Same PAN: ${actionText(r.samePanAction)} · Same bank account: ${actionText(r.sameBankAction)} · Same UPI id: ${actionText(r.sameUpiAction)} · Outside the distributor's state: ${outsideStateText(r)} · Invalid codes: ${invalidCodesText(r)} · Cluster: ${clusterText(r)}`;

/**
 * Fraud rules (issue 26): scans per member per hour, a scan outside the distributor's state (the
 * state from the scan's coordinates, decided on the server) and invalid codes locking scanning (all
 * checked inside the scan), the same PAN or bank account on another approved member (checked at KYC
 * approval), each with an action. Effective-dated;
 * a change waits for a second person.
 */
export function FraudRulesTab() {
  const { can, profile } = useProfile();
  const notify = useNotify();
  const [rules, setRules] = useState<Rules>();
  const [failed, setFailed] = useState<Error | null>(null);
  const load = useCallback(() => {
    setFailed(null);
    call(endpoints.list).then(setRules, (e: Error) => setFailed(e));
  }, []);
  useEffect(load, [load]);
  const decide = (id: number, kind: 'approve' | 'reject') => async (reason: string) => {
    await call(endpoints[kind], { params: { id: String(id) }, body: { reason: reason || null } });
    notify(kind === 'approve' ? 'Fraud rules approved' : 'Fraud rules rejected', { type: 'success' });
    load();
  };
  const inForce = rules?.rows.find((r) => r.inForce);
  return (
    <Stack spacing={2}>
      {failed && <LoadError subject="The fraud rules" error={failed} onRetry={load} />}
      {rules && (
        <Alert severity="info">
          In force:{' '}
          {inForce ? `${summary(inForce)} (from ${formatDateTime(inForce.effectiveFrom)})` : 'no fraud rules'}
          . Flag: the scan is credited and flagged, a KYC match is shown to the reviewer. Hold: the scan is
          credited and its points wait on the Review tab; at KYC the approval is refused. Refuse: the scan is
          refused and its code stays active; the KYC approval is refused. The state of a scan is decided from
          its coordinates (a scan without them is not judged on state). Too many invalid codes lock the
          member's scanning for the lock time. A change applies from its date, after a second person approves
          it.
        </Alert>
      )}
      {can('fraud-rules.request') && <RequestForm onDone={load} current={inForce} />}
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2">
            Fraud rules
          </Typography>
          <WideTable label="Fraud rules">
            <TableHead>
              <TableRow>
                <TableCell>Scans per member per hour</TableCell>
                <TableCell>Same PAN</TableCell>
                <TableCell>Same bank account</TableCell>
                <TableCell>Same UPI id</TableCell>
                <TableCell>Outside the distributor's state</TableCell>
                <TableCell>Invalid codes</TableCell>
                <TableCell>From</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Requested by</TableCell>
                <TableCell>Decided by</TableCell>
                <TableCell>Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rules?.rows.map((r) => (
                <TableRow key={r.id}>
                  <TableCell>{perHourText(r)}</TableCell>
                  <TableCell>{actionText(r.samePanAction)}</TableCell>
                  <TableCell>{actionText(r.sameBankAction)}</TableCell>
                  <TableCell>{actionText(r.sameUpiAction)}</TableCell>
                  <TableCell>{outsideStateText(r)}</TableCell>
                  <TableCell>{invalidCodesText(r)}</TableCell>
                  <TableCell>{formatDateTime(r.effectiveFrom)}</TableCell>
                  <TableCell>{r.inForce ? 'in force' : r.status}</TableCell>
                  <TableCell>{r.requestedByName}</TableCell>
                  <TableCell>
                    {r.decidedByName ?? ''}
                    {r.decisionReason ? ` — ${r.decisionReason}` : ''}
                  </TableCell>
                  <TableCell>
                    {r.status === 'pending' && can('fraud-rules.approve') && (
                      <ApproveRejectButtons
                        subject="these fraud rules"
                        disabled={r.requestedBy === profile?.id}
                        disabledReason="You requested this change; someone else must approve it"
                        onApprove={decide(r.id, 'approve')}
                        onReject={decide(r.id, 'reject')}
                      />
                    )}
                  </TableCell>
                </TableRow>
              ))}
              {rules?.rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={8}>No fraud rules have been requested yet.</TableCell>
                </TableRow>
              )}
            </TableBody>
          </WideTable>
        </CardContent>
      </Card>
    </Stack>
  );
}

const OFF = '';

function ActionSelect(props: {
  label: string;
  value: string;
  options: readonly FraudAction[];
  error?: string;
  offLabel?: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      select
      label={props.label}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      error={!!props.error}
      helperText={props.error ?? ' '}
      className="action-select"
    >
      <MenuItem value={OFF}>{props.offLabel ?? 'Off'}</MenuItem>
      {props.options.map((a) => (
        <MenuItem key={a} value={a}>
          {FRAUD_ACTION_LABELS[a]}
        </MenuItem>
      ))}
    </TextField>
  );
}

const blank = (current?: FraudRulesRow) => ({
  scansPerHour: current?.scansPerHour == null ? '' : String(current.scansPerHour),
  scansPerHourAction: current?.scansPerHourAction ?? OFF,
  samePanAction: current?.samePanAction ?? OFF,
  sameBankAction: current?.sameBankAction ?? OFF,
  sameUpiAction: current?.sameUpiAction ?? OFF,
  outsideStateAction: current?.outsideStateAction ?? OFF,
  invalidCodeAttempts: current?.invalidCodeAttempts == null ? '' : String(current.invalidCodeAttempts),
  invalidCodeWindowMinutes:
    current?.invalidCodeWindowMinutes == null ? '' : String(current.invalidCodeWindowMinutes),
  invalidCodeLockMinutes:
    current?.invalidCodeLockMinutes == null ? '' : String(current.invalidCodeLockMinutes),
  deviceClusterMembers: current?.deviceClusterMembers == null ? '' : String(current.deviceClusterMembers),
  locationClusterMembers:
    current?.locationClusterMembers == null ? '' : String(current.locationClusterMembers),
  clusterRadiusMetres: current?.clusterRadiusMetres == null ? '' : String(current.clusterRadiusMetres),
  clusterWindowHours: current?.clusterWindowHours == null ? '' : String(current.clusterWindowHours),
  clusterAction: current?.clusterAction ?? OFF,
});

const numberOrNull = (value: string) => (value.trim() === '' ? null : Number(value));

function RequestForm({ onDone, current }: { onDone: () => void; current?: FraudRulesRow }) {
  const notify = useNotify();
  const [values, setValues] = useState(() => blank(current));
  const [effectiveFrom, setEffectiveFrom] = useState(todayInIndia());
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => setValues(blank(current)), [current]);
  const set = (field: keyof ReturnType<typeof blank>) => (value: string) =>
    setValues((v) => ({ ...v, [field]: value }));
  const submit = async () => {
    try {
      const body = {
        scansPerHour: numberOrNull(values.scansPerHour),
        scansPerHourAction: (values.scansPerHourAction || null) as (typeof SCAN_RULE_ACTIONS)[number] | null,
        samePanAction: (values.samePanAction || null) as FraudAction | null,
        sameBankAction: (values.sameBankAction || null) as FraudAction | null,
        sameUpiAction: (values.sameUpiAction || null) as FraudAction | null,
        outsideStateAction: (values.outsideStateAction || null) as (typeof SCAN_RULE_ACTIONS)[number] | null,
        invalidCodeAttempts: numberOrNull(values.invalidCodeAttempts),
        invalidCodeWindowMinutes: numberOrNull(values.invalidCodeWindowMinutes),
        invalidCodeLockMinutes: numberOrNull(values.invalidCodeLockMinutes),
        deviceClusterMembers: numberOrNull(values.deviceClusterMembers),
        locationClusterMembers: numberOrNull(values.locationClusterMembers),
        clusterRadiusMetres: numberOrNull(values.clusterRadiusMetres),
        clusterWindowHours: numberOrNull(values.clusterWindowHours),
        clusterAction: (values.clusterAction || null) as (typeof SCAN_RULE_ACTIONS)[number] | null,
        effectiveFrom,
      };
      const invalid = fieldErrorsOf(fraudRulesBody, body);
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
      aria-label="Request fraud rules"
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
          // The selects' labels are long ("Same bank account on another member"): never cut.
          '& > .MuiTextField-root.action-select': { width: { xs: '100%', md: 330 } },
        }}
      >
        <TextField
          label="Scans per member per hour"
          type="number"
          value={values.scansPerHour}
          onChange={(e) => set('scansPerHour')(e.target.value)}
          error={!!errors.scansPerHour}
          helperText={errors.scansPerHour ?? 'Empty: off'}
        />
        <ActionSelect
          label="Past the limit"
          value={values.scansPerHourAction}
          options={SCAN_RULE_ACTIONS}
          error={errors.scansPerHourAction}
          onChange={set('scansPerHourAction')}
        />
        <ActionSelect
          label="Same PAN on another member"
          value={values.samePanAction}
          options={FRAUD_ACTIONS}
          error={errors.samePanAction}
          onChange={set('samePanAction')}
        />
        <ActionSelect
          label="Same bank account on another member"
          value={values.sameBankAction}
          options={FRAUD_ACTIONS}
          error={errors.sameBankAction}
          onChange={set('sameBankAction')}
        />
        <ActionSelect
          label="Same UPI id on another member"
          value={values.sameUpiAction}
          options={FRAUD_ACTIONS}
          error={errors.sameUpiAction}
          onChange={set('sameUpiAction')}
        />
        <ActionSelect
          label="Scan outside the distributor's state"
          value={values.outsideStateAction}
          options={SCAN_RULE_ACTIONS}
          offLabel="Flag (default)"
          error={errors.outsideStateAction}
          onChange={set('outsideStateAction')}
        />
        <TextField
          label="Invalid codes before a lock"
          type="number"
          value={values.invalidCodeAttempts}
          onChange={(e) => set('invalidCodeAttempts')(e.target.value)}
          error={!!errors.invalidCodeAttempts}
          helperText={errors.invalidCodeAttempts ?? 'Empty: off'}
        />
        <TextField
          label="Within (minutes)"
          type="number"
          value={values.invalidCodeWindowMinutes}
          onChange={(e) => set('invalidCodeWindowMinutes')(e.target.value)}
          error={!!errors.invalidCodeWindowMinutes}
          helperText={errors.invalidCodeWindowMinutes ?? ' '}
        />
        <TextField
          label="Lock scanning for (minutes)"
          type="number"
          value={values.invalidCodeLockMinutes}
          onChange={(e) => set('invalidCodeLockMinutes')(e.target.value)}
          error={!!errors.invalidCodeLockMinutes}
          helperText={errors.invalidCodeLockMinutes ?? ' '}
        />
        <TextField
          label="Members on one device"
          type="number"
          value={values.deviceClusterMembers}
          onChange={(e) => set('deviceClusterMembers')(e.target.value)}
          error={!!errors.deviceClusterMembers}
          helperText={errors.deviceClusterMembers ?? 'Empty: off'}
        />
        <TextField
          label="Members within the radius"
          type="number"
          value={values.locationClusterMembers}
          onChange={(e) => set('locationClusterMembers')(e.target.value)}
          error={!!errors.locationClusterMembers}
          helperText={errors.locationClusterMembers ?? 'Empty: off'}
        />
        <TextField
          label="Radius (metres)"
          type="number"
          value={values.clusterRadiusMetres}
          onChange={(e) => set('clusterRadiusMetres')(e.target.value)}
          error={!!errors.clusterRadiusMetres}
          helperText={errors.clusterRadiusMetres ?? 'At most 1,000'}
        />
        <TextField
          label="Cluster window (hours)"
          type="number"
          value={values.clusterWindowHours}
          onChange={(e) => set('clusterWindowHours')(e.target.value)}
          error={!!errors.clusterWindowHours}
          helperText={errors.clusterWindowHours ?? ' '}
        />
        <ActionSelect
          label="A device or place cluster"
          value={values.clusterAction}
          options={SCAN_RULE_ACTIONS}
          error={errors.clusterAction}
          onChange={set('clusterAction')}
        />
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
