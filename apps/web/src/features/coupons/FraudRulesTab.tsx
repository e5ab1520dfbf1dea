import { formatCount, formatDateTime } from '@app/contract/format';
import {
  fraudRulesEndpoints as endpoints,
  FRAUD_ACTION_LABELS,
  FRAUD_ACTIONS,
  type FraudAction,
  type FraudRulesBody,
  type FraudRulesRow,
  SCAN_RULE_ACTIONS,
} from '@app/contract/fraud-rules';
import { Box, Button, MenuItem, Stack, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import {
  EffectiveSettingTab,
  type SettingColumn,
  type SettingFormProps,
} from '../../components/EffectiveSettingTab';

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

const COLUMNS: SettingColumn<FraudRulesRow>[] = [
  { label: 'Scans per member per hour', cell: perHourText },
  { label: 'Same PAN', cell: (r) => actionText(r.samePanAction) },
  { label: 'Same bank account', cell: (r) => actionText(r.sameBankAction) },
  { label: 'Same UPI id', cell: (r) => actionText(r.sameUpiAction) },
  { label: "Outside the distributor's state", cell: outsideStateText },
  { label: 'Invalid codes', cell: invalidCodesText },
  { label: 'Cluster', cell: clusterText },
];

/**
 * Fraud rules: scans per member per hour, a scan outside the distributor's state (the
 * state from the scan's coordinates, decided on the server) and invalid codes locking scanning (all
 * checked inside the scan), the same PAN, bank account or UPI id on another approved member (checked
 * at KYC approval), each with an action. Effective-dated; a change waits for a second person (the
 * setting kit, components/EffectiveSettingTab).
 */
export function FraudRulesTab() {
  return (
    <EffectiveSettingTab<FraudRulesRow, FraudRulesBody>
      endpoints={endpoints}
      title="Fraud rules"
      columns={COLUMNS}
      empty="No fraud rules have been requested yet."
      inForce={(row) =>
        row ? `${summary(row)} (from ${formatDateTime(row.effectiveFrom)})` : 'no fraud rules'
      }
      explanation="Flag: the scan is credited and flagged, a KYC match is shown to the reviewer. Hold: the scan is credited and its points wait on the Review tab; at KYC the approval is refused. Refuse: the scan is refused and its code stays active; the KYC approval is refused. The state of a scan is decided from its coordinates (a scan without them is not judged on state). Too many invalid codes lock the member's scanning for the lock time. A change applies from its date, after a second person approves it."
      subject="these fraud rules"
      decided={{ approved: 'Fraud rules approved', rejected: 'Fraud rules rejected' }}
      form={(props) => <RequestForm {...props} />}
    />
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

function RequestForm({
  submit: send,
  errors,
  current,
  effectiveFrom,
}: SettingFormProps<FraudRulesRow, FraudRulesBody>) {
  const [values, setValues] = useState(() => blank(current));
  useEffect(() => setValues(blank(current)), [current]);
  const set = (field: keyof ReturnType<typeof blank>) => (value: string) =>
    setValues((v) => ({ ...v, [field]: value }));
  // The tab adds the day from its "From (IST)" picker and checks the whole body against the contract
  // before anything is sent (a wrong field is named, nothing leaves).
  const submit = () =>
    send({
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
    });
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
        {effectiveFrom}
        <Button type="submit" variant="contained">
          Request change
        </Button>
      </Stack>
    </Box>
  );
}
