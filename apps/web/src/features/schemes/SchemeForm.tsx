import type { EndpointBody } from '@app/contract/endpoint';
import { todayInIndia } from '@app/contract/format';
import { INDIAN_STATES, MEMBER_TYPES } from '@app/contract/members';
import {
  SCHEME_FUNDERS,
  SCHEME_RULE_LABELS,
  SCHEME_RULES,
  SCHEMES_PAGE,
  type SchemeRow,
  schemeBody,
  schemesEndpoints,
} from '@app/contract/schemes';
import { segmentsEndpoints } from '@app/contract/segments';
import { Alert, Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { ApiError, call } from '../../app/api';
import { DayPicker } from '../../components/DayPicker';
import { fieldErrorsOf } from '../../components/field-errors';
import { useEndpoint } from '../../components/use-api-get';
import { useProductOptions } from '../../components/use-options';
import { SchemeHistory } from './SchemeRowActions';

export const schemePaths = {
  list: SCHEMES_PAGE,
  create: `${SCHEMES_PAGE}/create`,
  edit: (id: number | string) => `${SCHEMES_PAGE}/${id}/edit`,
};

type Form = {
  name: string;
  startsOn: string;
  endsOn: string;
  memberTypes: string[];
  states: string[];
  productIds: number[];
  rule: string;
  multiplier: string;
  bonusPoints: string;
  slabScans: string;
  sharePercent: string;
  budgetPoints: string;
  fundedBy: string;
  /** A segment to aim at ('' none) and its holdout share. */
  segmentId: string;
  holdoutPercent: string;
};

const fromRow = (r?: SchemeRow): Form => ({
  name: r?.name ?? '',
  startsOn: r?.startsOn ?? todayInIndia(),
  endsOn: r?.endsOn ?? todayInIndia(),
  memberTypes: r?.memberTypes ?? [],
  states: r?.states ?? [],
  productIds: r?.productIds ?? [],
  rule: r?.rule ?? 'multiplier',
  multiplier: r?.multiplier?.toString() ?? '',
  bonusPoints: r?.bonusPoints?.toString() ?? '',
  slabScans: r?.slabScans?.toString() ?? '',
  sharePercent: r?.sharePercent?.toString() ?? '',
  budgetPoints: r?.budgetPoints?.toString() ?? '',
  fundedBy: r?.fundedBy ?? '',
  segmentId: '',
  holdoutPercent: '0',
});

const numberOrNull = (v: string) => (v === '' ? null : Number(v));

/**
 * Only the chosen rule's own parameters are sent; the server refuses the others. The selects offer
 * only the contract's choices (rule, member types, states, funder), so the form's strings are those.
 */
function toBody({ segmentId, holdoutPercent, ...f }: Form): EndpointBody<typeof schemesEndpoints.create> {
  const share = f.rule === 'dealer_share' ? numberOrNull(f.sharePercent) : null;
  return {
    ...f,
    multiplier: f.rule === 'multiplier' ? numberOrNull(f.multiplier) : null,
    bonusPoints: f.rule === 'multiplier' || share !== null ? null : numberOrNull(f.bonusPoints),
    sharePercent: share,
    // No segment chosen: an edit keeps the scheme's campaign as it is.
    target: segmentId
      ? { segmentId: Number(segmentId), holdoutPercent: Number(holdoutPercent || 0) }
      : undefined,
    slabScans: f.rule === 'slab_bonus' ? numberOrNull(f.slabScans) : null,
    budgetPoints: numberOrNull(f.budgetPoints),
    fundedBy: f.fundedBy === '' ? null : f.fundedBy,
  } as EndpointBody<typeof schemesEndpoints.create>;
}

/** New scheme (`<page>/create`): a draft; a second person activates it. */
export function SchemeCreate() {
  return (
    <>
      <Typography variant="h5" component="h1">
        New scheme
      </Typography>
      <SchemeForm />
    </>
  );
}

/** Edit a draft scheme (`<page>/:id/edit`), with its history below. */
export function SchemeEdit() {
  const { id = '' } = useParams();
  const { data, error, reload } = useEndpoint(schemesEndpoints.one, { params: { id } });
  return (
    <>
      <Typography variant="h5" component="h1">
        {data ? `Edit ${data.name}` : 'Edit scheme'}
      </Typography>
      {error && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={reload}>
              Retry
            </Button>
          }
        >
          {error}
        </Alert>
      )}
      {data &&
        (data.status === 'draft' ? (
          <SchemeForm scheme={data} />
        ) : (
          <Alert severity="info">Only a draft can be edited; this scheme is {data.status}.</Alert>
        ))}
      {data && <SchemeHistory scheme={data} />}
    </>
  );
}

/** Create a draft scheme, or edit one (`scheme` given). Empty member types, states or SKUs mean all. */
function SchemeForm({ scheme }: { scheme?: SchemeRow }) {
  const notify = useNotify();
  const navigate = useNavigate();
  const back = () => navigate(schemePaths.list);
  const products = useProductOptions();
  const segments = useEndpoint(segmentsEndpoints.options);
  const [form, setForm] = useState<Form>(fromRow(scheme));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (patch: Partial<Form>) => setForm({ ...form, ...patch });
  const text = (
    name:
      | 'name'
      | 'startsOn'
      | 'endsOn'
      | 'multiplier'
      | 'bonusPoints'
      | 'slabScans'
      | 'sharePercent'
      | 'budgetPoints'
      | 'holdoutPercent',
  ) => ({
    value: form[name],
    onChange: (e: { target: { value: string } }) => set({ [name]: e.target.value }),
    error: Boolean(errors[name]),
    helperText: errors[name],
  });
  const fieldError = (prefix: string) =>
    Object.entries(errors).find(([k]) => k === prefix || k.startsWith(`${prefix}.`))?.[1];
  const save = async () => {
    const body = toBody(form);
    const local = fieldErrorsOf(schemeBody, body);
    if (local) {
      setErrors(local);
      return;
    }
    setErrors({});
    try {
      if (scheme) await call(schemesEndpoints.update, { params: { id: scheme.id }, body });
      else await call(schemesEndpoints.create, { body });
      notify(scheme ? 'Scheme saved' : 'Draft scheme created', { type: 'success' });
      back();
    } catch (e) {
      if (e instanceof ApiError && e.fields) setErrors(e.fields);
      else notify(e instanceof Error ? e.message : 'Something went wrong', { type: 'error' });
    }
  };
  const multi = (label: string, name: 'memberTypes' | 'states', choices: readonly string[]) => (
    <TextField
      select
      label={`${label} (none = all)`}
      value={form[name]}
      onChange={(e) => set({ [name]: e.target.value as unknown as string[] })}
      slotProps={{ select: { multiple: true } }}
      error={Boolean(fieldError(name))}
      helperText={fieldError(name)}
    >
      {choices.map((c) => (
        <MenuItem key={c} value={c}>
          {c}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Box
      component="form"
      aria-label={scheme ? `Edit ${scheme.name}` : 'New scheme'}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      sx={{ maxWidth: 640, mt: 2 }}
    >
      <Stack spacing={2}>
        <TextField label="Name" {...text('name')} />
        <Stack direction="row" spacing={2}>
          {(['startsOn', 'endsOn'] as const).map((name) => (
            <DayPicker
              key={name}
              label={name === 'startsOn' ? 'Starts on' : 'Ends on'}
              value={form[name]}
              onChange={(day) => set({ [name]: day })}
              error={Boolean(errors[name])}
              helperText={errors[name]}
            />
          ))}
        </Stack>
        {multi('Member types', 'memberTypes', MEMBER_TYPES)}
        {multi('States', 'states', INDIAN_STATES)}
        <TextField
          select
          label="SKUs (none = all)"
          value={form.productIds}
          onChange={(e) => set({ productIds: e.target.value as unknown as number[] })}
          slotProps={{ select: { multiple: true } }}
          error={Boolean(fieldError('productIds'))}
          helperText={fieldError('productIds')}
        >
          {products.map((p) => (
            <MenuItem key={p.id} value={p.id}>
              {p.sku} — {p.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Rule"
          value={form.rule}
          onChange={(e) => set({ rule: e.target.value })}
          error={Boolean(errors.rule)}
          helperText={errors.rule}
        >
          {SCHEME_RULES.map((r) => (
            <MenuItem key={r} value={r}>
              {SCHEME_RULE_LABELS[r]}
            </MenuItem>
          ))}
        </TextField>
        {form.rule === 'multiplier' && <TextField label="Multiplier" type="number" {...text('multiplier')} />}
        {form.rule === 'slab_bonus' && (
          <TextField label="Scans per slab" type="number" {...text('slabScans')} />
        )}
        {form.rule === 'dealer_share' && (
          <TextField
            label="Dealer share (% of the partner's points)"
            type="number"
            {...text('sharePercent')}
            helperText={errors.sharePercent ?? 'Or leave empty and give fixed points below'}
          />
        )}
        {form.rule !== 'multiplier' && (
          <TextField
            label={form.rule === 'dealer_share' ? 'Fixed points to the dealer per scan' : 'Bonus points'}
            type="number"
            {...text('bonusPoints')}
          />
        )}
        <TextField
          select
          label="Segment (none = everyone above)"
          value={form.segmentId}
          onChange={(e) => set({ segmentId: e.target.value })}
          error={Boolean(fieldError('target'))}
          helperText={
            fieldError('target') ?? (scheme?.segmentName ? `Now: ${scheme.segmentName}` : 'Frozen when saved')
          }
        >
          <MenuItem value="">None</MenuItem>
          {(segments.data ?? []).map((s) => (
            <MenuItem key={s.id} value={String(s.id)}>
              {s.name}
            </MenuItem>
          ))}
        </TextField>
        {form.segmentId && <TextField label="Holdout (%)" type="number" {...text('holdoutPercent')} />}
        <TextField label="Budget (points, empty: none)" type="number" {...text('budgetPoints')} />
        <TextField
          select
          label="Funded by"
          value={form.fundedBy}
          onChange={(e) => set({ fundedBy: e.target.value })}
          error={Boolean(errors.fundedBy)}
          helperText={errors.fundedBy ?? ' '}
        >
          <MenuItem value="">Not recorded</MenuItem>
          {SCHEME_FUNDERS.map((f) => (
            <MenuItem key={f} value={f}>
              {f === 'manufacturer' ? 'Manufacturer' : 'Distributor'}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {errors[''] && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errors['']}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button variant="contained" type="submit">
          Save draft
        </Button>
        <Button onClick={back}>Cancel</Button>
      </Stack>
    </Box>
  );
}
