import { SCAN_FLAGS } from '@app/contract/coupon-scans';
import { actionOf, resourceOf } from '@app/contract/endpoint';
import { formatCount, formatDateTime } from '@app/contract/format';
import {
  scanHoldsEndpoints as e,
  SCAN_HOLD_STATUS_LABELS,
  SCAN_REVIEW_FILTER,
  type ScanReviewRow,
} from '@app/contract/scan-holds';
import { Chip, Stack } from '@mui/material';
import {
  Button,
  FunctionField,
  NumberInput,
  SearchInput,
  SelectInput,
  TextField,
  useRecordContext,
} from 'react-admin';
import { call } from '../../app/api';
import { useProfile } from '../../app/profile-context';
import { RecordHistory } from '../../components/audit/RecordHistory';
import { reasonField } from '../../components/ConfirmDialog';
import { DayInput } from '../../components/DayInput';
import { CountField, DateTimeField } from '../../components/fields';
import { dayEnd, dayStart, endDay, startDay } from '../../components/ist-range';
import { ListPage } from '../../components/list/ListPage';
import { useRowAction } from '../../components/use-row-action';

const label = (v: string) =>
  v === 'flagged'
    ? 'Flagged, not held'
    : (SCAN_HOLD_STATUS_LABELS[v as keyof typeof SCAN_HOLD_STATUS_LABELS] ?? v);

/**
 * QR Scan History → Review: flagged scans and held ones (a fraud rule's `hold`). The reviewer claims a
 * held scan, then clears it (its points become redeemable) or asks for a reversal with a reason, which
 * someone else approves or rejects. Each hold's history is under its row.
 */
export function ScanReviewTab() {
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder="Code or member" />,
    <SelectInput
      key="review"
      source="review"
      label="Review"
      choices={SCAN_REVIEW_FILTER.map((id) => ({ id, name: label(id) }))}
      alwaysOn
    />,
    <SelectInput
      key="flag"
      source="flag"
      label="Rule met"
      choices={SCAN_FLAGS.map((id) => ({ id, name: id.replace(/_/g, ' ') }))}
    />,
    <NumberInput key="memberId" source="memberId" label="Member ID" />,
    <DayInput key="from" source="from" label="From (IST)" parse={dayStart} format={startDay} />,
    <DayInput key="to" source="to" label="To (IST)" parse={dayEnd} format={endDay} />,
  ];
  return (
    <ListPage<ScanReviewRow>
      title={false}
      resource={resourceOf(e.list)}
      exportName="scan-review"
      storeKey="scan-review"
      disableSyncWithLocation
      filters={filters}
      filterDefaultValues={{ review: 'held' }}
      sort={{ field: 'id', order: 'DESC' }}
      empty="Nothing to review. Scans that meet a fraud rule appear here; held ones wait for a reviewer."
      rowClick="expand"
      expand={<HoldHistory />}
      isRowExpandable={(r) => r.holdId !== null}
      rowActions={(r) => <ReviewActions record={r} />}
      compact={{
        primary: (r) => `${r.code} · ${r.holdStatus ? label(r.holdStatus) : label('flagged')}`,
        secondary: (r) => `${r.memberCode ?? r.memberId} ${r.memberName ?? ''}`,
        tertiary: (r) => `${formatDateTime(r.createdAt)}${r.points ? ` · ${formatCount(r.points)} pts` : ''}`,
      }}
      columns={[
        <DateTimeField key="at" source="createdAt" label="When" />,
        <FunctionField
          key="member"
          label="Member"
          render={(r: ScanReviewRow) => `${r.memberCode ?? r.memberId} ${r.memberName ?? ''}`}
        />,
        <TextField key="code" source="code" sortable={false} />,
        <CountField key="pts" source="points" sortable={false} emptyText="—" />,
        <FunctionField
          key="rules"
          label="Rules met"
          render={(r: ScanReviewRow) => (
            <Stack direction="row" spacing={0.5}>
              {r.flags.map((f) => (
                <Chip key={f} size="small" color="warning" label={f.replace(/_/g, ' ')} />
              ))}
            </Stack>
          )}
        />,
        <FunctionField
          key="hold"
          label="Hold"
          render={(r: ScanReviewRow) =>
            r.holdStatus ? (
              <Chip
                size="small"
                label={label(r.holdStatus)}
                color={
                  r.holdStatus === 'cleared' ? 'success' : r.holdStatus === 'reversed' ? 'error' : 'warning'
                }
              />
            ) : (
              '—'
            )
          }
        />,
        <TextField key="claimed" source="claimedByName" label="Reviewer" sortable={false} emptyText="—" />,
        <TextField
          key="reason"
          source="reversalReason"
          label="Reversal reason"
          sortable={false}
          emptyText="—"
        />,
      ]}
    />
  );
}

function HoldHistory() {
  const record = useRecordContext<ScanReviewRow>();
  if (!record?.holdId) return null;
  return <RecordHistory entity="scan_holds" id={record.holdId} history={e.history} heading={false} />;
}

/** What the signed-in reviewer may do with this row now. */
function ReviewActions({ record }: { record: ScanReviewRow }) {
  const { profile } = useProfile();
  const me = profile?.id;
  const id = record.holdId ?? 0;
  const what = `${record.code} (${formatCount(record.heldPoints ?? 0)} points)`;
  const claim = useRowAction({
    action: actionOf(e.claim),
    title: `Claim ${what}?`,
    text: 'You become its reviewer: only you can clear it or ask for its reversal.',
    verb: 'Claim',
    run: () => call(e.claim, { params: { id } }),
    done: () => `You are reviewing ${record.code}`,
  });
  const clear = useRowAction({
    action: actionOf(e.clear),
    title: `Clear ${what}?`,
    text: 'The points become redeemable for the member.',
    verb: 'Clear',
    run: () => call(e.clear, { params: { id } }),
    done: () => `${record.code} cleared: the points are redeemable`,
  });
  const reverse = useRowAction({
    action: actionOf(e.requestReversal),
    title: `Ask to reverse ${what}?`,
    text: 'Someone else approves it; then the held points are taken back with a correcting entry.',
    verb: 'Ask to reverse',
    destructive: true,
    fields: [reasonField(true)],
    run: ({ reason }) => call(e.requestReversal, { params: { id }, body: { reason: String(reason).trim() } }),
    done: () => `Reversal of ${record.code} asked for`,
  });
  const approve = useRowAction({
    action: actionOf(e.approveReversal),
    title: `Reverse ${what}?`,
    text: `Reason given: ${record.reversalReason ?? ''}. The held points are taken back with a correcting entry.`,
    verb: 'Approve reversal',
    destructive: true,
    run: () => call(e.approveReversal, { params: { id }, body: {} }),
    done: () => `${record.code} reversed`,
  });
  const reject = useRowAction({
    action: actionOf(e.rejectReversal),
    title: `Reject the reversal of ${what}?`,
    text: 'The scan stays held with its reviewer.',
    verb: 'Reject reversal',
    fields: [reasonField(true)],
    run: ({ reason }) => call(e.rejectReversal, { params: { id }, body: { reason: String(reason).trim() } }),
    done: () => `Reversal of ${record.code} rejected`,
  });
  if (!record.holdId) return null;
  const held = record.holdStatus === 'held';
  const mine = record.claimedBy !== null && record.claimedBy === me;
  const asked = record.holdStatus === 'reversal_requested';
  return (
    <>
      {held && !mine && record.claimedBy === null && claim.allowed && (
        <Button label="Claim" onClick={claim.open} />
      )}
      {held && mine && clear.allowed && <Button label="Clear" onClick={clear.open} />}
      {held && mine && reverse.allowed && <Button label="Reverse" color="error" onClick={reverse.open} />}
      {asked && record.reversalRequestedBy !== me && approve.allowed && (
        <Button label="Approve reversal" color="error" onClick={approve.open} />
      )}
      {asked && record.reversalRequestedBy !== me && reject.allowed && (
        <Button label="Reject reversal" onClick={reject.open} />
      )}
      {claim.dialog}
      {clear.dialog}
      {reverse.dialog}
      {approve.dialog}
      {reject.dialog}
    </>
  );
}
