import type { ActionId } from '@app/contract/actions';
import type { SettingRow, settingEndpoints } from '@app/contract/effective-settings';
import { actionOf } from '@app/contract/endpoint';
import { formatDateTime, todayInIndia } from '@app/contract/format';
import {
  Alert,
  Box,
  Card,
  CardContent,
  Stack,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useNotify } from 'react-admin';
import type { z } from 'zod';
import { call } from '../app/api';
import { useProfile } from '../app/profile-context';
import { ApproveRejectButtons } from './ApproveRejectButtons';
import { DayPicker } from './DayPicker';
import { fieldErrorsOf } from './field-errors';
import { LoadError } from './list/ListStates';
import { WideTable } from './WideTable';

/** Any setting's four endpoints (contract `settingEndpoints`). */
export type SettingEndpoints = ReturnType<
  typeof settingEndpoints<`/${string}`, string, ActionId, ActionId, z.ZodType, z.ZodType>
>;

export interface SettingColumn<Row> {
  label: string;
  align?: 'right';
  cell: (row: Row) => ReactNode;
}

/**
 * What a setting's request form gets from the tab: `submit` the values (the tab adds the day it takes
 * effect, checks the whole body against the contract's schema before any request, then sends it); the
 * field errors, the tab's own or the server's; the row in force; and the "From (IST)" date picker, to
 * place among the form's fields.
 */
export interface SettingFormProps<Row, Body> {
  submit: (values: Omit<Body, 'effectiveFrom'>) => Promise<void>;
  errors: Record<string, string>;
  current?: Row;
  effectiveFrom: ReactNode;
}

export interface EffectiveSettingTabProps<Row extends SettingRow, Body> {
  endpoints: SettingEndpoints;
  /** The table's heading and accessible name: "Caps and limits". */
  title: string;
  tableLabel?: string;
  /** The values' columns; From, Status, Requested by, Decided by and the decision follow. */
  columns: SettingColumn<Row>[];
  /** The "In force: …" text: the row in force, or none. */
  inForce: (row: Row | undefined) => string;
  /** What a change does, after the in-force text. */
  explanation: string;
  /** Who or what is decided, for the dialogs: "these caps and limits". */
  subject: string;
  /** The notices after a decision: "Limits approved" / "Limits rejected". */
  decided: { approved: string; rejected: string };
  /** The request form (shown to a role holding the request action). */
  form: (props: SettingFormProps<Row, Body>) => ReactNode;
  /** More of the tab below the history (e.g. the expiry liability). */
  children?: ReactNode;
  /** The row shown when nothing has been requested yet. */
  empty?: string;
}

/**
 * The web half of the effective-dated, maker-checker setting kit: the row in force, a request form,
 * the history with its pending requests, and Approve / Reject for a second person (the requester's
 * own buttons are disabled; the server refuses them too). Every list error offers Retry.
 */
export function EffectiveSettingTab<Row extends SettingRow, Body>(
  props: EffectiveSettingTabProps<Row, Body>,
) {
  const { endpoints } = props;
  const { can, profile } = useProfile();
  const notify = useNotify();
  const [rows, setRows] = useState<Row[]>();
  const [failed, setFailed] = useState<Error | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [effectiveFrom, setEffectiveFrom] = useState(todayInIndia);
  const [sending, setSending] = useState(false);
  const load = useCallback(() => {
    setFailed(null);
    (call(endpoints.list) as Promise<{ rows: Row[] }>).then(
      (answer) => setRows(answer.rows),
      (e: Error) => setFailed(e),
    );
  }, [endpoints]);
  useEffect(load, [load]);
  const decide = (id: number, kind: 'approve' | 'reject') => async (reason: string) => {
    await call(endpoints[kind], { params: { id: String(id) }, body: { reason: reason || null } });
    notify(kind === 'approve' ? props.decided.approved : props.decided.rejected, { type: 'success' });
    load();
  };
  const submit = async (values: Omit<Body, 'effectiveFrom'>) => {
    const body = { ...values, effectiveFrom };
    // The contract's own rules first: a wrong field is named at once, and nothing is sent.
    const local = endpoints.request.body
      ? fieldErrorsOf(endpoints.request.body, body, { nested: true })
      : null;
    if (local) {
      setErrors(local);
      return;
    }
    setSending(true);
    try {
      await call(endpoints.request, { body } as never);
      setErrors({});
      notify('Sent for approval', { type: 'success' });
      load();
    } catch (e) {
      const fields = (e as { fields?: Record<string, string> }).fields;
      if (fields) setErrors(fields);
      notify(e instanceof Error ? e.message : 'Something went wrong', { type: 'error' });
    } finally {
      setSending(false);
    }
  };
  const inForce = rows?.find((r) => r.inForce);
  if (failed) return <LoadError subject={props.title} error={failed} onRetry={load} />;
  const picker = (
    <DayPicker
      label="From (IST)"
      name="effectiveFrom"
      value={effectiveFrom}
      onChange={setEffectiveFrom}
      min={todayInIndia()}
      required
      size="medium"
      error={Boolean(errors.effectiveFrom)}
      helperText={errors.effectiveFrom ?? 'The day it takes effect'}
    />
  );
  return (
    <Stack spacing={2} aria-busy={sending || rows === undefined}>
      {rows && (
        <Alert severity="info">
          In force: {props.inForce(inForce)}. {props.explanation}
        </Alert>
      )}
      {rows && can(actionOf(endpoints.request)) && (
        <Box>
          {props.form({ submit, errors, effectiveFrom: picker, ...(inForce ? { current: inForce } : {}) })}
          {errors[''] && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {errors['']}
            </Alert>
          )}
        </Box>
      )}
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2">
            {props.title}
          </Typography>
          <WideTable label={props.tableLabel ?? props.title}>
            <TableHead>
              <TableRow>
                {props.columns.map((c) => (
                  <TableCell key={c.label} align={c.align}>
                    {c.label}
                  </TableCell>
                ))}
                <TableCell>From</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Requested by</TableCell>
                <TableCell>Decided by</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {rows?.map((r) => (
                <TableRow key={r.id}>
                  {props.columns.map((c) => (
                    <TableCell key={c.label} align={c.align}>
                      {c.cell(r)}
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
                    {r.status === 'pending' && can(actionOf(endpoints.approve)) && (
                      <ApproveRejectButtons
                        subject={props.subject}
                        disabled={r.requestedBy === profile?.id}
                        disabledReason="You requested this change; someone else must approve it"
                        onApprove={decide(r.id, 'approve')}
                        onReject={decide(r.id, 'reject')}
                      />
                    )}
                  </TableCell>
                </TableRow>
              ))}
              {rows?.length === 0 && (
                <TableRow>
                  <TableCell colSpan={props.columns.length + 5}>
                    {props.empty ?? 'No requests yet: the first one appears here when it is sent.'}
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </WideTable>
        </CardContent>
      </Card>
      {props.children}
    </Stack>
  );
}
