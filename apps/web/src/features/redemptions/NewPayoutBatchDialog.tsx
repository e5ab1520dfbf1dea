import {
  PAYOUT_RAIL_LABELS,
  type PayoutRail,
  type PayoutRailsAnswer,
  payoutBatchCreateBody,
  payoutEndpoints,
  upiRailNote,
} from '@app/contract/payouts';
import { Box } from '@mui/material';
import { call } from '../../app/api';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { fieldErrorsOf } from '../../components/field-errors';

const idsOf = (text: unknown) =>
  String(text ?? '')
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number);

/** The body of a new batch from the dialog's values (checked with the contract's schema before sending). */
const batchBody = (v: Record<string, unknown>) => {
  const ids = idsOf(v.ids);
  return {
    rail: v.rail as PayoutRail,
    ...(ids.length ? { ids } : {}),
    ...(v.upToRupees !== undefined && v.upToRupees !== '' ? { upToRupees: Number(v.upToRupees) } : {}),
  };
};

/**
 * Prepares a payout batch. Only the rails this server is configured for are offered, the first
 * (the payout API when there is one) chosen; a bank file pays bank accounts only, so the dialog says
 * what becomes of the UPI redemptions waiting.
 */
export function NewPayoutBatchDialog({
  rails,
  onDone,
  onClose,
}: {
  rails: PayoutRailsAnswer;
  onDone: () => void;
  onClose: () => void;
}) {
  const { upi } = rails.waiting;
  return (
    <ConfirmDialog
      title="New payout batch"
      text={
        <>
          Choose redemptions by number, or give an amount to take every approved cash redemption, oldest
          first, up to it. A second person releases the batch.
          {upi > 0 && (
            <Box component="span" role="note" sx={{ display: 'block', mt: 1, fontWeight: 500 }}>
              {upiRailNote(upi, rails.configured.includes('api'))}
            </Box>
          )}
        </>
      }
      verb="Prepare batch"
      fields={[
        {
          name: 'rail',
          label: 'Pay through',
          type: 'select',
          choices: rails.configured.map((r) => ({ id: r, name: PAYOUT_RAIL_LABELS[r] })),
          required: true,
        },
        { name: 'ids', label: 'Redemption numbers (comma-separated)' },
        { name: 'upToRupees', label: 'Or all approved up to ₹', type: 'number' },
      ]}
      initial={{ rail: rails.configured[0] }}
      validate={(v) =>
        idsOf(v.ids).some((id) => !Number.isInteger(id) || id < 1)
          ? { ids: 'Redemption numbers are whole numbers, separated by commas' }
          : fieldErrorsOf(payoutBatchCreateBody, batchBody(v))
      }
      onSubmit={async (v) => {
        await call(payoutEndpoints.create, { body: batchBody(v) });
        onDone();
      }}
      onClose={onClose}
    />
  );
}
