import { actionOf } from '@app/contract/endpoint';
import { formatCount } from '@app/contract/format';
import {
  type BulkVoucherAction,
  giftVouchersEndpoints,
  type VoucherBulkResult,
} from '@app/contract/gift-vouchers';
import { Button, useListContext, useUnselectAll } from 'react-admin';
import { call } from '../../app/api';
import { reasonField } from '../../components/ConfirmDialog';
import { useRowAction } from '../../components/use-row-action';

const VERBS: Record<BulkVoucherAction, { verb: string; past: string }> = {
  void: { verb: 'Void', past: 'voided' },
  expire: { verb: 'Expire', past: 'expired' },
};

const retire = giftVouchersEndpoints.retire;

const outcome = (action: BulkVoucherAction) => (r: VoucherBulkResult) => {
  const message = `${formatCount(r.changed)} ${VERBS[action].past}${r.skipped ? `, ${formatCount(r.skipped)} skipped (not available)` : ''}`;
  return r.changed === 0 ? { message, type: 'warning' as const } : message;
};

/** Void or expire the selected rows (the list's bulk action), after a confirmation with a reason. */
function SelectedAction({ action, resource }: { action: BulkVoucherAction; resource: string }) {
  const { selectedIds } = useListContext();
  const unselectAll = useUnselectAll(resource);
  const { verb } = VERBS[action];
  const run = useRowAction({
    action: actionOf(retire),
    title: `${verb} ${formatCount(selectedIds.length)} selected vouchers?`,
    text: 'Only available vouchers change; issued ones are left as they are. This cannot be undone.',
    verb,
    destructive: true,
    fields: [reasonField(true)],
    run: async (v) => {
      const result = await call(retire, {
        body: { action, ids: selectedIds as number[], reason: String(v.reason ?? '') },
      });
      unselectAll();
      return result;
    },
    done: outcome(action),
  });
  if (!run.allowed) return null;
  return (
    <>
      <Button label={`${verb} selected`} color="error" onClick={run.open} />
      {run.dialog}
    </>
  );
}

export const SelectedRetireButtons = ({ resource }: { resource: string }) => (
  <>
    <SelectedAction action="void" resource={resource} />
    <SelectedAction action="expire" resource={resource} />
  </>
);

/** Void or expire every available voucher the current filter selects (a filter is required). */
function FilterAction({ action }: { action: BulkVoucherAction }) {
  const { filterValues, total } = useListContext();
  const { verb } = VERBS[action];
  const filter = Object.fromEntries(
    Object.entries(filterValues as Record<string, unknown>).filter(
      ([, value]) => value !== '' && value != null,
    ),
  );
  const run = useRowAction({
    action: actionOf(retire),
    title: `${verb} every available voucher of this filter?`,
    text: `${formatCount(total ?? 0)} vouchers match the filter; the available ones among them will be ${VERBS[action].past}. This cannot be undone.`,
    verb: `${verb} ${formatCount(total ?? 0)} matching`,
    destructive: true,
    fields: [reasonField(true)],
    run: (v) =>
      call(retire, {
        body: { action, filter: filter as Record<string, string | number>, reason: String(v.reason ?? '') },
      }),
    done: outcome(action),
  });
  if (!run.allowed) return null;
  return (
    <>
      <Button
        label={`${verb} all matching`}
        color="error"
        onClick={run.open}
        disabled={Object.keys(filter).length === 0 || !total}
      />
      {run.dialog}
    </>
  );
}

export const FilterRetireButtons = () => (
  <>
    <FilterAction action="void" />
    <FilterAction action="expire" />
  </>
);
