import { INDIAN_STATES, MEMBER_KYC_STATUSES, MEMBER_TYPES } from '@app/contract/members';
import { MESSAGE_LANGUAGES } from '@app/contract/messages';
import type { SegmentConditions } from '@app/contract/segments';
import { MenuItem, Stack, TextField } from '@mui/material';

/** The builder's form: text for lists ("Pune, Haveli"), numbers as text, selects for the closed sets. */
export type BuilderValues = Record<string, string | string[]>;

const list = (v: string | string[] | undefined) =>
  (typeof v === 'string' ? v.split(',') : (v ?? [])).map((s) => s.trim()).filter(Boolean);
const num = (v: string | string[] | undefined) =>
  typeof v === 'string' && v.trim() !== '' ? Number(v) : undefined;

/** The form's values as the contract's conditions (what the server compiles), empty ones left out. */
export function conditionsOf(v: BuilderValues): SegmentConditions {
  const c: Record<string, unknown> = {
    types: list(v.types),
    statuses: list(v.statuses),
    tiers: list(v.tiers),
    states: list(v.states),
    districts: list(v.districts),
    pincodes: list(v.pincodes),
    dealerCodes: list(v.dealerCodes),
    kycStatuses: list(v.kycStatuses),
    languages: list(v.languages),
    skus: list(v.skus),
    hasDealer: v.hasDealer === 'yes' ? true : v.hasDealer === 'no' ? false : undefined,
    registeredFrom: v.registeredFrom || undefined,
    registeredTo: v.registeredTo || undefined,
    balanceMin: num(v.balanceMin),
    balanceMax: num(v.balanceMax),
    expiringWithinDays: num(v.expiringWithinDays),
    expiringMin: num(v.expiringMin),
    scannedWithinDays: v.scan === 'within' ? num(v.scanDays) : undefined,
    notScannedForDays: v.scan === 'notFor' ? num(v.scanDays) : undefined,
  };
  return Object.fromEntries(
    Object.entries(c).filter(([, x]) => x !== undefined && !(Array.isArray(x) && x.length === 0)),
  ) as SegmentConditions;
}

/** Conditions back into the form (editing a saved segment). */
export function valuesOf(c: SegmentConditions): BuilderValues {
  const join = (x?: readonly (string | number)[]) => (x ?? []).join(', ');
  const text = (x?: number | string) => (x === undefined ? '' : String(x));
  return {
    types: [...(c.types ?? [])],
    statuses: [...(c.statuses ?? [])],
    states: [...(c.states ?? [])],
    kycStatuses: [...(c.kycStatuses ?? [])],
    languages: [...(c.languages ?? [])],
    tiers: join(c.tiers),
    districts: join(c.districts),
    pincodes: join(c.pincodes),
    dealerCodes: join(c.dealerCodes),
    skus: join(c.skus),
    hasDealer: c.hasDealer === true ? 'yes' : c.hasDealer === false ? 'no' : '',
    registeredFrom: c.registeredFrom ?? '',
    registeredTo: c.registeredTo ?? '',
    balanceMin: text(c.balanceMin),
    balanceMax: text(c.balanceMax),
    expiringWithinDays: text(c.expiringWithinDays),
    expiringMin: text(c.expiringMin),
    scan: c.scannedWithinDays ? 'within' : c.notScannedForDays ? 'notFor' : '',
    scanDays: text(c.scannedWithinDays ?? c.notScannedForDays),
  };
}

/** Where a server field error lands: `conditions.balanceMax` → the balanceMax input. */
const fieldOf: Record<string, string> = { scannedWithinDays: 'scanDays', notScannedForDays: 'scanDays' };

export function SegmentBuilder({
  values,
  onChange,
  errors,
}: {
  values: BuilderValues;
  onChange: (v: BuilderValues) => void;
  errors: Record<string, string>;
}) {
  const error = (name: string) =>
    Object.entries(errors).find(([k]) => {
      const key = k.replace(/^conditions\./, '').split('.')[0]!;
      return (fieldOf[key] ?? key) === name;
    })?.[1];
  const field = (name: string, label: string, help?: string, type = 'text') => (
    <TextField
      key={name}
      label={label}
      type={type}
      value={values[name] ?? ''}
      onChange={(e) => onChange({ ...values, [name]: e.target.value })}
      error={Boolean(error(name))}
      helperText={error(name) ?? help}
      size="small"
      fullWidth
      slotProps={type === 'date' ? { inputLabel: { shrink: true } } : undefined}
    />
  );
  const many = (name: string, label: string, options: readonly string[]) => (
    <TextField
      key={name}
      select
      label={label}
      value={(values[name] as string[] | undefined) ?? []}
      onChange={(e) => onChange({ ...values, [name]: e.target.value as unknown as string[] })}
      error={Boolean(error(name))}
      helperText={error(name) ?? 'Any when none chosen'}
      size="small"
      fullWidth
      slotProps={{ select: { multiple: true } }}
    >
      {options.map((o) => (
        <MenuItem key={o} value={o}>
          {o}
        </MenuItem>
      ))}
    </TextField>
  );
  const one = (name: string, label: string, options: [string, string][]) => (
    <TextField
      key={name}
      select
      label={label}
      value={values[name] ?? ''}
      onChange={(e) => onChange({ ...values, [name]: e.target.value })}
      size="small"
      fullWidth
    >
      {options.map(([id, text]) => (
        <MenuItem key={id} value={id}>
          {text}
        </MenuItem>
      ))}
    </TextField>
  );
  const row = (...children: React.ReactNode[]) => (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
      {children}
    </Stack>
  );
  return (
    <Stack spacing={1.5} sx={{ mt: 1 }}>
      {row(
        many('types', 'Member types', MEMBER_TYPES),
        many('statuses', 'Status', ['pending', 'approved', 'rejected', 'blocked']),
      )}
      {row(
        field('tiers', 'Tiers', 'e.g. Gold, Silver'),
        many('kycStatuses', 'KYC status', MEMBER_KYC_STATUSES),
      )}
      {row(many('states', 'States', INDIAN_STATES), field('districts', 'Districts', 'Comma separated'))}
      {row(
        field('pincodes', 'Pincodes', 'Comma separated'),
        many('languages', 'Language', MESSAGE_LANGUAGES),
      )}
      {row(
        field('dealerCodes', 'Partners of dealers', 'Dealer member codes, comma separated'),
        one('hasDealer', 'Has a dealer', [
          ['', 'Either'],
          ['yes', 'Yes'],
          ['no', 'No'],
        ]),
      )}
      {row(
        field('registeredFrom', 'Registered from', undefined, 'date'),
        field('registeredTo', 'Registered to', undefined, 'date'),
      )}
      {row(
        one('scan', 'Last scan', [
          ['', 'Any'],
          ['within', 'Scanned within'],
          ['notFor', 'Not scanned for'],
        ]),
        field('scanDays', 'Days', 'With "Last scan"', 'number'),
      )}
      {row(
        field('balanceMin', 'Balance at least', undefined, 'number'),
        field('balanceMax', 'Balance at most', undefined, 'number'),
      )}
      {row(
        field('expiringWithinDays', 'Points expiring within (days)', undefined, 'number'),
        field('expiringMin', 'Expiring points at least', 'Default 1', 'number'),
      )}
      {field('skus', 'Scanned SKUs', 'Comma separated; scanned at least one, ever')}
    </Stack>
  );
}
