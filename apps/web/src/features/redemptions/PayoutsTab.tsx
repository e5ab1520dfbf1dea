import { formatCount, formatDateTime, formatRupees } from '@app/contract/format';
import {
  PAYOUT_RAIL_LABELS,
  type PayoutBatchDetail,
  type PayoutBatchRow,
  payoutEndpoints,
} from '@app/contract/payouts';
import {
  Button,
  Chip,
  Dialog,
  DialogContent,
  Stack,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import { call, callBlobNamed } from '../../app/api';
import { useProfile } from '../../app/profile-context';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CutText } from '../../components/CutText';
import { DialogTitleWithClose } from '../../components/DialogTitleWithClose';
import { saveBlob } from '../../components/download';
import { LoadError } from '../../components/list/ListStates';
import { statusColour } from '../../components/StatusChip';
import { useEndpoint } from '../../components/use-api-get';
import { WideTable } from '../../components/WideTable';
import { BankResponseDialog } from './BankResponseDialog';
import { NewPayoutBatchDialog } from './NewPayoutBatchDialog';
import { VoucherProviderSection } from './VoucherProviderSection';

type Acting =
  | { kind: 'new' }
  | { kind: 'release' | 'cancel' | 'bankFile' | 'bankResponse'; batch: PayoutBatchRow }
  | null;

const who = (name: string | null, at: string | null) =>
  [name, at ? formatDateTime(at) : null].filter(Boolean).join(', ');

const BATCH_COLUMNS = [
  '#',
  'Rail',
  'Status',
  'Lines',
  'Total',
  'Paid',
  'Failed',
  'Pending',
  'Prepared',
  'Released',
];
const NUMERIC = new Set(['Lines', 'Total', 'Paid', 'Failed', 'Pending']);

/**
 * Approvals → Redemption → Payouts: batches of approved cash redemptions. One person prepares a
 * batch (chosen redemptions, or all approved up to an amount), another releases it; the lines are
 * then paid through the payout API and settle as the provider reports.
 */
export function PayoutsTab() {
  const { can } = useProfile();
  const notify = useNotify();
  const refresh = useRefresh();
  const [rows, setRows] = useState<PayoutBatchRow[] | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const [acting, setActing] = useState<Acting>(null);
  const [open, setOpen] = useState<PayoutBatchDetail | null>(null);
  const load = useCallback(() => {
    call(payoutEndpoints.list)
      .then((list) => {
        setRows(list);
        setError(null);
      })
      .catch((e: Error) => setError(e));
  }, []);
  useEffect(load, [load]);
  // The rails configured here and the redemptions waiting, for the new-batch dialog.
  const rails = useEndpoint(payoutEndpoints.rails);
  const reloadRails = rails.reload;
  const reload = useCallback(() => {
    load();
    reloadRails();
  }, [load, reloadRails]);
  const openLines = (b: PayoutBatchRow) =>
    call(payoutEndpoints.get, { params: { id: String(b.id) } }).then(setOpen, (e: Error) =>
      notify(`The lines of batch ${b.id} could not be loaded: ${e.message}`, { type: 'error' }),
    );

  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        {can('payouts.prepare') && (
          <Button variant="contained" disabled={!rails.data} onClick={() => setActing({ kind: 'new' })}>
            New payout batch
          </Button>
        )}
        <Button onClick={reload}>Refresh</Button>
      </Stack>
      {error && <LoadError subject="The payout batches" error={error} onRetry={load} />}
      {!error && rows?.length === 0 && (
        <Typography role="status" color="text.secondary" sx={{ p: 2 }}>
          No payout batches yet: prepare one from the approved cash redemptions.
        </Typography>
      )}
      {!error && rows && rows.length > 0 && (
        <WideTable label="Payout batches">
          <TableHead>
            <TableRow>
              {BATCH_COLUMNS.map((h) => (
                <TableCell key={h} align={NUMERIC.has(h) ? 'right' : 'left'}>
                  {h}
                </TableCell>
              ))}
              <TableCell>Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((b) => (
              <TableRow key={b.id} hover>
                <TableCell>{b.id}</TableCell>
                <TableCell>{PAYOUT_RAIL_LABELS[b.rail]}</TableCell>
                <TableCell>
                  <Chip size="small" label={b.status.replace(/_/g, ' ')} color={statusColour(b.status)} />
                </TableCell>
                <TableCell align="right">{formatCount(b.lines)}</TableCell>
                <TableCell align="right">{formatRupees(b.totalPaise)}</TableCell>
                <TableCell align="right">{formatCount(b.processed)}</TableCell>
                <TableCell align="right">{formatCount(b.failed)}</TableCell>
                <TableCell align="right">{formatCount(b.pending)}</TableCell>
                <TableCell>{who(b.createdBy, b.createdAt)}</TableCell>
                <TableCell>{who(b.releasedBy, b.releasedAt)}</TableCell>
                <TableCell>
                  <Button size="small" onClick={() => openLines(b)}>
                    Lines
                  </Button>
                  {b.status === 'draft' && can('payouts.release') && (
                    <Button size="small" onClick={() => setActing({ kind: 'release', batch: b })}>
                      Release
                    </Button>
                  )}
                  {b.rail === 'bank_file' && b.status !== 'draft' && b.status !== 'cancelled' && (
                    <>
                      {can('payouts.release') && b.status === 'released' && (
                        <Button size="small" onClick={() => setActing({ kind: 'bankFile', batch: b })}>
                          Bank file
                        </Button>
                      )}
                      {can('redemptions.pay') && (
                        <Button size="small" onClick={() => setActing({ kind: 'bankResponse', batch: b })}>
                          Upload bank response
                        </Button>
                      )}
                    </>
                  )}
                  {b.status === 'draft' && can('payouts.prepare') && (
                    <Button
                      size="small"
                      color="error"
                      onClick={() => setActing({ kind: 'cancel', batch: b })}
                    >
                      Cancel
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </WideTable>
      )}
      {acting?.kind === 'new' && rails.data && (
        <NewPayoutBatchDialog rails={rails.data} onDone={reload} onClose={() => setActing(null)} />
      )}
      {(acting?.kind === 'release' || acting?.kind === 'cancel') && (
        <ConfirmDialog
          title={`${acting.kind === 'release' ? 'Release' : 'Cancel'} payout batch ${acting.batch.id}`}
          text={
            acting.kind === 'release'
              ? `${formatCount(acting.batch.lines)} payouts, ${formatRupees(acting.batch.totalPaise)} in all, leave now. Each redemption is paid once.`
              : 'Its redemptions stay approved and can be put in another batch.'
          }
          verb={acting.kind === 'release' ? 'Release and pay' : 'Cancel batch'}
          destructive={acting.kind === 'cancel'}
          onSubmit={async () => {
            const endpoint = acting.kind === 'release' ? payoutEndpoints.release : payoutEndpoints.cancel;
            await call(endpoint, { params: { id: String(acting.batch.id) } });
            reload();
          }}
          onClose={() => setActing(null)}
        />
      )}
      {acting?.kind === 'bankFile' && (
        <ConfirmDialog
          title={`Bank file of payout batch ${acting.batch.id}`}
          text={`The HDFC ENet bulk-upload file of ${formatCount(acting.batch.lines)} transfers, ${formatRupees(acting.batch.totalPaise)} in all, with the members' account numbers. It is produced once: a later download is a numbered copy of the same file (each is recorded). Upload it to ENet once.`}
          verb="Download bank file"
          onSubmit={async () => {
            const { blob, fileName } = await callBlobNamed(payoutEndpoints.bankFile, {
              params: { id: String(acting.batch.id) },
            });
            saveBlob(blob, fileName ?? `payout-batch-${acting.batch.id}.txt`);
            reload();
          }}
          onClose={() => setActing(null)}
        />
      )}
      {acting?.kind === 'bankResponse' && (
        <BankResponseDialog
          batchId={acting.batch.id}
          onReconciled={() => {
            // The batch counts here, and the redemptions' statuses in the lists of the other tabs.
            reload();
            refresh();
          }}
          onClose={() => setActing(null)}
        />
      )}
      {open && (
        <Dialog open onClose={() => setOpen(null)} maxWidth="lg" fullWidth>
          <DialogTitleWithClose onClose={() => setOpen(null)}>Payout batch {open.id}</DialogTitleWithClose>
          <DialogContent>
            <WideTable label={`Lines of payout batch ${open.id}`}>
              <TableHead>
                <TableRow>
                  {['Redemption', 'Member', 'To', 'Mode', 'Amount', 'Status', 'UTR', 'Reason'].map((h) => (
                    <TableCell key={h} align={h === 'Amount' ? 'right' : 'left'}>
                      {h}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {open.items.map((l) => (
                  <TableRow key={l.id}>
                    <TableCell>{l.redemptionId}</TableCell>
                    <TableCell>
                      {l.memberName} ({l.memberCode})
                    </TableCell>
                    <TableCell>{l.payoutTo ?? ''}</TableCell>
                    <TableCell>{l.mode}</TableCell>
                    <TableCell align="right">{formatRupees(l.amountPaise)}</TableCell>
                    <TableCell>
                      <Chip size="small" label={l.status.replace(/_/g, ' ')} color={statusColour(l.status)} />
                    </TableCell>
                    <TableCell>{l.utr ?? ''}</TableCell>
                    <TableCell>
                      <CutText text={l.failureReason} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </WideTable>
          </DialogContent>
        </Dialog>
      )}
      <VoucherProviderSection />
    </Stack>
  );
}
